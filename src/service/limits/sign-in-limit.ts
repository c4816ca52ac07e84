// Failed console sign-ins are limited per client address and per operator email, in 15-minute
// windows: over either budget every attempt is refused unread, the right password too, so
// guessing gets nowhere and the answer does not tell whether a guess was right.
import { FixedWindowLimit } from './rate-limit.js';
import { networkKey } from '../../shared/client-network.js';

const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const FAILED_SIGN_INS_PER_ADDRESS = 10;
export const FAILED_SIGN_INS_PER_EMAIL = 20;

export class SignInLimit {
  private readonly byAddress = new FixedWindowLimit<string>(FAILED_SIGN_INS_PER_ADDRESS, SIGN_IN_WINDOW_MS);
  private readonly byEmail = new FixedWindowLimit<string>(FAILED_SIGN_INS_PER_EMAIL, SIGN_IN_WINDOW_MS);

  /** An IPv6 client is counted by this prefix (src/shared/client-network.ts). */
  constructor(private readonly ipv6Prefix: number) {}

  /** Seconds until this address may try this email again; 0 when it may now. */
  retryAfter(address: string, email: string, now = Date.now()): number {
    return Math.max(this.byAddress.retryAfter(networkKey(address, this.ipv6Prefix), now), this.byEmail.retryAfter(email.trim().toLowerCase(), now));
  }

  recordFailure(address: string, email: string, now = Date.now()): void {
    this.byAddress.count(networkKey(address, this.ipv6Prefix), now);
    this.byEmail.count(email.trim().toLowerCase(), now);
  }
}
