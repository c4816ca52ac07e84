// Which peers are this proxy's own reverse proxies (the trustProxy setting), and so which client
// address a request is counted against. The forwarded hops are read right to left, from the
// connection's peer back towards the client, and the walk stops at the first hop that is not a
// trusted proxy: everything left of it was written by the client, so a client's own header
// cannot choose its rate-limit bucket.
import { forwardedHops, xForwardedForHops } from './forwarded-headers.js';
import { inRange, parseIp, parseIpRange, type IpAddress, type IpRange } from '../../shared/ip-address.js';

/**
 * `"loopback"`: peers on this machine (nginx or Caddy in front); a list of addresses and CIDR
 * ranges (`"loopback"` may be one of them); or a hop count: that many reverse proxies in front,
 * whatever their addresses (0: none).
 */
export type TrustProxySetting = 'loopback' | readonly string[] | number;

export const DEFAULT_TRUST_PROXY: TrustProxySetting = 'loopback';

const LOOPBACK: IpRange[] = ['127.0.0.0/8', '::1/128'].map((range) => parseIpRange(range)!);

/** Whether the hop `hop` away from this proxy (0: the peer) at `address` is a trusted proxy. */
export type TrustRule = (address: IpAddress, hop: number) => boolean;

/** Whether an entry of a trustProxy list can be read: an address, a CIDR range or "loopback". */
export function isTrustEntry(entry: string): boolean {
  return entry === 'loopback' || parseIpRange(entry) !== undefined;
}

export function trustRule(setting: TrustProxySetting): TrustRule {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  const entries = setting === 'loopback' ? ['loopback'] : setting;
  const ranges = entries.flatMap((entry) => (entry === 'loopback' ? LOOPBACK : [parseIpRange(entry)!]));
  return (address) => ranges.some((range) => inRange(address, range));
}

export interface ForwardingHeaders {
  xForwardedFor: string | undefined;
  forwarded: string | undefined;
}

/**
 * The address a request is counted against. X-Forwarded-For is read when present, Forwarded
 * otherwise: the usual reverse proxies append to X-Forwarded-For and pass a Forwarded header the
 * client wrote untouched, so preferring Forwarded would let clients choose.
 */
export function clientAddress(peer: string, headers: ForwardingHeaders, trusted: TrustRule): string {
  const peerAddress = parseIp(peer);
  if (!peerAddress) return peer;
  if (!trusted(peerAddress, 0)) return peerAddress.text;
  const hops =
    headers.xForwardedFor !== undefined
      ? xForwardedForHops(headers.xForwardedFor)
      : headers.forwarded !== undefined
        ? forwardedHops(headers.forwarded)
        : [];
  let current = peerAddress;
  for (let index = hops.length - 1, hop = 1; index >= 0; index--, hop++) {
    const next = hops[index];
    // An unreadable hop ("unknown", a hidden name): the trusted proxy that wrote it is the
    // furthest address known.
    if (!next) return current.text;
    current = next;
    if (!trusted(current, hop)) return current.text;
  }
  return current.text;
}
