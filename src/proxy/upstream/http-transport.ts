// The Node transport to the petition service (upstream-transport.ts): node:http or node:https
// with a keep-alive agent, one deadline per request covering connect, answer and body.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { DEFAULT_CONNECTION_LIMITS } from '../../shared/connection-limits.js';
import { UpstreamUnavailable, type UpstreamTransport } from './upstream-transport.js';

/** An answer larger than this is not one of the service's (its pages are under 100 KB). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/**
 * A kept connection is let go after this long unused: before the service's own keep-alive
 * deadline (src/shared/connection-limits.ts), so a request is never sent on a connection the
 * service is closing at that moment, which would fail it as unreachable.
 */
export const IDLE_CONNECTION_MS = DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs - 1000;

export function httpTransport(options: { idleMs?: number } = {}): UpstreamTransport {
  const agentOptions = { keepAlive: true, timeout: options.idleMs ?? IDLE_CONNECTION_MS };
  const agents = { http: new HttpAgent(agentOptions), https: new HttpsAgent(agentOptions) };
  return {
    send({ method, url, headers, body, timeoutMs }) {
      const secure = url.startsWith('https:');
      const send = secure ? httpsRequest : httpRequest;
      return new Promise((resolve, reject) => {
        let settled = false;
        const fail = (reason: 'unreachable' | 'timeout') => {
          if (settled) return;
          settled = true;
          clearTimeout(deadline);
          outgoing.destroy();
          reject(new UpstreamUnavailable(reason));
        };
        const outgoing = send(
          url,
          {
            method,
            agent: secure ? agents.https : agents.http,
            headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          },
          (incoming: IncomingMessage) => {
            const chunks: Buffer[] = [];
            let size = 0;
            incoming.on('data', (chunk: Buffer) => {
              size += chunk.length;
              if (size > MAX_ANSWER_BYTES) return fail('unreachable');
              chunks.push(chunk);
            });
            incoming.on('error', () => fail('unreachable'));
            incoming.on('end', () => {
              if (settled) return;
              settled = true;
              clearTimeout(deadline);
              const answerHeaders = incoming.headers;
              resolve({
                status: incoming.statusCode ?? 502,
                header: (name) => {
                  const value = answerHeaders[name];
                  return Array.isArray(value) ? value.join(', ') : value;
                },
                body: Buffer.concat(chunks).toString('utf8'),
              });
            });
          },
        );
        const deadline = setTimeout(() => fail('timeout'), timeoutMs);
        outgoing.on('error', () => fail('unreachable'));
        outgoing.end(body);
      });
    },
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}
