// Whether a callback comes from the service and is new (docs/api.md "Callbacks"): signed with
// this proxy's secret, stamped within 5 minutes of our clock, and a signature never seen before.
// A recorded callback sent again within its window is refused, so it cannot flip a key back.
import { CALLBACK_MAX_AGE_SECONDS, verifyCallbackSignature } from '../../shared/signing.js';
import type { SeenCallbackStore } from './seen-callback-store.js';

export type CallbackCheck =
  | { kind: 'valid'; /** X-Petition-Timestamp, Unix seconds of the service's clock. */ timestamp: number }
  | { kind: 'missing' | 'stale' | 'forged' | 'replayed' };

export class CallbackVerifier {
  readonly #secret: string;
  readonly #seen: SeenCallbackStore;
  readonly #now: () => number;

  constructor(secret: string, seen: SeenCallbackStore, now: () => number = Date.now) {
    this.#secret = secret;
    this.#seen = seen;
    this.#now = now;
  }

  async check(timestampHeader: string | undefined, signatureHeader: string | undefined, body: string): Promise<CallbackCheck> {
    const now = this.#now();
    const verdict = await verifyCallbackSignature(this.#secret, timestampHeader, signatureHeader, body, new Date(now));
    if (verdict !== 'valid') return { kind: verdict };
    const timestamp = Number(timestampHeader);
    // Kept a second past the window, in which the same signature would be refused as stale anyway.
    const expiresAt = (timestamp + CALLBACK_MAX_AGE_SECONDS + 1) * 1000;
    if (!(await this.#seen.remember(signatureHeader!, expiresAt, now))) return { kind: 'replayed' };
    return { kind: 'valid', timestamp };
  }
}
