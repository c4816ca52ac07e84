// Request signing (rsig) and callback signatures (docs/api.md "Signing a request", "Callbacks"),
// on Web Crypto so the same code runs in the service, in the proxy on Node, and on edge runtimes.

const encoder = new TextEncoder();

function toHex(buffer: ArrayBuffer): string {
  let hex = '';
  for (const byte of new Uint8Array(buffer)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));
}

async function hmacSha256Hex(key: string, text: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(text)));
}

/**
 * Compares two strings in time that depends only on their lengths, so an attacker cannot learn
 * a signature byte by byte from response times.
 */
export function timingSafeEqualText(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let i = 0; i < length; i++) {
    difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return difference === 0;
}

/** Encodes pairs as application/x-www-form-urlencoded (spaces as '+'), in the given order. */
export function formEncode(pairs: Iterable<readonly [string, string]>): string {
  return new URLSearchParams([...pairs].map(([key, value]) => [key, value])).toString();
}

/**
 * The value of a JSON body's top-level field as it takes part in the request string: a string as
 * itself, null as nothing, anything else (a number, true, an object) as its JSON.
 */
function jsonFieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** For a JSON body: its top-level fields, in order and without `rsig`, form-encoded. */
export function jsonRequestString(body: Record<string, unknown>): string {
  return formEncode(
    Object.entries(body)
      .filter(([key]) => key !== 'rsig')
      .map(([key, value]) => [key, jsonFieldText(value)] as const),
  );
}

/** rsig = lowercase hex SHA-256 of REQUEST_STRING + SECRET + AUTH_KEY (empty for key requests). */
export function computeRsig(requestString: string, secret: string, authKey = ''): Promise<string> {
  return sha256Hex(requestString + secret + authKey);
}

/** computeRsig's formula, possibly computed otherwise (rsig-digest.ts: node:crypto on servers). */
export type RsigDigest = (requestString: string, secret: string, authKey: string) => string | Promise<string>;

/** Builds a signed form body: the pairs in order, then `rsig` as the last pair. */
export async function signFormBody(
  pairs: Iterable<readonly [string, string]>,
  secret: string,
  authKey = '',
  digest: RsigDigest = computeRsig,
): Promise<string> {
  const requestString = formEncode(pairs);
  const rsig = await digest(requestString, secret, authKey);
  return requestString === '' ? `rsig=${rsig}` : `${requestString}&rsig=${rsig}`;
}

/** How far a signed request's `timestamp` may be from the service's clock (docs/api.md "Signing a request"). */
export const TIMESTAMP_WINDOW_MS = 5 * 60_000;

/** `timestamp` parameter format: UTC ISO 8601 to the second, e.g. 2026-11-22T10:00:00Z. */
export function signingTimestamp(date = new Date()): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Value of the X-Petition-Signature header: HMAC-SHA256(secret, TIMESTAMP + "." + BODY). */
export async function callbackSignature(secret: string, timestamp: string, body: string): Promise<string> {
  return `sha256=${await hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
}

export const CALLBACK_MAX_AGE_SECONDS = 300;

export type CallbackVerdict = 'valid' | 'missing' | 'stale' | 'forged';

/**
 * Checks a callback's X-Petition-Timestamp / X-Petition-Signature headers against its raw body.
 * Timestamps further than five minutes from `now` either way are stale.
 */
export async function verifyCallbackSignature(
  secret: string,
  timestampHeader: string | null | undefined,
  signatureHeader: string | null | undefined,
  body: string,
  now: Date = new Date(),
): Promise<CallbackVerdict> {
  if (!timestampHeader || !signatureHeader) return 'missing';
  if (!/^\d{1,12}$/.test(timestampHeader)) return 'forged';
  const ageSeconds = Math.abs(now.getTime() / 1000 - Number(timestampHeader));
  if (ageSeconds > CALLBACK_MAX_AGE_SECONDS) return 'stale';
  const expected = await callbackSignature(secret, timestampHeader, body);
  return timingSafeEqualText(expected, signatureHeader) ? 'valid' : 'forged';
}
