// The hops a request passed, as reverse proxies record them: X-Forwarded-For (addresses, comma
// separated, each proxy appending the peer it saw) or Forwarded (RFC 7239: `for=` in each
// element, quoted when it has a port or is IPv6, `unknown` or `_obfuscated` when hidden). Listed
// from the client's end to the last proxy's; a hop that is not a readable address is undefined.
import { parseIp, type IpAddress } from '../../shared/ip-address.js';

/** An address as a header writes it: maybe with a port (`1.2.3.4:80`, `[::1]:80`). */
function hopAddress(text: string): IpAddress | undefined {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) return parseIp(bracketed[1]!);
  const withPort = /^([^:]+):\d+$/.exec(text);
  return parseIp(withPort ? withPort[1]! : text);
}

export function xForwardedForHops(header: string): Array<IpAddress | undefined> {
  return header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(hopAddress);
}

/** Splits on `separator` outside quoted strings. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '\\') {
      // A quoted pair (the backslash and the character after it, if any) is kept as it is.
      current += text.slice(i, i + 2);
      i++;
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === separator && !quoted) {
      parts.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts;
}

/** A lone `"` unquotes to "", which is no address either. */
function unquote(value: string): string {
  return value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1).replace(/\\(.)/g, '$1') : value;
}

export function forwardedHops(header: string): Array<IpAddress | undefined> {
  return splitOutsideQuotes(header, ',')
    .map((element) => element.trim())
    .filter((element) => element !== '')
    .map((element) => {
      for (const pair of splitOutsideQuotes(element, ';')) {
        const equals = pair.indexOf('=');
        if (equals === -1 || pair.slice(0, equals).trim().toLowerCase() !== 'for') continue;
        return hopAddress(unquote(pair.slice(equals + 1).trim()));
      }
      return undefined;
    });
}
