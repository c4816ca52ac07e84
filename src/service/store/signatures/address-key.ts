// How the signatures table keeps a signer's network address: the 16 bytes of its IPv6 form
// (IPv4 as IPv4-mapped, ::ffff:a.b.c.d) as 32 lower-case hex digits. Fixed width, so text order
// is address order on both engines, and a CIDR range is the plain text range BETWEEN low AND
// high, answered by an index (bulk invalidation, trending alerts).
import { formatIpv6, type IpAddress, type IpRange } from '../../../shared/ip-address.js';

const MAPPED_PREFIX = '00000000000000000000ffff';

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function addressKey(address: Pick<IpAddress, 'bytes'>): string {
  return address.bytes.length === 4 ? MAPPED_PREFIX + hex(address.bytes) : hex(address.bytes);
}

/** The address a key stands for, as text: dotted IPv4 for the IPv4 keys, else IPv6. */
export function addressOfKey(key: string): string {
  const bytes = Uint8Array.from(key.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  return key.startsWith(MAPPED_PREFIX) ? Array.from(bytes.subarray(12)).join('.') : formatIpv6(bytes);
}

/** Where IPv4 addresses are kept among the keys: ::ffff:0.0.0.0 to ::ffff:255.255.255.255. */
const IPV4_KEYS = { low: `${MAPPED_PREFIX}00000000`, high: `${MAPPED_PREFIX}ffffffff` };

/**
 * The lowest and highest key inside `range`, and the keys inside them it does not take: an IPv6
 * range holds IPv6 addresses only (src/shared/ip-address.ts), so one that spans the IPv4 keys
 * (`::/0`, `::/64`) skips them, as the block list does.
 */
export function rangeKeys(range: IpRange): { low: string; high: string; skipLow: string | null; skipHigh: string | null } {
  const low = Uint8Array.from(range.bytes);
  const high = Uint8Array.from(range.bytes);
  for (let bit = range.prefixLength; bit < range.bytes.length * 8; bit++) {
    const mask = 0x80 >> bit % 8;
    const index = bit >> 3;
    low[index] = low[index]! & ~mask;
    high[index] = high[index]! | mask;
  }
  const keys = { low: addressKey({ bytes: low }), high: addressKey({ bytes: high }) };
  const spansIpv4 = range.bytes.length === 16 && keys.low <= IPV4_KEYS.low && keys.high >= IPV4_KEYS.high;
  return { ...keys, skipLow: spansIpv4 ? IPV4_KEYS.low : null, skipHigh: spansIpv4 ? IPV4_KEYS.high : null };
}
