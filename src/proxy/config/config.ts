// The proxy's configuration: read and validated once at start into a typed object that is passed
// down. A bad file is refused with one message per bad or unknown field, so the operator can fix it in one go.
import * as v from 'valibot';
import { DEFAULT_TRUST_PROXY, isTrustEntry, type TrustProxySetting } from '../visitors/trusted-proxies.js';
import { LANGUAGE_TAG, OPT_IN_ID, OPT_INS_MAX, type OptIn } from '../../shared/consent.js';
import { DEFAULT_IPV6_PREFIX, IPV6_PREFIX_RULE, isIpv6Prefix } from '../../shared/client-network.js';

export interface PetitionConfig {
  id: number;
  /** Identifies this site to the service; one key is requested per (petition, source). */
  source: string;
  sourceDescription: string;
  requesterEmail: string;
  /** Checkboxes under the form, never ticked for the signer: what else they agree to hear. */
  optIns: OptIn[];
  /** The campaign's endpoints (its CRM) that receive each accepted signature, signed with `secret`. */
  webhooks: Array<{ url: string; secret: string }>;
  /**
   * The proof of work a signature needs (proof/proof-of-work.ts): the most SHA-256 tries its
   * challenge may take, half that on average; 0 turns it off.
   */
  proofOfWork: number;
}

/**
 * About half a second for half the signers in headless Chromium on the machine of
 * docs/benchmarks.md "Proof of work" (at most twice that), spent while the person types; a script
 * pays it for every signature.
 */
export const PROOF_OF_WORK_DEFAULT = 1_000_000;
/** About ten seconds at most in that browser, a minute on a slow phone: more would make people wait. */
export const PROOF_OF_WORK_MAX = 10_000_000;

