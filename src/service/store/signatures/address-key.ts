// How the signatures table keeps a signer's network address: the 16 bytes of its IPv6 form
// (IPv4 as IPv4-mapped, ::ffff:a.b.c.d) as 32 lower-case hex digits. Fixed width, so text order
// is address order on both engines, and a CIDR range is the plain text range BETWEEN low AND
// high, answered by an index (bulk invalidation, trending alerts).
import type { IpAddress, IpRange } from '../../../shared/ip-address.js';

const MAPPED_PREFIX = '00000000000000000000ffff';

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function addressKey(address: Pick<IpAddress, 'bytes'>): string {
  return address.bytes.length === 4 ? MAPPED_PREFIX + hex(address.bytes) : hex(address.bytes);
}

/** The lowest and highest key inside `range`. */
export function rangeKeys(range: IpRange): { low: string; high: string } {
  const low = Uint8Array.from(range.bytes);
  const high = Uint8Array.from(range.bytes);
  for (let bit = range.prefixLength; bit < range.bytes.length * 8; bit++) {
    const mask = 0x80 >> bit % 8;
    const index = bit >> 3;
    low[index] = low[index]! & ~mask;
    high[index] = high[index]! | mask;
  }
  return { low: addressKey({ bytes: low }), high: addressKey({ bytes: high }) };
}
