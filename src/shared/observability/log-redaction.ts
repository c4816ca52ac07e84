// Which fields never reach a log line: a signer's personal data and every secret, found by key
// at any depth, whatever its spelling (`apiKey`, `api_key`, `X-Api-Key` are one key here), so a
// caller who passes a whole object by mistake still prints none of them.

/** Keys are compared lowercased with everything but letters and digits removed. */
const REDACTED_PARTS = [
  'email',
  'address',
  'phone',
  'postcode',
  'signername',
  'firstname',
  'lastname',
  'fullname',
  'apikey',
  'secret',
  'authkey',
  'token',
  'password',
  'authorization',
  'cookie',
] as const;

/** Too short to look for inside other keys (`hostname`), yet a signer's name when alone. */
const REDACTED_KEYS = ['name'] as const;

const REDACTED = '[redacted]';

/** Nesting deeper than this is not written at all: a log field is small by intent. */
const MAX_DEPTH = 4;

function isRedactedKey(key: string): boolean {
  const plain = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  return (REDACTED_KEYS as readonly string[]).includes(plain) || REDACTED_PARTS.some((part) => plain.includes(part));
}

export function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  return redactObject(fields, 0);
}

function redactObject(fields: Record<string, unknown>, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) result[key] = isRedactedKey(key) ? REDACTED : redactValue(value, depth + 1);
  return result;
}

function redactValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[deep]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  // An error's own message could quote a signer's data: only its kind and code.
  if (value instanceof Error) return { name: value.name, ...('code' in value ? { code: String(value.code) } : {}) };
  return redactObject(value as Record<string, unknown>, depth);
}
