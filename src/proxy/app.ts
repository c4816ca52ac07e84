// Assembles the proxy's Hono app from its parts. Web-standard only: the Node-specific pieces
// (files, SQLite, the connection's address) come in as adapters, so the app runs on edge runtimes too.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PACKAGE_VERSION } from '../package-version.js';
import { bodyLimitFor, worstCaseConsentJsonBytes, worstCaseSignerJsonBytes } from '../shared/signed-body-limit.js';
import { apiRoutes } from './http/api-routes.js';
import { NOT_SHARED } from './http/read-answer.js';
import { HONEYPOT_FIELD, SignatureIntake } from './http/signature-intake.js';
import { assetRoutes, isElementAsset } from './assets/asset-routes.js';
import type { AssetSource } from './assets/asset-source.js';
import type { AuthKeys } from './keys/auth-keys.js';
import { callbackRoutes } from './keys/callback-routes.js';
import type { CallbackVerifier } from './keys/callback-verification.js';
import { EMBED_PREFIX, embedRoutes, frameAncestorsOf } from './embed/embed-routes.js';
import { optInsOf, type ProxyConfig } from './config/config.js';
import { ProxyError } from './errors/proxy-error.js';
import { failureResponse, unexpectedFailure } from './http/failure.js';
import { STORAGE_RETRY_AFTER_SECONDS, storageCause } from './errors/storage-outage.js';
import type { LogSummary } from './background/log-summary.js';
import { EMBED_STATUS_PATH, originPolicy, type OriginRules } from './visitors/origin-policy.js';
import type { PetitionReads } from './reads/petition-reads.js';
import { ClientLimit } from './visitors/client-limit.js';
import type { RateCounters } from './visitors/rate-counters.js';
import type { Submissions } from './outbox/submissions.js';
import { ChallengeIssuer } from './proof/challenge-issuer.js';
import { PROOF_JSON_MAX_BYTES, type ProofOfWork } from './proof/proof-of-work.js';
import type { LimitWatch } from './metrics/limit-watch.js';
import type { ProxySignals } from './metrics/proxy-signals.js';

/**
 * Every signature the schema accepts fits, in any script, even from a browser whose JSON escapes
 * every character as \uXXXX, with the honeypot field filled in too: 16 KiB, raised as far as
 * that needs, with the proof of work beside it.
 */
export const BODY_LIMIT_BYTES = bodyLimitFor(worstCaseSignerJsonBytes([HONEYPOT_FIELD]) + worstCaseConsentJsonBytes() + PROOF_JSON_MAX_BYTES);

/** The one answer to a body over the limit, however it was read. */
export function bodyTooLarge(): ProxyError {
  return new ProxyError(413, [`body: must be at most ${BODY_LIMIT_BYTES} bytes`]);
}

/** Reads a POST's body as text, at most BODY_LIMIT_BYTES, else throws bodyTooLarge(). */
export type BodyReader = (c: Context) => Promise<string>;

export interface ProxyAppParts {
  config: ProxyConfig;
  keys: AuthKeys;
  callbackVerifier: CallbackVerifier;
  /** Refused callbacks, summarised in the log. */
  callbackRefusals: LogSummary;
  reads: PetitionReads;
  submissions: Submissions;
  proofs: ProofOfWork;
  assets: AssetSource;
  /** The address a request is counted against (client-address.ts). */
  clientAddress: (c: Context) => string;
  /** Where the rate limits count (the read budget shares them). */
  rateCounters: RateCounters;
  /** Which origins the API answers (built once from the config, shared with index.ts's listener). */
  origins: OriginRules;
  /** The petitions the config serves (shared the same way). */
  petitionIds: ReadonlySet<number>;
  log: (line: string) => void;
  extraRoutes?: (app: Hono) => void;
  /**
   * On Node, bodies read from the IncomingMessage (index.ts); otherwise Hono's body limit and
   * the Web Request's text().
   */
  readBody?: BodyReader;
  /** What the metrics count; default nothing (the Worker serves no metrics). */
  signals?: ProxySignals;
  /** Limits reached, logged once per episode. */
  limits?: LimitWatch;
  /** Times each request by its route template, ahead of everything (http_server_request_duration_seconds). */
  requestTiming?: MiddlewareHandler;
}

