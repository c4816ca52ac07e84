// Codes typed on the /confirm page (confirmation-code.ts) per client network (an IPv6 client by
// its prefix, src/shared/client-network.ts), in 15-minute windows: each try is counted before it
// is compared, right ones included, so guesses sent together are limited like guesses sent one
// by one. Counted in the database beside the sign-in attempts (database-window.ts): a restart
// forgets nothing, and N instances on one PostgreSQL database share one budget, not N.
import { networkKey } from '../../shared/client-network.js';
import type { Store } from '../store/store.js';
import { countAttempt } from './database-window.js';
import { SIGN_IN_WINDOW_MS } from './sign-in-limit.js';

/** As long as the sign-in window, so the upkeep that forgets ended sign-in windows forgets these too. */
const CODE_WINDOW_MS = SIGN_IN_WINDOW_MS;
const CODES_PER_ADDRESS = 20;

export class ConfirmationCodeLimit {
  constructor(
    private readonly store: Store,
    private readonly ipv6Prefix: number,
  ) {}

  /** Counts one try from `address`'s network; answers the seconds to wait instead when its budget is spent (nothing counted). */
  async take(address: string, now = Date.now()): Promise<number> {
    const budget = { kind: 'confirmation-code', value: networkKey(address, this.ipv6Prefix), limit: CODES_PER_ADDRESS };
    const decision = await countAttempt(this.store, [budget], CODE_WINDOW_MS, now);
    return decision.allowed ? 0 : decision.retryAfterSeconds;
  }
}
