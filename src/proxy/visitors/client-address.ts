// The address each request is counted against for the rate limits: the connection's peer (from
// the runtime's adapter), or, behind trusted reverse proxies, the client they forwarded for
// (trusted-proxies.ts). A reverse proxy nobody told us about shows up as one peer sending many
// different forwarded addresses; that is logged once, with how to configure it.
import { clientAddress, trustRule, type TrustProxySetting, type TrustRule } from './trusted-proxies.js';
import { parseIp } from '../../shared/ip-address.js';

/** Distinct forwarded values from one untrusted peer before the hint is logged. */
export const UNTRUSTED_FORWARDING_HINT_AT = 20;
/** Untrusted peers watched at once, so the watch itself stays small. */
const WATCHED_PEERS = 100;

export interface ClientAddressOptions {
  trustProxy: TrustProxySetting;
  log: (line: string) => void;
}

export class ClientAddresses {
  readonly #options: ClientAddressOptions;
  readonly #trusted: TrustRule;
  /** Per untrusted peer, the forwarded values seen; undefined once the hint was logged. */
  #watch: Map<string, Set<string>> | undefined = new Map();

  constructor(options: ClientAddressOptions) {
    this.#options = options;
    this.#trusted = trustRule(options.trustProxy);
  }

  /** The client of a request from its connection's peer address and its headers (as the Web Headers give them). */
  of(peer: string, header: (name: string) => string | undefined): string {
    const headers = { xForwardedFor: header('x-forwarded-for'), forwarded: header('forwarded') };
    const address = clientAddress(peer, headers, this.#trusted);
    if (this.#watch && (headers.xForwardedFor !== undefined || headers.forwarded !== undefined)) {
      const peerIp = parseIp(peer);
      // Only the start of each value is kept: enough to tell them apart, and the watch stays small.
      if (peerIp && !this.#trusted(peerIp, 0)) this.#notice(peerIp.text, `${headers.xForwardedFor ?? ''}|${headers.forwarded ?? ''}`.slice(0, 100));
    }
    return address;
  }

  #notice(peer: string, forwarded: string): void {
    const watch = this.#watch!;
    let seen = watch.get(peer);
    if (!seen) {
      if (watch.size >= WATCHED_PEERS) return;
      seen = new Set();
      watch.set(peer, seen);
    }
    seen.add(forwarded);
    if (seen.size < UNTRUSTED_FORWARDING_HINT_AT) return;
    this.#watch = undefined;
    this.#options.log(
      `client addresses: requests from ${peer} carry many different X-Forwarded-For/Forwarded addresses, but ${peer} is ` +
        `not a trusted reverse proxy, so they all share its rate limits. If it is your reverse proxy, add it to ` +
        `trustProxy in the config (e.g. "trustProxy": ["${peer}"]); see README.md "Behind a reverse proxy".`,
    );
  }
}
