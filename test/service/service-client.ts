// A client of a service found only by its base URL (a child process, another instance): signed
// posts and the names it lists.
import { signFormBody } from '../../src/shared/signing.js';
import type { Pairs } from './harness.js';
import { signaturesPath } from './harness.js';

export async function signedPostTo(baseUrl: string, apiKey: string, secret: string, path: string, fields: Pairs, authKey = ''): Promise<Response> {
  const pairs: Pairs = [['api_key', apiKey], ...fields, ['timestamp', new Date().toISOString()], ['endpoint', path]];
  return fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: await signFormBody(pairs, secret, authKey),
  });
}

/** Every listed name, page by page (at most 100 pages of 100). */
export async function listedNames(baseUrl: string, apiKey: string, petitionId: number): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; page <= 100; page++) {
    const url = new URL(`${signaturesPath(petitionId)}?page=${page}&page_size=100&api_key=${apiKey}`, baseUrl);
    const body = (await (await fetch(url)).json()) as { signatures: { name: string }[]; next_page_endpoint: string | null };
    names.push(...body.signatures.map((signature) => signature.name));
    if (!body.next_page_endpoint) break;
  }
  return names;
}
