// The proxy's configuration: read and validated once at start into a typed object that is passed
// down. A bad file is refused with one message per bad or unknown field, so the operator can fix it in one go.
import * as v from 'valibot';

export interface PetitionConfig {
  id: number;
  /** Identifies this site to the service; one key is requested per (petition, source). */
  source: string;
  sourceDescription: string;
  requesterEmail: string;
}

export interface ProxyConfig {
  /** The service's base URL, e.g. http://127.0.0.1:4010/v1 (no trailing slash). */
  upstream: string;
  apiKey: string;
  secret: string;
  /** Where the service and browsers reach this proxy (no trailing slash). */
  publicUrl: string;
  /** Origins (scheme://host[:port]) allowed to call the API; publicUrl's origin is always added. */
  allowedOrigins: string[];
  petitions: PetitionConfig[];
  operator: { name: string; termsUrl: string; privacyUrl: string };
  dataDir: string;
  rateLimit: {
    signaturesPerIpPerMinute: number;
    /**
     * Off by default: X-Forwarded-For can be forged by any client. Turn on only behind a
     * reverse proxy that sets it; the last address in the header (the one that proxy added) is used.
     */
    trustForwardedFor: boolean;
  };
  /** How long reads are served from memory. */
  cacheSeconds: number;
  /** How long a call to the service may take before the proxy gives up on it. */
  upstreamTimeoutMs: number;
}

export class ProxyConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid proxy configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ProxyConfigError';
  }
}

const text = v.pipe(v.string('must be a string'), v.trim(), v.nonEmpty('must not be empty'));

const httpUrl = v.pipe(
  text,
  v.check((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http or https URL'),
  v.transform((value) => value.replace(/\/+$/, '')),
);

const origin = v.pipe(
  httpUrl,
  v.check((value) => new URL(value).origin === value, 'must be an origin like https://www.example.org (no path)'),
);

const positiveInteger = v.pipe(
  v.number('must be a number'),
  v.integer('must be an integer'),
  v.minValue(1, 'must be at least 1'),
);

const petition = v.strictObject({
  id: positiveInteger,
  source: text,
  sourceDescription: text,
  requesterEmail: v.pipe(text, v.email('must be an email address')),
});

const configSchema = v.strictObject({
  upstream: httpUrl,
  apiKey: text,
  secret: text,
  publicUrl: httpUrl,
  allowedOrigins: v.optional(v.array(origin, 'must be an array of origins'), []),
  petitions: v.pipe(
    v.array(petition, 'must be an array of petitions'),
    v.minLength(1, 'must list at least one petition'),
    v.check(
      (list) => new Set(list.map((entry) => entry.id)).size === list.length,
      'must not list the same petition id twice',
    ),
  ),
  operator: v.strictObject({ name: text, termsUrl: httpUrl, privacyUrl: httpUrl }, 'must be an object'),
  dataDir: text,
  rateLimit: v.optional(
    v.strictObject({
      signaturesPerIpPerMinute: v.optional(positiveInteger, 5),
      trustForwardedFor: v.optional(v.boolean('must be true or false'), false),
    }, 'must be an object'),
    {},
  ),
  cacheSeconds: v.optional(v.pipe(v.number('must be a number'), v.minValue(0, 'must be 0 or more')), 5),
  upstreamTimeoutMs: v.optional(positiveInteger, 5000),
}, 'must be a JSON object');

/** An unknown field is usually a misspelt one, whose setting would otherwise be silently ignored. */
function problemOf(issue: v.BaseIssue<unknown>): string {
  if (issue.type === 'strict_object' && issue.expected === 'never') return 'is not a setting of the proxy (check its spelling)';
  return issue.input === undefined ? 'is required' : issue.message;
}

function fieldPath(issue: v.BaseIssue<unknown>): string {
  const keys = issue.path?.map((item) => item.key) ?? [];
  let path = '';
  for (const key of keys) path += typeof key === 'number' ? `[${key}]` : path ? `.${String(key)}` : String(key);
  return path || 'config';
}

/**
 * Validates a parsed config file. `PETITION_API_KEY` / `PETITION_API_SECRET` in `env` replace
 * the file's values, so the secret need not be written into a file at all.
 */
export function parseProxyConfig(json: unknown, env: Record<string, string | undefined> = {}): ProxyConfig {
  const input = typeof json === 'object' && json !== null && !Array.isArray(json) ? { ...json } : json;
  if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
    const record = input as Record<string, unknown>;
    if (env.PETITION_API_KEY) record.apiKey = env.PETITION_API_KEY;
    if (env.PETITION_API_SECRET) record.secret = env.PETITION_API_SECRET;
  }
  const result = v.safeParse(configSchema, input);
  if (!result.success) {
    // The values themselves are left out of the messages: one of them may be the secret.
    throw new ProxyConfigError(
      result.issues.map((issue) => `${fieldPath(issue)}: ${problemOf(issue)}`),
    );
  }
  const config = result.output;
  return {
    ...config,
    rateLimit: {
      signaturesPerIpPerMinute: config.rateLimit.signaturesPerIpPerMinute ?? 5,
      trustForwardedFor: config.rateLimit.trustForwardedFor ?? false,
    },
  };
}