/**
 * The steps of a signature's request for the app's parts. One per proxy, shared by the app and,
 * on Node, the listener ahead of it (index.ts), so both count the same budget and honeypot.
 */
export function signatureIntakeOf(parts: ProxyAppParts): SignatureIntake {
  const { config } = parts;
  return new SignatureIntake({
    submissions: parts.submissions,
    proofs: parts.proofs,
    rateLimit: new ClientLimit({ counters: parts.rateCounters, name: 'signatures', perWindow: config.rateLimit.signaturesPerIpPerMinute, ipv6Prefix: config.ipv6Prefix }),
    optInsOf: (id) => optInsOf(config, id),
    log: parts.log,
    ...(parts.signals ? { signals: parts.signals } : {}),
    ...(parts.limits ? { limits: parts.limits } : {}),
  });
}

export function createProxyApp(parts: ProxyAppParts, intake: SignatureIntake = signatureIntakeOf(parts)): Hono {
  const { config, log } = parts;
  const app = new Hono();
  if (parts.requestTiming) app.use(parts.requestTiming);

  // The one place a failure becomes an answer: everything else throws ProxyError.
  app.onError((error, c) => failureResponse(c, unexpectedFailure(error, `${c.req.method} ${c.req.path}`, log)));
  app.notFound((c) => failureResponse(c, new ProxyError(404, ['not found'])));

  const { origins } = parts;
  app.use(originPolicy(origins, (path) => path === EMBED_STATUS_PATH || isElementAsset(path)));
  const readBody = parts.readBody ?? webBodyReader();

  // Up, and its data folder writable as far as the last write knew: what a container's health
  // check and a load balancer ask; a full disk is told apart in the message.
  app.get('/healthz', (c) => {
    const storage = intake.storage.state;
    if (storage.failing) {
      throw new ProxyError(503, [`the data folder cannot be written (${storageCause(storage.cause)})`], { retryAfter: STORAGE_RETRY_AFTER_SECONDS });
    }
    // Never from a cache: a health check that reads a kept copy sees a proxy that may be gone.
    return c.json({ status: 'ok', version: PACKAGE_VERSION }, 200, NOT_SHARED);
  });
  app.get(EMBED_STATUS_PATH, (c) => c.json(origins.status(c.req.header('origin'))));
  app.route(
    '/api/petitions',
    apiRoutes({
      petitionIds: parts.petitionIds,
      reads: parts.reads,
      intake,
      challenges: new ChallengeIssuer({
        proofs: parts.proofs,
        rateLimit: new ClientLimit({ counters: parts.rateCounters, name: 'challenges', perWindow: config.rateLimit.challengesPerIpPerMinute, ipv6Prefix: config.ipv6Prefix }),
        ...(parts.limits ? { limits: parts.limits } : {}),
      }),
      clientAddress: parts.clientAddress,
      readBody,
    }),
  );
  app.route(EMBED_PREFIX, embedRoutes({ petitionIds: parts.petitionIds, frameAncestors: frameAncestorsOf(config) }));
  app.route('/callbacks', callbackRoutes({ verifier: parts.callbackVerifier, keys: parts.keys, refusals: parts.callbackRefusals, readBody, log }));
  // The host's own routes go before the script routes, so it can serve its own files next to ours.
  parts.extraRoutes?.(app);
  app.route('/', assetRoutes(parts.assets));
  return app;
}

/** Web-standard: Hono's body limit (a declared length, or counted while streaming), then text(). */
export function webBodyReader(): BodyReader {
  const limit = bodyLimit({
    maxSize: BODY_LIMIT_BYTES,
    onError: () => {
      throw bodyTooLarge();
    },
  });
  return async (c) => {
    await limit(c, async () => undefined);
    return c.req.text();
  };
}
