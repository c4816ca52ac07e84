// IP addresses and CIDR ranges as bytes: which peers are reverse proxies
// (src/proxy/visitors/trusted-proxies.ts), and which network a client counts as in the proxy's and
// the service's per-address rules. Written out rather than taken from node:net so that the rule
// runs on any runtime the proxy's Hono app runs on.

export interface IpAddress {
  /** 4 bytes for IPv4, 16 for IPv6. An IPv6 address carrying an IPv4 one (::ffff:1.2.3.4, 64:ff9b::1.2.3.4, 2002:102:304::) is read as that IPv4. */
  bytes: Uint8Array;
  /** The canonical spelling: dotted IPv4, or lower-case IPv6 with the longest run of zeros as `::`. */
  text: string;
}

function parseIpv4(text: string): Uint8Array | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const part = parts[i]!;
    // Leading zeros are refused: some readers take them as octal, so their meaning is unclear.
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return undefined;
    bytes[i] = Number(part);
  }
  return bytes;
}

function parseIpv6(text: string): Uint8Array | undefined {
  let body = text;
  const zone = body.indexOf('%');
  if (zone !== -1) body = body.slice(0, zone);
  let tail: Uint8Array | undefined;
  const lastColon = body.lastIndexOf(':');
  if (body.includes('.', lastColon)) {
    tail = parseIpv4(body.slice(lastColon + 1));
    if (!tail) return undefined;
    body = `${body.slice(0, lastColon + 1)}0:0`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 8; i++) {
    const group = all[i]!;
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  }
  if (tail) bytes.set(tail, 12);
  return bytes;
}

/**
 * Where an IPv6 address carries an IPv4 one, and from which bit: IPv4-mapped (::ffff:0:0/96),
 * NAT64's well-known prefix (64:ff9b::/96, RFC 6052), 6to4 (2002::/16, RFC 3056: bits 16 to 48)
 * and IPv4-compatible (::a.b.c.d, RFC 4291, deprecated; :: and ::1 stay IPv6). Each reaches that
 * IPv4 host, so every rule on addresses (block ranges, bulk invalidation, the per-network limits,
 * the callback check) reads it as that IPv4 address: one rule for all of them.
 */
const CARRIERS: { prefix: number[]; from: number; compatible?: true }[] = [
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], from: 96 },
  { prefix: [0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], from: 96 },
  { prefix: [0x20, 0x02], from: 16 },
  { prefix: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], from: 96, compatible: true },
];

/** The IPv4 address an IPv6 one carries, and the bit it starts at; undefined for plain IPv6. */
function carriedIpv4(v6: Uint8Array): { ipv4: Uint8Array; from: number } | undefined {
  const carrier = CARRIERS.find(({ prefix }) => prefix.every((byte, i) => v6[i] === byte));
  if (!carrier) return undefined;
  const ipv4 = v6.slice(carrier.from / 8, carrier.from / 8 + 4);
  // IPv4-compatible: the unspecified address and loopback are IPv6's own, not 0.0.0.0 and 0.0.0.1.
  if (carrier.compatible && ipv4[0] === 0 && ipv4[1] === 0 && ipv4[2] === 0 && ipv4[3]! <= 1) {
    return undefined;
  }
  return { ipv4, from: carrier.from };
}

export function formatIpv6(bytes: Uint8Array): string {
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[i * 2]! << 8) | bytes[i * 2 + 1]!);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

/** Reads an address as written in a header or by a socket; undefined when it is not one. */
export function parseIp(text: string): IpAddress | undefined {
  const v4 = parseIpv4(text);
  if (v4) return { bytes: v4, text: Array.from(v4).join('.') };
  const v6 = parseIpv6(text);
  if (!v6) return undefined;
  const carried = carriedIpv4(v6);
  if (carried) return { bytes: carried.ipv4, text: Array.from(carried.ipv4).join('.') };
  return { bytes: v6, text: formatIpv6(v6) };
}

export interface IpRange {
  bytes: Uint8Array;
  prefixLength: number;
}

/**
 * Reads `address/prefix` or a single address; undefined when it is neither. A range written in
 * a form that carries IPv4 (::ffff:10.0.0.0/104, 64:ff9b::a00:0/104, 2002:a00::/24) is the IPv4
 * range it carries; a shorter prefix than the carrier's own (2002::/15) is an IPv6 range. An IPv6
 * range holds IPv6 addresses only: `::/0` is every IPv6 signer and no IPv4 one.
 */
export function parseIpRange(text: string): IpRange | undefined {
  const slash = text.indexOf('/');
  const addressText = slash === -1 ? text : text.slice(0, slash);
  const prefix = slash === -1 ? undefined : text.slice(slash + 1);
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return undefined;
  const v4 = parseIpv4(addressText);
  if (v4) return checkedRange(v4, prefix === undefined ? 32 : Number(prefix));
  const v6 = parseIpv6(addressText);
  if (!v6) return undefined;
  const bits = prefix === undefined ? 128 : Number(prefix);
  if (bits > 128) return undefined;
  const carried = carriedIpv4(v6);
  if (carried && bits >= carried.from) return checkedRange(carried.ipv4, Math.min(bits - carried.from, 32));
  return checkedRange(v6, bits);
}

/** A range as the block list and the audit log write it: its address as written (IPv4 when it carries one), then its prefix. */
export function formatIpRange(range: IpRange): string {
  const address = range.bytes.length === 4 ? Array.from(range.bytes).join('.') : formatIpv6(range.bytes);
  return `${address}/${range.prefixLength}`;
}

function checkedRange(bytes: Uint8Array, prefixLength: number): IpRange | undefined {
  return prefixLength <= bytes.length * 8 ? { bytes, prefixLength } : undefined;
}

export function inRange(address: IpAddress, range: IpRange): boolean {
  if (address.bytes.length !== range.bytes.length) return false;
  const fullBytes = Math.floor(range.prefixLength / 8);
  for (let i = 0; i < fullBytes; i++) if (address.bytes[i] !== range.bytes[i]) return false;
  const restBits = range.prefixLength % 8;
  if (restBits === 0) return true;
  const mask = (0xff << (8 - restBits)) & 0xff;
  return (address.bytes[fullBytes]! & mask) === (range.bytes[fullBytes]! & mask);
}
