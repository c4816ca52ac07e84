// How the proxy's calls reach the petition service. The Web-standard transport is `fetch` (edge
// runtimes, and tests that put a fault in its place); on Node, http-transport.ts sends the same
// requests through node:http with kept-alive connections, which costs a fraction of fetch's
// streams, abort signals and Web Request objects (docs/benchmarks.md "Proxy").

interface UpstreamRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface UpstreamAnswer {
  status: number;
  /** The headers the proxy reads (Retry-After, Content-Type, Date), by lower-case name. */
  header(name: string): string | undefined;
  body: string;
}

/** The service could not be reached or did not answer in time; carries no upstream internals. */
export class UpstreamUnavailable extends Error {
  constructor(readonly reason: 'unreachable' | 'timeout') {
    super(`petition service ${reason}`);
    this.name = 'UpstreamUnavailable';
  }
}

/** Sends one request; a failure to get an answer is an UpstreamUnavailable, nothing else. */
export interface UpstreamTransport {
  send(request: UpstreamRequest): Promise<UpstreamAnswer>;
  /** Lets go of kept-alive connections. */
  close(): void;
}

export function fetchTransport(fetcher: typeof fetch = globalThis.fetch): UpstreamTransport {
  return {
    async send({ method, url, headers, body, timeoutMs }) {
      try {
        const response = await fetcher(url, { method, headers, ...(body !== undefined ? { body } : {}), signal: AbortSignal.timeout(timeoutMs) });
        const text = await response.text();
        return { status: response.status, header: (name) => response.headers.get(name) ?? undefined, body: text };
      } catch (error) {
        const name = (error as Error).name;
        throw new UpstreamUnavailable(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable');
      }
    },
    close() {},
  };
}
