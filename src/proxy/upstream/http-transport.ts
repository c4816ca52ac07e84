// The Node transport to the petition service (upstream-transport.ts): undici's request on a
// keep-alive Agent, one deadline per request covering connect, answer and body. undici (Node's
// own fetch is built on it) costs the proxy less CPU per request than node:http's ClientRequest,
// which was a fifth of the proxy's time per signature (docs/benchmarks.md "Through the proxy").
import { Agent, request } from 'undici';
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
  const idleMs = options.idleMs ?? IDLE_CONNECTION_MS;
  // Never longer than idleMs, whatever the service's Keep-Alive header says.
  const agent = new Agent({ keepAliveTimeout: idleMs, keepAliveMaxTimeout: idleMs });
  return {
    async send({ method, url, headers, body, timeoutMs }) {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), timeoutMs);
      try {
        const answer = await request(url, { method, headers, body, dispatcher: agent, signal: deadline.signal });
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of answer.body as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            answer.body.destroy();
            throw new UpstreamUnavailable('unreachable');
          }
          chunks.push(chunk);
        }
        const answerHeaders = answer.headers;
        return {
          status: answer.statusCode,
          header: (name) => {
            const value = answerHeaders[name];
            return Array.isArray(value) ? value.join(', ') : value;
          },
          body: Buffer.concat(chunks).toString('utf8'),
        };
      } catch (error) {
        if (error instanceof UpstreamUnavailable) throw error;
        // Only the reason: undici's errors name addresses and ports.
        throw new UpstreamUnavailable(deadline.signal.aborted ? 'timeout' : 'unreachable');
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      // Every kept connection is closed now; requests under way end as unreachable.
      void agent.destroy().catch(() => undefined);
    },
  };
}
