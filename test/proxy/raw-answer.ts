// An answer of the proxy as it went over the wire, for the tests of the listeners ahead of the
// app on Node (cached-read-listener.ts, submission-listener.ts), which must answer as the app does.
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  /** Header names as sent, with their values (Date left out: it moves). */
  headers: Array<[string, string]>;
  body: string;
}

export function rawRequest(base: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawAnswer> {
  const headers = init.body === undefined ? init.headers : { 'content-length': String(Buffer.byteLength(init.body)), ...init.headers };
  return new Promise((resolve, reject) => {
    const outgoing = request(`${base}${path}`, { method: init.method ?? 'GET', headers, agent: false }, (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => {
        const pairs: Array<[string, string]> = [];
        for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
          if (incoming.rawHeaders[i]!.toLowerCase() !== 'date') pairs.push([incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!]);
        }
        resolve({ status: incoming.statusCode ?? 0, headers: pairs, body });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}

/** The headers as a browser sees them: names without case, in no order. */
export function normalised(answer: RawAnswer): Record<string, string> {
  return Object.fromEntries(answer.headers.map(([name, value]) => [name.toLowerCase(), value]).sort());
}

/**
 * Whether a listener ahead of the app wrote the answer: they name headers as written in the code
 * (`Content-Type`), where the app's Node adapter sends the lower-case names of a Web Headers object.
 */
export function fromListener(answer: RawAnswer): boolean {
  return answer.headers.some(([name]) => name === 'Content-Type');
}
