// The proxy's one Durable Object: the composition root of everything that must be single and
// durable (src/proxy/README.md "On Cloudflare Workers"): the authorization keys, the outbox, the
// webhook deliveries, the last good answers, the callback and proof replay memories, and the
// rate limits' counts, all in its SQLite storage or its memory. The Worker (worker.ts) sends it
// every request but the script files. Its alarm drives the outbox's retries, the key polling and
// the webhooks' backoff through a DurableScheduler.
import type { Hono } from 'hono';
import type { ProxyConfig } from '../config/config.js';
import { buildProxyParts } from '../proxy-parts.js';
import { fetchTransport } from '../upstream/upstream-transport.js';
import { DEFAULT_WEBHOOK_TIMING } from '../webhooks/webhooks.js';
import { assetsBinding } from './assets-binding.js';
import { clientAddressOf } from './client-address.js';
import { DurableScheduler } from './durable-scheduler.js';
import { durableOutboxStore } from './durable-outbox-store.js';
import { durableKeyStore, durableLastGood, durableSeenCallbacks, durableUsedProofs } from './durable-state-stores.js';
import { durableWebhookStore } from './durable-webhook-store.js';
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
  return buildProxyParts(
    config,
    {
      stores: {
        keys: durableKeyStore(storage),
        outbox: durableOutboxStore(storage),
        webhooks: durableWebhookStore(storage),
        lastGood: durableLastGood(storage),
        seenCallbacks: durableSeenCallbacks(storage),
        usedProofs: durableUsedProofs(storage),
      },
      scheduler,
      // rsig through Web Crypto (upstream-client.ts's default): node:crypto is not here.
      transport: fetchTransport(),
      assets: assetsBinding(env.ASSETS),
      clientAddress: clientAddressOf,
      log,
    },
    {
      retry: { baseMs: timing.retryBaseMs ?? 1000, maxMs: timing.retryMaxMs ?? 300_000 },
      ...(timing.keyPollMs !== undefined ? { keyPollMs: timing.keyPollMs } : {}),
      ...(timing.logSummaryMs !== undefined ? { logSummaryMs: timing.logSummaryMs } : {}),
      ...(timing.readPauseMs !== undefined ? { readPauseMs: timing.readPauseMs } : {}),
      webhooks: {
        ...DEFAULT_WEBHOOK_TIMING,
        ...(timing.webhookRetryBaseMs ? { retryBaseMs: timing.webhookRetryBaseMs } : {}),
        ...(timing.webhookRetryMaxMs ? { retryMaxMs: timing.webhookRetryMaxMs } : {}),
      },
    },
  );
}
