// Which network a client counts as in every per-address rule of the proxy (src/proxy/visitors/,
// src/proxy/reads/read-budget.ts) and the service (src/service/limits/, the connection caps in
// src/shared/connection-limits.ts): an IPv4 client by its address, an IPv6 client by its prefix
// (a /64 by default), since one subscriber is handed a whole /64 and picks addresses in it freely.
import { formatIpv6, parseIp } from './ip-address.js';

/** One subscriber's IPv6 network (RFC 6177: end sites get a /64 at least). */
export const DEFAULT_IPV6_PREFIX = 64;
/** Wider than a /32 (a whole provider) or narrower than one address means nothing. */
const MIN_IPV6_PREFIX = 32;
const MAX_IPV6_PREFIX = 128;

/** What both servers say of a prefix setting that is not one (`--ipv6-prefix`, `ipv6Prefix`). */
export const IPV6_PREFIX_RULE = `must be a whole number from ${MIN_IPV6_PREFIX} to ${MAX_IPV6_PREFIX}`;

export function isIpv6Prefix(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= MIN_IPV6_PREFIX && value <= MAX_IPV6_PREFIX;
}

/**
 * The key a client address is counted under: dotted IPv4 (an IPv4-mapped IPv6 address is the
 * IPv4 it carries), or the IPv6 network of `ipv6Prefix` bits as `2001:db8:1:2::/64`. A value that
 * is not an address (a socket without one: "unknown") is its own key.
 */
export function networkKey(address: string, ipv6Prefix: number): string {
  const ip = parseIp(address);
  if (!ip) return address;
  if (ip.bytes.length === 4) return ip.text;
  const network = new Uint8Array(16);
  const fullBytes = Math.floor(ipv6Prefix / 8);
  network.set(ip.bytes.subarray(0, fullBytes));
  const restBits = ipv6Prefix % 8;
  if (restBits > 0) network[fullBytes] = ip.bytes[fullBytes]! & ((0xff << (8 - restBits)) & 0xff);
  return `${formatIpv6(network)}/${ipv6Prefix}`;
}
