// Loaded into every node --test process by scripts/test.js (`--import`, after tsx): every answer a
// test gets from a server on this machine, through fetch or node:http, is checked against the API
// reference in docs/openapi/ (answer-check.ts). A mismatch fails the request itself (fetch throws,
// a node:http request emits 'error'), and is reported again as the process exits, with a failing
// exit code, in case the caller caught it (the proxy takes a failed call to the service for an
// unreachable service, and queues the signature).
import { apiDocuments } from './api-documents.js';
import { checkAnswer, mismatchOf, type LiveAnswer } from './answer-check.js';
import { installHttpClientCheck } from './validate-http.js';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const INSTALLED = Symbol.for('petition-embed.api-reference-check');

/** The mismatches seen in this process, for the report at exit. */
const mismatches: string[] = [];

function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname);
}

/** Checks an answer; returns the mismatch (already recorded for the exit report) or undefined. */
function reportAnswer(answer: LiveAnswer): Error | undefined {
  const mismatch = mismatchOf(answer, checkAnswer(answer));
  if (mismatch) mismatches.push(mismatch.message);
  return mismatch;
}

function requestOf(input: RequestInfo | URL, init: RequestInit | undefined): { method: string; url: URL } {
  if (input instanceof Request) return { method: (init?.method ?? input.method).toUpperCase(), url: new URL(input.url) };
  return { method: (init?.method ?? 'GET').toUpperCase(), url: new URL(String(input)) };
}

/** The body's text when it is JSON and can be read whole; a non-JSON stream is never waited on. */
async function jsonText(response: Response, method: string): Promise<string | undefined> {
  if (method === 'HEAD' || !/json/i.test(response.headers.get('content-type') ?? '')) return undefined;
  try {
    return await response.clone().text();
  } catch {
    // The connection ended early (a 413 that closed it, say): the caller sees that too.
    return undefined;
  }
}

function installFetchCheck(): void {
  const originalFetch = globalThis.fetch;
  globalThis.fetch = async function checkedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const response = await originalFetch(input, init);
    const { method, url } = requestOf(input, init);
    if (!isLocalHost(url.hostname)) return response;
    const body = await jsonText(response, method);
    const mismatch = reportAnswer({ method, url, status: response.status, headers: response.headers, body });
    if (mismatch) throw mismatch;
    return response;
  };
}

const registry = globalThis as { [INSTALLED]?: true };
if (!registry[INSTALLED]) {
  registry[INSTALLED] = true;
  // Read now, before any test runs: parsing the YAML takes a few hundred milliseconds, which
  // must not land inside a test that times its requests.
  apiDocuments();
  installFetchCheck();
  installHttpClientCheck(isLocalHost, reportAnswer);
  process.on('exit', () => {
    if (mismatches.length === 0) return;
    process.stderr.write(`\n${mismatches.length} answer(s) did not match the API reference:\n${mismatches.join('\n')}\n`);
    process.exitCode = 1;
  });
}
