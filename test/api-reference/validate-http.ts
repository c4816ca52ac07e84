// The node:http side of validate-fetch.ts: the proxy tests' stack talks to the proxy, and their
// relay to the service, with http.request. Answers are checked as they end; the body is only
// listened to when it is JSON and its reader is already reading it, so no caller's stream changes.
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import type { LiveAnswer } from './answer-check.js';

type Report = (answer: LiveAnswer) => Error | undefined;

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

function watch(request: ClientRequest, report: Report): void {
  request.on('response', (response: IncomingMessage) => {
    const headers = headersOf(response);
    const url = new URL(request.path, `http://${request.host.includes(':') ? `[${request.host}]` : request.host}`);
    const answer = (body: string | undefined): LiveAnswer => ({ method: request.method, url, status: response.statusCode ?? 0, headers, body });
    const fail = (mismatch: Error | undefined) => {
      if (mismatch) request.emit('error', mismatch);
    };
    const json = request.method !== 'HEAD' && /json/i.test(headers.get('content-type') ?? '');
    // This listener runs after the caller's own: only a body it is already reading is read along.
    if (!json || !(response.readableFlowing === true || response.listenerCount('data') > 0)) {
      fail(report(answer(undefined)));
      return;
    }
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer | string) => chunks.push(Buffer.from(chunk)));
    // Before the caller's 'end', so that a mismatch reaches it as the request's error.
    response.prependListener('end', () => fail(report(answer(Buffer.concat(chunks).toString('utf8')))));
  });
}

/**
 * The service's own callback deliveries (src/service/auth-keys/callback-request.ts) are left alone: their
 * receivers are whatever a test set up, and a webhook's answer is the receiver's, not a documented
 * server's. A test's own POST to the proxy's callback route carries the same headers, so only the
 * caller tells them apart.
 */
function isCallbackDelivery(): boolean {
  return new Error().stack?.includes('/src/service/auth-keys/callback-request.') ?? false;
}

/** Wraps http.request (and, through syncBuiltinESMExports, every `import { request } from 'node:http'`). */
export function installHttpClientCheck(isLocalHost: (hostname: string) => boolean, report: Report): void {
  const original = http.request;
  const checkedRequest = function (this: unknown, ...args: Parameters<typeof http.request>): ClientRequest {
    const request = (original as (...a: unknown[]) => ClientRequest).apply(this, args);
    if (isLocalHost(request.host) && !isCallbackDelivery()) watch(request, report);
    return request;
  };
  http.request = checkedRequest as typeof http.request;
  syncBuiltinESMExports();
}
