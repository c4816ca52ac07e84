// A per-client limit (signatures, uncached reads): counted per client network, so an IPv6
// visitor who picks a fresh address in their /64 for each request still has one allowance
// (src/shared/client-network.ts owns the rule; `ipv6Prefix` in the config sets the prefix).
import { networkKey } from '../../shared/client-network.js';
import { FixedWindowLimit, type FixedWindowLimitOptions, type RateDecision } from './rate-limit.js';

export interface ClientLimitOptions extends FixedWindowLimitOptions {
  ipv6Prefix: number;
}

export class ClientLimit {
  readonly #limit: FixedWindowLimit;
  readonly #ipv6Prefix: number;

  constructor(options: ClientLimitOptions) {
    const { ipv6Prefix, ...limit } = options;
    this.#limit = new FixedWindowLimit(limit);
    this.#ipv6Prefix = ipv6Prefix;
  }

  /** Takes one event for the network of `clientAddress` (client-address.ts). */
  take(clientAddress: string): Promise<RateDecision> {
    return this.#limit.take(networkKey(clientAddress, this.#ipv6Prefix));
  }
}
