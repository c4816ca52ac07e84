// The proxy's one metrics registry (Node): every family it exports at /metrics, named as
// Prometheus names them (`petition_proxy_…`, base units, `_total` counters), labels from small
// fixed sets (petition_id from the configuration) and never a signer's data. Built once in the
// composition root (index.ts) and handed to the parts as ProxySignals; what is cheaper to read
// than to count (the outbox, the keys' states) is read at scrape time.
import { Counter, Gauge, Registry } from 'prom-client';
import { HttpRequestDuration } from '../../shared/observability/http-request-duration.js';
import { createMetricsRegistry } from '../../shared/observability/metrics-listener.js';
import type { KeyStatus } from '../keys/key-store.js';
import type { OutboxStore } from '../outbox/outbox-store.js';
import {
  PROOF_RESULTS,
  SUBMISSION_OUTCOMES,
  type ProofResult,
  type ProxySignals,
  type ReadCacheResult,
  type SubmissionOutcome,
  type WebhookResult,
} from './proxy-signals.js';

const KEY_STATES: readonly KeyStatus[] = ['pending', 'granted', 'denied', 'revoked'];

/** What the scrape-time gauges read. */
export interface MetricsSources {
  outbox: OutboxStore;
  petitionIds: readonly number[];
  keyStatusOf: (petitionId: number) => KeyStatus;
}

export class ProxyMetrics implements ProxySignals {
  readonly registry: Registry;
  readonly http: HttpRequestDuration;
  readonly #submissions: Counter<'outcome'>;
  readonly #retries: Counter;
  readonly #readCache: Counter<'result'>;
  readonly #budgetRefusals: Counter;
  readonly #proofs: Counter<'result'>;
  readonly #webhooks: Counter<'result'>;
  #sources: MetricsSources | undefined;

  /** `processMetrics`: also the process's own families (CPU, memory, event-loop delay), when /metrics is served. */
  constructor(options: { processMetrics: boolean }) {
    this.registry = options.processMetrics ? createMetricsRegistry() : new Registry();
    const registers = [this.registry];
    this.http = new HttpRequestDuration(this.registry);
    this.#submissions = new Counter({
      name: 'petition_proxy_submissions_total',
      help: 'Signatures submitted to this proxy, by outcome (forwarded, queued, honeypot, unavailable, refused_<reason>).',
      labelNames: ['outcome'],
      registers,
    });
    for (const outcome of SUBMISSION_OUTCOMES) this.#submissions.inc({ outcome }, 0);
    this.#retries = new Counter({ name: 'petition_proxy_delivery_retries_total', help: 'Queued signatures sent to the service again.', registers });
    this.#readCache = new Counter({
      name: 'petition_proxy_read_cache_total',
      help: 'Reads of the service answered from the cache (hit), by the service (miss), or with the last good answer (stale).',
      labelNames: ['result'],
      registers,
    });
    for (const result of ['hit', 'miss', 'stale']) this.#readCache.inc({ result }, 0);
    this.#budgetRefusals = new Counter({
      name: 'petition_proxy_read_budget_refusals_total',
      help: 'Uncached reads the read budget refused (per network or in all).',
      registers,
    });
    this.#proofs = new Counter({
      name: 'petition_proxy_proofs_total',
      help: 'Proofs of work checked, by result: accepted or the problem code.',
      labelNames: ['result'],
      registers,
    });
    for (const result of PROOF_RESULTS) this.#proofs.inc({ result }, 0);
    this.#webhooks = new Counter({
      name: 'petition_proxy_webhook_deliveries_total',
      help: "Attempts to deliver a signature to a campaign's webhook, by result.",
      labelNames: ['result'],
      registers,
    });
    for (const result of ['delivered', 'failed']) this.#webhooks.inc({ result }, 0);
    this.#scrapeGauges();
  }

  /** The outbox and the keys the scrape-time gauges read; until then they read zero. */
  watch(sources: MetricsSources): void {
    this.#sources = sources;
  }

  submission(outcome: SubmissionOutcome): void {
    this.#submissions.inc({ outcome });
  }

  deliveryRetry(): void {
    this.#retries.inc();
  }

  readCache(result: ReadCacheResult): void {
    this.#readCache.inc({ result });
  }

  readBudgetRefused(): void {
    this.#budgetRefusals.inc();
  }

  proof(result: ProofResult): void {
    this.#proofs.inc({ result });
  }

  webhookDelivery(result: WebhookResult): void {
    this.#webhooks.inc({ result });
  }

  #scrapeGauges(): void {
    const registers = [this.registry];
    const metrics = this;
    new Gauge({
      name: 'petition_proxy_outbox_entries',
      help: 'Signatures answered 202 and waiting in the outbox for the service (held ones not counted).',
      registers,
      async collect() {
        this.set((await metrics.#sources?.outbox.lineLength()) ?? 0);
      },
    });
    new Gauge({
      name: 'petition_proxy_outbox_oldest_age_seconds',
      help: 'Age of the oldest signature waiting in the outbox; 0 when none (or queued before its time was kept).',
      registers,
      async collect() {
        const queuedAt = (await metrics.#sources?.outbox.firstInLine())?.queuedAt;
        this.set(queuedAt === undefined ? 0 : Math.max(0, Date.now() - queuedAt) / 1000);
      },
    });
    new Gauge({
      name: 'petition_proxy_auth_key_state',
      help: "Each configured petition's authorization key state: 1 for the current one, 0 for the others.",
      labelNames: ['petition_id', 'state'],
      registers,
      collect() {
        const sources = metrics.#sources;
        if (!sources) return;
        for (const id of sources.petitionIds) {
          const current = sources.keyStatusOf(id);
          for (const state of KEY_STATES) this.set({ petition_id: String(id), state }, state === current ? 1 : 0);
        }
      },
    });
  }
}
