// The relay between the proxy and the service in the proxy's tests: a real HTTP server on
// loopback that counts and records what the proxy sends, and can answer in the service's place.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Forwards everything to the service's port; counts calls by `METHOD /path` (query left out) and
 * keeps what the proxy sent (URL and body), so tests can check what travels to the service.
 */
export class CountingRelay {
  readonly counts = new Map<string, number>();
  readonly sent: string[] = [];
  /** Each call's `X-Request-Id` as the proxy sent it, and as the service echoed it back (undefined for `answers`). */
  readonly requestIds: Array<{ key: string; sent: string | undefined; echoed: string | undefined }> = [];
  /**
   * Answers the relay gives itself instead of the service, by `METHOD /path`: a service answer
   * the real one cannot give yet (a closed petition, say), over real HTTP all the same.
   */
  readonly answers = new Map<string, { status: number; body: string; headers?: Record<string, string> }>();
  /** How long the service's answer is held back, by `METHOD /path`: a slow service. */
  readonly delays = new Map<string, number>();
  targetPort = 0;
  #server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    this.#server = createServer((req, res) => {
      const key = `${req.method} ${(req.url ?? '').split('?')[0]}`;
      this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => this.sent.push(`${req.method} ${req.url ?? ''} ${body}`));
      const canned = this.answers.get(key);
      if (canned) {
        this.requestIds.push({ key, sent: req.headers['x-request-id'] as string | undefined, echoed: undefined });
        req.on('end', () => res.writeHead(canned.status, { 'content-type': 'application/json', ...canned.headers }).end(canned.body));
        return;
      }
      const upstream = request(
        { host: '127.0.0.1', port: this.targetPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          // The answer's stream waits, unread, until it is piped.
          const echoed = answer.headers['x-request-id'];
          this.requestIds.push({ key, sent: req.headers['x-request-id'] as string | undefined, echoed: typeof echoed === 'string' ? echoed : undefined });
          setTimeout(() => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          }, this.delays.get(key) ?? 0);
        },
      );
      // The service being down looks to the proxy like a dropped connection, as it would in life.
      upstream.on('error', () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.#server.address() as AddressInfo).port;
  }

  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }

  reset(): void {
    this.counts.clear();
  }

  async close(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }
}
