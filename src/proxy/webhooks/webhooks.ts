// Delivers each accepted signature to the campaign's own endpoints (its CRM), per petition as
// configured: JSON with the signer's fields, the petition, the opt-ins with their exact words and
// version, the attribution, and an idempotency id; signed like the service's callbacks (timestamp
// + HMAC-SHA256 over `timestamp.body`, docs/api.md "Callbacks"). Stored before the signer's answer,
// retried with backoff for days, kept across restarts, and removed once delivered: the proxy holds
// a signer's data only until its owner has it.
import { callbackSignature } from '../../shared/signing.js';
import type { SignerInput } from '../../shared/signer-fields.js';
import type { Consent } from '../outbox/consent-check.js';
import type { WebhookDelivery, WebhookStore } from './webhook-store.js';

interface WebhookEndpoint {
  url: string;
  secret: string;
}

export interface WebhookTiming {
  /** The first retry after this, doubling, ±20 % jitter… */
  retryBaseMs: number;
  /** …never more than this apart… */
  retryMaxMs: number;
  /** …until this long after the signature; then the delivery is given up (and logged). */
  giveUpAfterMs: number;
  /** One attempt's deadline. */
  requestTimeoutMs: number;
}

export const DEFAULT_WEBHOOK_TIMING: WebhookTiming = {
  retryBaseMs: 10_000,
  retryMaxMs: 3_600_000,
  giveUpAfterMs: 7 * 24 * 3_600_000,
  requestTimeoutMs: 10_000,
};

/** Deliveries sent at once, at most: one slow endpoint must not hold the others. */
const MAX_IN_FLIGHT = 8;

/** The body a campaign's endpoint receives for one signature. */
export interface SignatureEvent {
  /** Unique per signature, the same for every endpoint and every retry: receivers deduplicate by it. */
  id: string;
  /** `signature.test`: a sample sent by `petition-embed proxy webhook test`, with made-up data. */
  type: 'signature.accepted' | 'signature.test';
  /** When the proxy accepted the signature (UTC ISO 8601). */
  created_at: string;
  petition: { id: number; source: string };
  signer: SignerInput;
  opt_ins: Consent['opt_ins'];
  attribution: Consent['attribution'];
  language: string | null;
}

export interface WebhooksOptions {
  store: WebhookStore;
  /** The endpoints of a petition, from the configuration. */
  endpointsOf: (petitionId: number) => readonly WebhookEndpoint[];
  /** The secret for a stored delivery's URL; undefined once the URL left the configuration. */
  secretFor: (url: string) => string | undefined;
  /** Called when something is due at `at` (epoch ms): the scheduler wakes `deliverDue` then. */
  wakeAt: (at: number) => void;
  log: (line: string) => void;
  timing?: WebhookTiming;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
}

/** Wait before attempt `attempts + 1`: base·2^(n-1), ±20 % jitter, never above the cap. */
export function webhookRetryDelay(attempts: number, timing: WebhookTiming, random = Math.random): number {
  const exponential = Math.min(timing.retryMaxMs, timing.retryBaseMs * 2 ** Math.min(attempts - 1, 30));
  return Math.min(timing.retryMaxMs, exponential * (0.8 + 0.4 * random()));
}

export class Webhooks {
  readonly #options: WebhooksOptions;
  readonly #timing: WebhookTiming;
  readonly #now: () => number;
  readonly #inFlight = new Map<number, Promise<void>>();

  constructor(options: WebhooksOptions) {
    this.#options = options;
    this.#timing = options.timing ?? DEFAULT_WEBHOOK_TIMING;
    this.#now = options.now ?? Date.now;
  }

  /** Stores one delivery per endpoint of the petition (none configured: nothing), then asks to be woken. */
  async accepted(petition: { id: number; source: string }, signer: SignerInput, consent: Consent): Promise<void> {
    const endpoints = this.#options.endpointsOf(petition.id);
    if (endpoints.length === 0) return;
    const now = this.#now();
    const event: SignatureEvent = {
      id: `sig_${crypto.randomUUID()}`,
      type: 'signature.accepted',
      created_at: new Date(now).toISOString(),
      petition,
      signer,
      opt_ins: consent.opt_ins,
      attribution: consent.attribution,
      language: consent.language ?? null,
    };
    await this.#options.store.add(event.id, JSON.stringify(event), endpoints.map((e) => e.url), now);
    this.#options.wakeAt(now);
  }

  /**
   * Sends what is due (up to a few at once) and asks to be woken for the next one. Returns once
   * the sends it started have ended, so a scheduler's drain() can await the work.
   */
  async deliverDue(): Promise<void> {
    const room = MAX_IN_FLIGHT - this.#inFlight.size;
    const due = room > 0 ? await this.#options.store.due(this.#now(), room, [...this.#inFlight.keys()]) : [];
    const started = due.map((delivery) => {
      const sending = this.#attempt(delivery).finally(() => this.#inFlight.delete(delivery.id));
      this.#inFlight.set(delivery.id, sending);
      return sending;
    });
    await Promise.all(started);
    const next = await this.#options.store.nextDueAt([...this.#inFlight.keys()]);
    if (next !== undefined) this.#options.wakeAt(next);
  }

  async #attempt(delivery: WebhookDelivery): Promise<void> {
    const secret = this.#options.secretFor(delivery.url);
    if (secret === undefined) {
      await this.#options.store.remove(delivery.id);
      this.#options.log(`webhook delivery ${delivery.id} dropped: its endpoint is no longer configured`);
      return;
    }
    const outcome = await postEvent(delivery.url, secret, delivery.eventId, delivery.payload, {
      timeoutMs: this.#timing.requestTimeoutMs,
      now: this.#now,
      ...(this.#options.fetch ? { fetch: this.#options.fetch } : {}),
    });
    if (outcome.startsWith('HTTP 2')) {
      await this.#options.store.remove(delivery.id);
      return;
    }
    const attempts = delivery.attempts + 1;
    const nextAttemptAt = this.#now() + webhookRetryDelay(attempts, this.#timing, this.#options.random);
    if (nextAttemptAt - delivery.createdAt > this.#timing.giveUpAfterMs) {
      await this.#options.store.remove(delivery.id);
      this.#options.log(`webhook delivery ${delivery.id} given up after ${attempts} attempts (${outcome})`);
      return;
    }
    await this.#options.store.reschedule(delivery.id, attempts, nextAttemptAt);
    this.#options.log(`webhook delivery ${delivery.id}: attempt ${attempts} failed (${outcome}), next in ${Math.round((nextAttemptAt - this.#now()) / 1000)} s`);
  }
}

export interface PostOptions {
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => number;
}

/**
 * One signed POST of an event to an endpoint; never follows a redirect (the body is a signer's
 * data). The outcome as text: `HTTP 204`, `timeout` or `unreachable`.
 */
export async function postEvent(url: string, secret: string, eventId: string, payload: string, options: PostOptions): Promise<string> {
  const timestamp = String(Math.floor((options.now ?? Date.now)() / 1000));
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: {
        'Content-Type': 'application/json',
        'Idempotency-Key': eventId,
        'X-Petition-Timestamp': timestamp,
        'X-Petition-Signature': await callbackSignature(secret, timestamp, payload),
      },
      body: payload,
    });
    await response.body?.cancel();
    return `HTTP ${response.status}`;
  } catch (error) {
    // The kind only: a message could quote the URL, which may carry a token.
    return (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable';
  }
}
