// Codes typed on the /confirm page (confirmation-code.ts) per client network (an IPv6 client by
// its prefix, src/shared/client-network.ts), in 15-minute
// windows: each try is counted before it is compared, right ones included, so guesses sent
// together are limited like guesses sent one by one.
import { networkKey } from '../../shared/client-network.js';
import { FixedWindowLimit } from './rate-limit.js';

const CODE_WINDOW_MS = 15 * 60_000;
export const CODES_PER_ADDRESS = 20;

export class ConfirmationCodeLimit {
  private readonly byNetwork = new FixedWindowLimit<string>(CODES_PER_ADDRESS, CODE_WINDOW_MS);

  constructor(private readonly ipv6Prefix: number) {}

  /** Counts one try from `address`'s network; answers the seconds to wait instead when its budget is spent (nothing counted). */
  take(address: string, now = Date.now()): number {
    const network = networkKey(address, this.ipv6Prefix);
    const wait = this.byNetwork.retryAfter(network, now);
    if (wait === 0) this.byNetwork.count(network, now);
    return wait;
  }
}
