// The proxy's one Durable Object: the composition root of everything that must be single and
// durable (src/proxy/README.md "On Cloudflare Workers"): the authorization keys, the outbox, the
// webhook deliveries, the last good answers, the callback and proof replay memories, and the
// rate limits' counts, all in its SQLite storage or its memory. The Worker (worker.ts) sends it
// every request but the script files. Its alarm drives the outbox's retries, the key polling and
// the webhooks' backoff through a DurableScheduler.
import type { Hono } from 'hono';
import { createProxyApp } from '../app.js';
import { LogSummary } from '../background/log-summary.js';
import { optInsOf, proofOfWorkOf, type ProxyConfig } from '../config/config.js';
import { AuthKeys } from '../keys/auth-keys.js';
import { CallbackVerifier } from '../keys/callback-verification.js';
import { callbackEndpointOf } from '../keys/key-request-refusal.js';
import { Outbox } from '../outbox/outbox.js';
import { Submissions } from '../outbox/submissions.js';
import { ProofOfWork } from '../proof/proof-of-work.js';
import { LAST_GOOD_MAX_ENTRIES, LastGood } from '../reads/last-good.js';
import { PetitionReads } from '../reads/petition-reads.js';
import { ReadBudget } from '../reads/read-budget.js';
import { ReadCache } from '../reads/read-cache.js';
import { UpstreamReads } from '../reads/upstream-reads.js';
import { UpstreamClient } from '../upstream/upstream-client.js';
import { fetchTransport } from '../upstream/upstream-transport.js';
import { proxyOriginRules } from '../visitors/origin-policy.js';
import { memoryRateCounters } from '../visitors/rate-counters.js';
import { DEFAULT_WEBHOOK_TIMING, Webhooks } from '../webhooks/webhooks.js';
import { assetsBinding } from './assets-binding.js';
import { DurableScheduler } from './durable-scheduler.js';
import { durableOutboxStore } from './durable-outbox-store.js';
import { durableKeyStore, durableLastGood, durableSeenCallbacks, durableUsedProofs } from './durable-state-stores.js';
import { durableWebhookStore } from './durable-webhook-store.js';
import { clientAddressOf } from './client-address.js';
import { workerConfig, workerTiming, type WorkerEnv, type WorkerTiming } from './worker-env.js';

const log = (line: string) => console.log(line);

export class ProxyObject implements DurableObject {
  readonly #scheduler: DurableScheduler;
  readonly #app: Hono;

  constructor(state: DurableObjectState, env: WorkerEnv) {
    this.#scheduler = new DurableScheduler(state.storage, log);
    const config = workerConfig(env);
    const { app, keys, outbox } = compose(config, workerTiming(env), env, this.#scheduler, state.storage);
    this.#app = app;
    // No request is let in before the keys are loaded: a submission must see a granted key.
    // Asking the service goes through the scheduler, never inside this block: the service may
    // post its answer to our callback, which this block would keep waiting.
    void state.blockConcurrencyWhile(async () => {
      await keys.load();
      this.#scheduler.restore();
      keys.pollNow();
      outbox.kick();
      // Deliveries owed from before an eviction go out now (work of a run cut off is restored too).
      this.#scheduler.wakeAt('webhooks', Date.now());
    });
  }

  fetch(request: Request): Promise<Response> | Response {
    return this.#app.fetch(request);
  }

  /** The one alarm (durable-scheduler.ts): runs whatever is due and waits for it, then sets the next. */
  async alarm(): Promise<void> {
    await this.#scheduler.drain();
  }
}

function compose(config: ProxyConfig, timing: WorkerTiming, env: WorkerEnv, scheduler: DurableScheduler, storage: DurableObjectStorage) {
  const client = new UpstreamClient({
    upstream: config.upstream,
    apiKey: config.apiKey,
    secret: config.secret,
    timeoutMs: config.upstreamTimeoutMs,
    // rsig through Web Crypto (upstream-client.ts's default): node:crypto is not here.
    transport: fetchTransport(),
  });
  const keys = new AuthKeys({
    petitions: config.petitions,
    callbackEndpoint: callbackEndpointOf(config.publicUrl),
    client,
    store: durableKeyStore(storage),
    scheduler,
    log,
    pollMs: timing.keyPollMs ?? 30_000,
  });
  const cache = new ReadCache(config.cacheSeconds * 1000);
  const webhooks = new Webhooks({
    store: durableWebhookStore(storage),
    endpointsOf: (id) => config.petitions.find((p) => p.id === id)?.webhooks ?? [],
    secretFor: (url) => config.petitions.flatMap((p) => p.webhooks).find((w) => w.url === url)?.secret,
    wakeAt: (at) => scheduler.wakeAt('webhooks', at),
    log,
    timing: {
      ...DEFAULT_WEBHOOK_TIMING,
      ...(timing.webhookRetryBaseMs ? { retryBaseMs: timing.webhookRetryBaseMs } : {}),
      ...(timing.webhookRetryMaxMs ? { retryMaxMs: timing.webhookRetryMaxMs } : {}),
    },
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
    store: durableOutboxStore(storage),
    deliver: (entry) => submissions.deliver(entry),
    onAccepted: () => undefined,
    log,
    retry: { baseMs: timing.retryBaseMs ?? 1000, maxMs: timing.retryMaxMs ?? 300_000 },
    scheduler,
  });
  submissions.useOutbox(outbox);
  // In memory: the object is the only instance, so its counts are exact; an eviction starts
  // every window afresh, which an idle object (the only kind evicted) costs nothing.
  const rateCounters = memoryRateCounters();
  const reads = new PetitionReads({
    upstream: new UpstreamReads({
      client,
      budget: new ReadBudget({
        counters: rateCounters,
        perClientPerMinute: config.rateLimit.uncachedReadsPerIpPerMinute,
        totalPerMinute: config.rateLimit.uncachedReadsPerMinute,
        ipv6Prefix: config.ipv6Prefix,
      }),
      lastGood: new LastGood({ store: durableLastGood(storage), staleForMs: config.staleForSeconds * 1000, maxEntries: LAST_GOOD_MAX_ENTRIES, log }),
      log,
      ...(timing.readPauseMs !== undefined ? { pauseMs: timing.readPauseMs } : {}),
    }),
    cache,
    keys,
    operator: config.operator,
    optInsOf: (id) => optInsOf(config, id),
    upstreamPrefix: new URL(config.upstream).pathname.replace(/\/$/, ''),
  });
  const app = createProxyApp({
    config,
    origins: proxyOriginRules(config.publicUrl, config.allowedOrigins),
    petitionIds: new Set(config.petitions.map((p) => p.id)),
    keys,
    callbackVerifier: new CallbackVerifier(config.secret, durableSeenCallbacks(storage)),
    callbackRefusals: new LogSummary({ name: 'callback-refusals', scheduler, log, subject: 'callbacks refused', windowMs: timing.logSummaryMs ?? 60_000 }),
    reads,
    submissions,
    proofs: new ProofOfWork({ secret: config.secret, difficultyOf: (id) => proofOfWorkOf(config, id), used: durableUsedProofs(storage) }),
    assets: assetsBinding(env.ASSETS),
    clientAddress: clientAddressOf,
    rateCounters,
    log,
  });
  return { app, keys, outbox };
}
