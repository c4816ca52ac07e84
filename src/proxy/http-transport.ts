// The Node transport to the petition service (upstream-transport.ts): node:http or node:https
// with a keep-alive agent, one deadline per request covering connect, answer and body.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { UpstreamUnavailable, type UpstreamTransport } from './upstream-transport.js';

/** An answer larger than this is not one of the service's (its pages are under 100 KB). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export function httpTransport(): UpstreamTransport {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
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
