// Talks to the petition service over HTTP: GETs carry the api_key, POSTs are signed form bodies
// (docs/api.md "Signing a request"), every call is bounded by a timeout.
import { formEncode, signFormBody } from '../shared/signing.js';

export interface UpstreamAnswer {
  status: number;
  headers: Headers;
  body: string;
}

/** The service could not be reached or did not answer in time; carries no upstream internals. */
export class UpstreamUnavailable extends Error {
  constructor(readonly reason: 'unreachable' | 'timeout') {
    super(`petition service ${reason}`);
    this.name = 'UpstreamUnavailable';
  }
}

export interface UpstreamClientOptions {
  upstream: string;
  apiKey: string;
  secret: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

export class UpstreamClient {
  readonly #base: URL;
  readonly #options: UpstreamClientOptions;
  readonly #fetch: typeof fetch;

  constructor(options: UpstreamClientOptions) {
    this.#options = options;
    this.#base = new URL(options.upstream);
    this.#fetch = options.fetch ?? globalThis.fetch;
  }

  /** `path` is relative to the base URL, e.g. `/petitions/1/signatures`. */
  get(path: string, query: Iterable<readonly [string, string]> = []): Promise<UpstreamAnswer> {
    const search = formEncode([['api_key', this.#options.apiKey], ...query]);
    return this.#send(`${this.#base.href.replace(/\/$/, '')}${path}?${search}`, { method: 'GET' });
  }

  /**
   * A signed POST. The timestamp is taken now, so a caller that retries later calls this again
   * and gets a fresh signature (timestamps older than five minutes are refused). It keeps its
   * milliseconds (docs/api.md "Signing a request" accepts fractional seconds): two identical
   * requests within one second, such as a quick retry, would otherwise carry the same rsig and
   * be answered as one request sent twice.
   */
  async postSigned(path: string, fields: Iterable<readonly [string, string]>, authKey = ''): Promise<UpstreamAnswer> {
    const endpoint = `${this.#base.pathname.replace(/\/$/, '')}${path}`;
    const now = this.#options.now?.() ?? new Date();
    const body = await signFormBody(
      [
        ['api_key', this.#options.apiKey],
        ['timestamp', now.toISOString()],
        ['endpoint', endpoint],
        ...fields,
      ],
      this.#options.secret,
      authKey,
    );
    return this.#send(`${this.#base.origin}${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
  }

  async #send(url: string, init: RequestInit): Promise<UpstreamAnswer> {
    let response: Response;
    try {
      response = await this.#fetch(url, { ...init, signal: AbortSignal.timeout(this.#options.timeoutMs) });
      return { status: response.status, headers: response.headers, body: await response.text() };
    } catch (error) {
      const name = (error as Error).name;
      throw new UpstreamUnavailable(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'unreachable');
    }
  }
}

/** The `messages` of a failure body from the service; empty when the body is not one. */
export function upstreamMessages(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as { messages?: unknown };
    return Array.isArray(parsed.messages) ? parsed.messages.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}
