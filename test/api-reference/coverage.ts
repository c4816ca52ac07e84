// For the coverage tests: requests sent over a bare socket (what fetch cannot send: TRACE, a
// malformed Content-Length, oversized headers, a request that never finishes), checked like any
// other answer; and the comparison of the answers documented with the answers produced.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { apiDocuments, documentedAnswers, type DocumentName } from './api-documents.js';
import { checkAnswer, checkedAnswers, mismatchOf, type LiveAnswer } from './answer-check.js';

function parseAnswer(method: string, url: URL, raw: Buffer): LiveAnswer {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine, ...headerLines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const headers = new Headers();
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  let body = raw.subarray(split + 4);
  if (headers.get('transfer-encoding') === 'chunked') {
    const parts: Buffer[] = [];
    for (let at = 0; ; ) {
      const end = body.indexOf('\r\n', at);
      const size = parseInt(body.subarray(at, end).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(end + 2, end + 2 + size));
      at = end + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  const json = method !== 'HEAD' && /json/.test(headers.get('content-type') ?? '');
  return { method, url, status: Number(statusLine!.split(' ')[1]), headers, body: json ? body.toString('utf8') : undefined };
}

/**
 * Sends `head` (request line and header lines, without the blank line that ends them) and then
 * `rest` over a new connection and reads the answer until the server closes it. With `rest`
 * undefined the request is never finished: the server's deadline answers it.
 */
export function rawRequest(port: number, method: string, path: string, head: string[], rest: string | undefined): Promise<LiveAnswer> {
  const text = [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', ...head].join('\r\n') + '\r\n';
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(rest === undefined ? text : `${text}\r\n${rest}`));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(parseAnswer(method, new URL(path, `http://127.0.0.1:${port}`), Buffer.concat(chunks))));
  });
}

/** Checks an answer that did not come through fetch or http.request; fails the test on a mismatch. */
export function assertDocumented(answer: LiveAnswer, expectedStatus: number): void {
  assert.equal(answer.status, expectedStatus, `${answer.method} ${answer.url.pathname}: ${answer.body ?? ''}`);
  const mismatch = mismatchOf(answer, checkAnswer(answer));
  if (mismatch) throw mismatch;
}

/**
 * The document lists exactly the answers the servers gave in this process: none it lists went
 * unproduced (but for `exempt`, each with its reason), and every one produced is listed.
 */
export function assertEveryAnswerProduced(name: DocumentName, exempt: ReadonlyMap<string, string>): void {
  const document = apiDocuments().find((candidate) => candidate.name === name)!;
  const documented = new Set(documentedAnswers(document));
  const produced = new Set(checkedAnswers.filter((answer) => answer.document === name).map((answer) => answer.documented!));
  const missing = [...documented].filter((answer) => !produced.has(answer) && !exempt.has(answer));
  const undocumented = [...produced].filter((answer) => !documented.has(answer));
  assert.deepEqual(missing, [], `${document.file} lists answers no request here produced`);
  assert.deepEqual(undocumented, [], `answers produced here that ${document.file} does not list`);
  for (const answer of exempt.keys()) assert.ok(documented.has(answer), `the exemption "${answer}" is not in ${document.file}`);
}
