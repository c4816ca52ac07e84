// The proxy's one wiring: builds every part (keys, outbox, webhooks, reads, proofs, the Hono app)
// from what its host provides (stores, scheduler, transport, assets, client address, log), so
// Node (index.ts) and the Durable Object (worker/proxy-object.ts) only make adapters.
import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { RsigDigest } from '../shared/signing.js';
import { createProxyApp, signatureIntakeOf, type BodyReader, type ProxyAppParts } from './app.js';
import type { AssetSource } from './assets/asset-source.js';
import { LogSummary } from './background/log-summary.js';
import type { Scheduler } from './background/scheduler.js';
import { optInsOf, proofOfWorkOf, type ProxyConfig } from './config/config.js';
import type { SignatureIntake } from './http/signature-intake.js';
import { AuthKeys } from './keys/auth-keys.js';
import { CallbackVerifier } from './keys/callback-verification.js';
import { callbackEndpointOf } from './keys/key-request-refusal.js';
import type { KeyStore } from './keys/key-store.js';
import type { SeenCallbackStore } from './keys/seen-callback-store.js';
import { CountedReadBudget, CountedReadCache } from './metrics/counted-reads.js';
import { watchDeliveries, watchWebhookFetch } from './metrics/delivery-watch.js';
import { LimitWatch } from './metrics/limit-watch.js';
import { NO_SIGNALS, type ProxySignals } from './metrics/proxy-signals.js';
import { Outbox, type RetryTiming } from './outbox/outbox.js';
import type { OutboxStore } from './outbox/outbox-store.js';
import { Submissions } from './outbox/submissions.js';
import { ProofOfWork } from './proof/proof-of-work.js';
import type { UsedProofStore } from './proof/used-proof-store.js';
import { LAST_GOOD_MAX_ENTRIES, LastGood } from './reads/last-good.js';
import type { LastGoodStore } from './reads/last-good-store.js';
import { PetitionReads } from './reads/petition-reads.js';
import { readSharingOf } from './reads/read-sharing.js';
import { UpstreamReads } from './reads/upstream-reads.js';
import { UpstreamClient } from './upstream/upstream-client.js';
import type { UpstreamTransport } from './upstream/upstream-transport.js';
import { proxyOriginRules, type OriginRules } from './visitors/origin-policy.js';
import { memoryRateCounters } from './visitors/rate-counters.js';
import type { WebhookStore } from './webhooks/webhook-store.js';
import { Webhooks, type WebhookTiming } from './webhooks/webhooks.js';

/** Where the proxy keeps what must outlive a request: SQLite files on Node, the object's storage on Workers. */
interface ProxyStores {
  keys: KeyStore;
  outbox: OutboxStore;
  webhooks: WebhookStore;
  lastGood: LastGoodStore;
  seenCallbacks: SeenCallbackStore;
  usedProofs: UsedProofStore;
}

/** What the host provides. */
export interface ProxyAdapters {
  stores: ProxyStores;
  scheduler: Scheduler;
  transport: UpstreamTransport;
  /** rsig's digest; default Web Crypto (upstream-client.ts), on Node node:crypto. */
  digest?: RsigDigest;
  assets: AssetSource;
  /** The address a request is counted against. */
  clientAddress: (c: Context) => string;
  /** Default: Hono's body limit and the Web Request's text() (app.ts). */
  readBody?: BodyReader;
  log: (line: string) => void;
  /** The proof of work's clock; default Date.now. */
  now?: () => number;
  extraRoutes?: (app: Hono) => void;
  /** What the metrics count (proxy-metrics.ts on Node); default nothing. */
  signals?: ProxySignals;
  /** Times every request the app answers by its route (http_server_request_duration_seconds). */
  requestTiming?: MiddlewareHandler;
}

/** Background timings; each defaults as the domain module says (tests shorten them). */
export interface ProxyTiming {
  /** Outbox backoff; default 1 s doubling up to 5 min. */
  retry?: RetryTiming;
  /** How often pending key requests are asked about again; default 30 s. */
  keyPollMs?: number;
  /** How long refused callbacks are counted before one line sums them up; default a minute. */
  logSummaryMs?: number;
  /** How long reads leave a failing service alone; default in upstream-reads.ts. */
  readPauseMs?: number;
  /** Last good answers kept at most; default LAST_GOOD_MAX_ENTRIES. */
  lastGoodMaxEntries?: number;
  /** Webhook backoff and deadlines; default in webhooks.ts. */
  webhooks?: WebhookTiming;
}

/** The built proxy: its app, and the parts its host starts, listens ahead of or stops. */
export interface ProxyParts {
  app: Hono;
  /** A signature's steps, shared by the app and a listener ahead of it. */
  intake: SignatureIntake;
  keys: AuthKeys;
  outbox: Outbox;
  reads: PetitionReads;
  origins: OriginRules;
  petitionIds: ReadonlySet<number>;
}

