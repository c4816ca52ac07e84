// Which callback endpoints the service may post to (docs/api.md "Authorization keys"): an http
// or https URL whose host is not, and does not resolve to, a loopback, private, link-local,
// unique-local, reserved or cloud metadata address, in any spelling. The URL parser already
// writes 0x7f000001, 127.1, 2130706433 and 0177.0.0.1 as 127.0.0.1; IPv4 inside IPv6
// (::ffff:…, NAT64, 6to4, ::a.b.c.d) is checked as the IPv4 address it carries.
import { lookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { parseIp } from '../../shared/ip-address.js';

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT; Alibaba's metadata service is 100.100.100.200
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local; AWS, GCP and Azure metadata at 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local; AWS's IPv6 metadata is fd00:ec2::254
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local, deprecated
  ['ff00::', 8], // multicast
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Refused at delivery: the code a failed attempt is logged with. */
const CALLBACK_ADDRESS_CODE = 'ECALLBACKADDRESS';

class CallbackAddressError extends Error {
  readonly code = CALLBACK_ADDRESS_CODE;
  override name = 'CallbackAddressError';
}

/** How long the check at request time waits for a name to resolve. */
const RESOLVE_TIMEOUT_MS = 3000;

/** True for an address the service may connect to: a public unicast one. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // IPv4 inside IPv6 (mapped, NAT64, 6to4, IPv4-compatible) is checked as the IPv4 it carries:
  // the same reading as the block ranges' (src/shared/ip-address.ts).
  const ip = parseIp(address);
  if (!ip) return false;
  if (ip.bytes.length === 4) return !NOT_PUBLIC.check(ip.text, 'ipv4');
  return !NOT_PUBLIC.check(ip.text, 'ipv6');
}

/** The host as a name or a bare address (the URL parser keeps IPv6 in brackets). */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** `localhost` and every name under it are this machine (RFC 6761), whatever a resolver says. */
function isLocalhostName(host: string): boolean {
  return /(^|\.)localhost\.?$/i.test(host);
}

/**
 * Every address `host` stands for, each one public, or a CallbackAddressError. A name with any
 * non-public address is refused: the connection could be made to that one. `resolve` is the
 * DNS lookup, replaceable so a test can give a name any answer without asking a resolver.
 */
export async function publicAddresses(
  host: string,
  timeoutMs = RESOLVE_TIMEOUT_MS,
  resolve: (host: string, timeoutMs: number) => Promise<LookupAddress[]> = resolveAll,
): Promise<LookupAddress[]> {
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw new CallbackAddressError('is a loopback, private, link-local or reserved address');
    return [{ address: host, family: isIP(host) }];
  }
  if (isLocalhostName(host)) throw new CallbackAddressError('names this machine (localhost)');
  const addresses = await resolve(host, timeoutMs);
  if (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address))) {
    throw new CallbackAddressError('resolves to a loopback, private, link-local or reserved address');
  }
  return addresses;
}

function resolveAll(host: string, timeoutMs: number): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new CallbackAddressError('could not be resolved in time')), timeoutMs);
    lookup(host, { all: true, verbatim: true }, (error, addresses) => {
      clearTimeout(timer);
      if (error) reject(new CallbackAddressError('could not be resolved'));
      else resolve(addresses);
    });
  });
}

/** The callback_endpoint rule at request time: null when it may be used, else the 400 message. */
export async function checkCallbackUrl(text: string, options: { allowPrivate: boolean }): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'callback_endpoint: must be an http or https URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'callback_endpoint: must be an http or https URL';
  if (options.allowPrivate) return null;
  try {
    await publicAddresses(bareHost(url));
    return null;
  } catch (error) {
    if (error instanceof CallbackAddressError) return `callback_endpoint: its host ${error.message}`;
    throw error;
  }
}
