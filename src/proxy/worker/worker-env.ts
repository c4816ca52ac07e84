// What the Worker and its Durable Object get from wrangler (deploy/workers/wrangler.jsonc): the
// bindings, the configuration as a JSON var and the secrets (`wrangler secret put`), read into
// the same ProxyConfig the Node proxy reads from its file (config/config.ts).
import * as v from 'valibot';
import { parseProxyConfig, ProxyConfigError, type ProxyConfig } from '../config/config.js';

export interface WorkerEnv {
  /** The proxy's one Durable Object (proxy-object.ts). */
  PROXY: DurableObjectNamespace;
  /** The built elements (dist/), served through the Worker (run_worker_first). */
  ASSETS: Fetcher;
  /** The config file's content, as a JSON object (or its text), without the secrets. */
  PROXY_CONFIG: unknown;
  /** Shorter background timings than the defaults (tests); see TIMING below. */
  PROXY_TIMING?: unknown;
  /** Secrets: PETITION_API_KEY, PETITION_API_SECRET and each webhook's `secretName`. */
  [secret: string]: unknown;
}

/**
 * A webhook's secret signs signers' data, so it is not written into the var: the var's entry
 * names a secret instead (`"secretName": "CRM_WEBHOOK_SECRET"`), set with `wrangler secret put`.
 */
function withWebhookSecrets(json: unknown, env: WorkerEnv): unknown {
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { petitions?: unknown }).petitions)) return json;
  const problems: string[] = [];
  const petitions = ((json as { petitions: unknown[] }).petitions).map((petition, index) => {
    const webhooks = (petition as { webhooks?: unknown }).webhooks;
    if (!Array.isArray(webhooks)) return petition;
    return {
      ...(petition as object),
      webhooks: webhooks.map((webhook, at) => {
        const { secretName, ...rest } = webhook as { secretName?: unknown };
        if (typeof secretName !== 'string') return webhook;
        const secret = env[secretName];
        if (typeof secret !== 'string') problems.push(`petitions[${index}].webhooks[${at}].secretName: no secret ${secretName} (wrangler secret put ${secretName})`);
        return { ...rest, secret };
      }),
    };
  });
  if (problems.length > 0) throw new ProxyConfigError(problems);
  return { ...json, petitions };
}

/** Reads the configuration; throws ProxyConfigError (naming fields and secrets, never their values). */
export function workerConfig(env: WorkerEnv): ProxyConfig {
  let json = env.PROXY_CONFIG;
  if (typeof json === 'string') {
    try {
      json = JSON.parse(json);
    } catch {
      throw new ProxyConfigError(['PROXY_CONFIG: must be a JSON object']);
    }
  }
  // No folder here: the Durable Object's storage holds the state, so dataDir is not asked for.
  const withDataDir = typeof json === 'object' && json !== null ? { dataDir: 'durable-object', ...json } : json;
  const secrets = { PETITION_API_KEY: stringOr(env.PETITION_API_KEY), PETITION_API_SECRET: stringOr(env.PETITION_API_SECRET) };
  return parseProxyConfig(withWebhookSecrets(withDataDir, env), secrets);
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

const milliseconds = v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)));

/** The Node proxy's ProxyOptions timings (src/proxy/index.ts), all optional. */
const TIMING = v.strictObject({
  retryBaseMs: milliseconds,
  retryMaxMs: milliseconds,
  keyPollMs: milliseconds,
  readPauseMs: milliseconds,
  logSummaryMs: milliseconds,
  webhookRetryBaseMs: milliseconds,
  webhookRetryMaxMs: milliseconds,
});

export type WorkerTiming = v.InferOutput<typeof TIMING>;

export function workerTiming(env: WorkerEnv): WorkerTiming {
  let json = env.PROXY_TIMING ?? {};
  if (typeof json === 'string') {
    try {
      json = JSON.parse(json);
    } catch {
      throw new ProxyConfigError(['PROXY_TIMING: must be a JSON object']);
    }
  }
  const result = v.safeParse(TIMING, json);
  if (!result.success) throw new ProxyConfigError(result.issues.map((issue) => `PROXY_TIMING.${issue.path?.map((item) => String(item.key)).join('.') ?? ''}: ${issue.message}`));
  return result.output;
}