export function buildProxyParts(config: ProxyConfig, adapters: ProxyAdapters, timing: ProxyTiming = {}): ProxyParts {
  const { stores, scheduler, log } = adapters;
  const signals = adapters.signals ?? NO_SIGNALS;
  const limits = new LimitWatch(log);
  const client = new UpstreamClient({
    upstream: config.upstream,
    apiKey: config.apiKey,
    secret: config.secret,
    timeoutMs: config.upstreamTimeoutMs,
    transport: adapters.transport,
    ...(adapters.digest ? { digest: adapters.digest } : {}),
  });
  const keys = new AuthKeys({
    petitions: config.petitions,
    callbackEndpoint: callbackEndpointOf(config.publicUrl),
    client,
    store: stores.keys,
    scheduler,
    log,
    pollMs: timing.keyPollMs ?? 30_000,
  });
  const cache = new CountedReadCache(config.cacheSeconds * 1000, signals);
  const webhooks = new Webhooks({
    store: stores.webhooks,
    endpointsOf: (id) => config.petitions.find((p) => p.id === id)?.webhooks ?? [],
    secretFor: (url) => config.petitions.flatMap((p) => p.webhooks).find((w) => w.url === url)?.secret,
    wakeAt: (at) => scheduler.wakeAt('webhooks', at),
    log,
    ...(timing.webhooks ? { timing: timing.webhooks } : {}),
    fetch: watchWebhookFetch(signals, log),
  });
  scheduler.register('webhooks', () => webhooks.deliverDue());
  const submissions = new Submissions({
    petitions: config.petitions,
    client,
    keys,
    cache,
    log,
    servicePublicUrl: config.servicePublicUrl,
    onAccepted: (petition, signer, consent) => webhooks.accepted({ id: petition.id, source: petition.source }, signer, consent),
  });
  const outbox = new Outbox({
    store: stores.outbox,
    deliver: watchDeliveries((entry) => submissions.deliver(entry), signals, log),
    onAccepted: () => undefined,
    log,
    retry: timing.retry ?? { baseMs: 1000, maxMs: 300_000 },
    scheduler,
  });
  submissions.useOutbox(outbox);
  // In memory: one process (or one Durable Object) is the only instance, so its counts are
  // exact; a restart starts every window afresh.
  const rateCounters = memoryRateCounters();
  const reads = new PetitionReads({
    upstream: new UpstreamReads({
      client,
      budget: new CountedReadBudget(
        {
          counters: rateCounters,
          perClientPerMinute: config.rateLimit.uncachedReadsPerIpPerMinute,
          totalPerMinute: config.rateLimit.uncachedReadsPerMinute,
          ipv6Prefix: config.ipv6Prefix,
        },
        signals,
        limits,
      ),
      lastGood: new LastGood({
        store: stores.lastGood,
        staleForMs: config.staleForSeconds * 1000,
        maxEntries: timing.lastGoodMaxEntries ?? LAST_GOOD_MAX_ENTRIES,
        log,
      }),
      log,
      ...(timing.readPauseMs !== undefined ? { pauseMs: timing.readPauseMs } : {}),
    }),
    cache,
    keys,
    operator: config.operator,
    optInsOf: (id) => optInsOf(config, id),
    upstreamPrefix: new URL(config.upstream).pathname.replace(/\/$/, ''),
    sharing: readSharingOf(config),
  });
  const origins = proxyOriginRules(config.publicUrl, config.allowedOrigins);
  const petitionIds = new Set(config.petitions.map((p) => p.id));
  const appParts: ProxyAppParts = {
    config,
    origins,
    petitionIds,
    keys,
    callbackVerifier: new CallbackVerifier(config.secret, stores.seenCallbacks),
    callbackRefusals: new LogSummary({ name: 'callback-refusals', scheduler, log, subject: 'callbacks refused', windowMs: timing.logSummaryMs ?? 60_000 }),
    reads,
    submissions,
    proofs: new ProofOfWork({
      secret: config.secret,
      difficultyOf: (id) => proofOfWorkOf(config, id),
      used: stores.usedProofs,
      log,
      ...(adapters.now ? { now: adapters.now } : {}),
    }),
    assets: adapters.assets,
    clientAddress: adapters.clientAddress,
    rateCounters,
    log,
    ...(adapters.extraRoutes ? { extraRoutes: adapters.extraRoutes } : {}),
    ...(adapters.readBody ? { readBody: adapters.readBody } : {}),
    ...(adapters.requestTiming ? { requestTiming: adapters.requestTiming } : {}),
    signals,
    limits,
  };
  const intake = signatureIntakeOf(appParts);
  return { app: createProxyApp(appParts, intake), intake, keys, outbox, reads, origins, petitionIds };
}
