// Talks to the petition service over HTTP: GETs carry the api_key, POSTs are signed form bodies
// (docs/api.md "Signing a request"), every call is bounded by a timeout.
import { formEncode, signFormBody, type RsigDigest } from '../../shared/signing.js';
import { fetchTransport, type UpstreamAnswer, type UpstreamTransport } from './upstream-transport.js';

export { UpstreamUnavailable, type UpstreamAnswer } from './upstream-transport.js';

export interface UpstreamClientOptions {
  upstream: string;
  apiKey: string;
  secret: string;
  timeoutMs: number;
  /** How requests travel; default `fetch` (upstream-transport.ts), on Node http-transport.ts. */
  transport?: UpstreamTransport;
  /** How rsig is computed; default Web Crypto, on Node src/shared/rsig-digest.ts. */
  digest?: RsigDigest;
  now?: () => Date;
}

export class UpstreamClient {
  readonly #base: URL;
  readonly #options: UpstreamClientOptions;
  readonly #transport: UpstreamTransport;

  constructor(options: UpstreamClientOptions) {
    this.#options = options;
    this.#base = new URL(options.upstream);
    this.#transport = options.transport ?? fetchTransport();
  }

  /** `path` is relative to the base URL, e.g. `/petitions/1/signatures`. */
  get(path: string, query: Iterable<readonly [string, string]> = []): Promise<UpstreamAnswer> {
    const search = formEncode([['api_key', this.#options.apiKey], ...query]);
    return this.#transport.send({
      method: 'GET',
      url: `${this.#base.href.replace(/\/$/, '')}${path}?${search}`,
      headers: {},
      timeoutMs: this.#options.timeoutMs,
    });
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
      this.#options.digest,
    );
    return this.#transport.send({
      method: 'POST',
      url: `${this.#base.origin}${endpoint}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      timeoutMs: this.#options.timeoutMs,
    });
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
