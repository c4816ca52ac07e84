// Codes typed on the /confirm page (confirmation-code.ts) per client address, in 15-minute
// windows: each try is counted before it is compared, right ones included, so guesses sent
// together are limited like guesses sent one by one.
import { FixedWindowLimit } from './rate-limit.js';

const CODE_WINDOW_MS = 15 * 60_000;
export const CODES_PER_ADDRESS = 20;

export class ConfirmationCodeLimit {
  private readonly byAddress = new FixedWindowLimit<string>(CODES_PER_ADDRESS, CODE_WINDOW_MS);

  /** Counts one try from `address`; answers the seconds to wait instead when its budget is spent (nothing counted). */
  take(address: string, now = Date.now()): number {
    const wait = this.byAddress.retryAfter(address, now);
    if (wait === 0) this.byAddress.count(address, now);
    return wait;
  }
}