export interface ProxyConfig {
  /** The service's base URL, e.g. http://127.0.0.1:4010/v1 (no trailing slash). */
  upstream: string;
  apiKey: string;
  secret: string;
  /** Where the service and browsers reach this proxy (no trailing slash). */
  publicUrl: string;
  /**
   * Where signers' browsers reach the petition service's own pages (its --public-url, no trailing
   * slash): the withdrawal link of the thank-you starts with it. Default: the origin of `upstream`.
   */
  servicePublicUrl: string;
  /** Origins (scheme://host[:port]) allowed to call the API; publicUrl's origin is always added. */
  allowedOrigins: string[];
  /**
   * Origins (scheme://host[:port]) allowed to frame the embed pages (src/proxy/embed/) besides
   * publicUrl's and allowedOrigins: hosts that show the form in an iframe and never call the API.
   */
  frameOrigins: string[];
  petitions: PetitionConfig[];
  operator: { name: string; termsUrl: string; privacyUrl: string };
  dataDir: string;
  rateLimit: {
    signaturesPerIpPerMinute: number;
    /**
     * Reads sent to the service (not served from the cache) per client address, and in all: the
     * service's budget per api_key (1,000 a minute by default) is shared with submissions, so
     * reads must stay well below it (read-budget.ts).
     */
    uncachedReadsPerIpPerMinute: number;
    uncachedReadsPerMinute: number;
    /**
     * Proof-of-work challenges per client address: a form asks for one when first touched and one
     * more for each proof refused, so a person needs a few; a script stockpiling them is stopped.
     */
    challengesPerIpPerMinute: number;
  };
  /**
   * Which peers are this proxy's reverse proxies, whose X-Forwarded-For / Forwarded entries are
   * believed (trusted-proxies.ts). Default "loopback".
   */
  trustProxy: TrustProxySetting;
  /** The bits of an IPv6 client's address that name the client in the rate limits (client-network.ts). */
  ipv6Prefix: number;
  /** How long reads are served from memory. */
  cacheSeconds: number;
  /** How long the last good answer of a read may be served while the service cannot answer. */
  staleForSeconds: number;
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

/** Why `value` is not an origin the proxy can allow (scheme://host[:port]), or undefined. */
export function originProblem(value: string): string | undefined {
  const result = v.safeParse(origin, value);
  return result.success ? undefined : result.issues[0].message;
}

const positiveInteger = v.pipe(
  v.number('must be a number'),
  v.integer('must be an integer'),
  v.minValue(1, 'must be at least 1'),
);

const optIn = v.strictObject({
  id: v.pipe(v.string('must be a string'), v.regex(OPT_IN_ID, 'must be lower-case letters, digits, - and _, at most 64')),
  label: v.pipe(
    v.record(v.pipe(v.string(), v.regex(LANGUAGE_TAG, 'must be language tags like en or pt-BR')), text, 'must be an object of texts by language'),
    v.check((labels) => labels['en'] !== undefined, 'must have an English (en) text, for every other language'),
  ),
  version: text,
});

const webhook = v.strictObject({
  url: httpUrl,
  // It signs signers' personal data: a guessable one would let anyone forge a delivery.
  secret: v.pipe(text, v.minLength(16, 'must be at least 16 characters')),
});

const petition = v.strictObject({
  id: positiveInteger,
  source: text,
  sourceDescription: text,
  requesterEmail: v.pipe(text, v.email('must be an email address')),
  optIns: v.optional(
    v.pipe(
      v.array(optIn, 'must be an array of opt-ins'),
      v.maxLength(OPT_INS_MAX, `must list at most ${OPT_INS_MAX}`),
      v.check((list) => new Set(list.map((entry) => entry.id)).size === list.length, 'must not list the same id twice'),
    ),
    [],
  ),
  webhooks: v.optional(v.array(webhook, 'must be an array of webhooks'), []),
  proofOfWork: v.optional(
    v.pipe(
      v.number('must be a number'),
      v.integer('must be an integer'),
      v.minValue(0, 'must be 0 (off) or more'),
      v.maxValue(PROOF_OF_WORK_MAX, `must be at most ${PROOF_OF_WORK_MAX}`),
    ),
    PROOF_OF_WORK_DEFAULT,
  ),
});

const configSchema = v.strictObject({
  upstream: httpUrl,
  apiKey: text,
  secret: text,
  publicUrl: httpUrl,
  servicePublicUrl: v.optional(httpUrl),
  allowedOrigins: v.optional(v.array(origin, 'must be an array of origins'), []),
  frameOrigins: v.optional(v.array(origin, 'must be an array of origins'), []),
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
      uncachedReadsPerIpPerMinute: v.optional(positiveInteger, 60),
      uncachedReadsPerMinute: v.optional(positiveInteger, 300),
      challengesPerIpPerMinute: v.optional(positiveInteger, 30),
      // Named rather than refused as unknown: an operator upgrading learns what replaced it.
      trustForwardedFor: v.optional(v.never('was replaced by trustProxy (see README.md "Behind a reverse proxy")')),
    }, 'must be an object'),
    {},
  ),
  trustProxy: v.optional(
    v.union(
      [
        v.literal('loopback'),
        v.array(v.pipe(v.string(), v.check(isTrustEntry, 'must be an address, a CIDR range (like 10.0.0.0/8) or "loopback"'))),
        v.pipe(v.number(), v.integer('must be a whole number of reverse proxies'), v.minValue(0, 'must be a number of reverse proxies from 0')),
      ],
      'must be "loopback", a list of addresses and CIDR ranges (like ["10.0.0.0/8"]), or a number of reverse proxies',
    ),
    DEFAULT_TRUST_PROXY,
  ),
  ipv6Prefix: v.optional(v.pipe(v.unknown(), v.check(isIpv6Prefix, IPV6_PREFIX_RULE), v.transform((value) => value as number)), DEFAULT_IPV6_PREFIX),
  cacheSeconds: v.optional(v.pipe(v.number('must be a number'), v.minValue(0, 'must be 0 or more')), 5),
  staleForSeconds: v.optional(v.pipe(v.number('must be a number'), v.minValue(0, 'must be 0 or more')), 86_400),
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
    servicePublicUrl: config.servicePublicUrl ?? new URL(config.upstream).origin,
    rateLimit: {
      signaturesPerIpPerMinute: config.rateLimit.signaturesPerIpPerMinute ?? 5,
      uncachedReadsPerIpPerMinute: config.rateLimit.uncachedReadsPerIpPerMinute ?? 60,
      uncachedReadsPerMinute: config.rateLimit.uncachedReadsPerMinute ?? 300,
      challengesPerIpPerMinute: config.rateLimit.challengesPerIpPerMinute ?? 30,
    },
  };
}

/** The proof of work a configured petition asks for (0 for a petition the config does not have). */
export function proofOfWorkOf(config: Pick<ProxyConfig, 'petitions'>, petitionId: number): number {
  return config.petitions.find((petition) => petition.id === petitionId)?.proofOfWork ?? 0;
}

/** The opt-ins a configured petition offers (none for a petition the config does not have). */
export function optInsOf(config: Pick<ProxyConfig, 'petitions'>, petitionId: number): OptIn[] {
  return config.petitions.find((petition) => petition.id === petitionId)?.optIns ?? [];
}
