// IP addresses and CIDR ranges as bytes: which peers are reverse proxies
// (src/proxy/visitors/trusted-proxies.ts), and which network a client counts as in the proxy's and
// the service's per-address rules. Written out rather than taken from node:net so that the rule
// runs on any runtime the proxy's Hono app runs on.

export interface IpAddress {
  /** 4 bytes for IPv4, 16 for IPv6. An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is read as IPv4. */
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

const MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

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
  if (MAPPED_PREFIX.every((byte, i) => v6[i] === byte)) {
    const mapped = v6.slice(12);
    return { bytes: mapped, text: Array.from(mapped).join('.') };
  }
  return { bytes: v6, text: formatIpv6(v6) };
}

export interface IpRange {
  bytes: Uint8Array;
  prefixLength: number;
}

/** Reads `address/prefix` or a single address; undefined when it is neither. */
export function parseIpRange(text: string): IpRange | undefined {
  const slash = text.indexOf('/');
  const address = parseIp(slash === -1 ? text : text.slice(0, slash));
  if (!address) return undefined;
  const bits = address.bytes.length * 8;
  if (slash === -1) return { bytes: address.bytes, prefixLength: bits };
  const prefix = text.slice(slash + 1);
  if (!/^\d{1,3}$/.test(prefix)) return undefined;
  // An IPv4-mapped range (::ffff:10.0.0.0/104) is the IPv4 range it maps.
  const length = Number(prefix) - (address.bytes.length === 4 && text.includes(':') ? 96 : 0);
  if (length < 0 || length > bits) return undefined;
  return { bytes: address.bytes, prefixLength: length };
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
