// The service's one metrics registry: every family it exports at /metrics, named as Prometheus
// names them (`petition_service_…`, base units, `_total` counters), with labels from small fixed
// sets and never a signer's data. Built once in the composition root (index.ts) and handed to the
// parts that count; what is cheaper to read than to count (queue sizes, the WAL) is read from
// the store at scrape time.
import { stat } from 'node:fs/promises';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { HttpRequestDuration } from '../../shared/observability/http-request-duration.js';
import { createMetricsRegistry } from '../../shared/observability/metrics-listener.js';
import type { DatabaseHealth } from '../store/database-health.js';
import type { Store } from '../store/store.js';
import type { CheckpointReport } from '../store/engines/wal-checkpointer.js';

/** Why a signature was refused: the reasons an operator tells apart. */
const SIGNATURE_REFUSALS = ['duplicate', 'validation', 'blocked', 'auth', 'rate_limit', 'closed', 'not_found', 'unavailable', 'error'] as const;
export type SignatureRefusal = (typeof SIGNATURE_REFUSALS)[number];

const DELIVERY_KINDS = ['callback', 'alert_webhook', 'mail'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** What the scrape-time gauges read. */
export interface MetricsSources {
  store: Store;
  health: DatabaseHealth;
  /** The SQLite file's WAL (`…-wal`); null on PostgreSQL. */
  walPath: string | null;
}

/** Scrape-time readings are shared by the gauges of one scrape, and a failed read keeps the last ones. */
const READINGS_FRESH_MS = 500;

interface Readings {
  queue: { entries: number; oldest: number | null };
  waiting: Map<'callback' | 'alert_webhook', { entries: number; oldest: number | null }>;
  searchBacklog: number;
  walBytes: number;
}

export class ServiceMetrics {
  readonly registry: Registry;
  readonly http: HttpRequestDuration;
  readonly #accepted: Counter;
  readonly #refused: Counter<'reason'>;
  readonly #listingLag: Histogram;
  readonly #deliveries: Counter<'kind' | 'outcome'>;
  readonly #signInFailures: Counter;
  readonly #checkpointFailures: Counter;
  readonly #limitsReached: Counter<'limit'>;
  readonly #trendsEvaluated: Gauge;
  readonly #confirmationMailPolled: Gauge;
  #sources: MetricsSources | undefined;
  #readings: { at: number; value: Promise<Readings> } | undefined;
  #lastReadings: Readings = { queue: { entries: 0, oldest: null }, waiting: new Map(), searchBacklog: 0, walBytes: 0 };

  /** `processMetrics`: also the process's own families (CPU, memory, event-loop delay), when /metrics is served. */
  constructor(options: { processMetrics: boolean }) {
    this.registry = options.processMetrics ? createMetricsRegistry() : new Registry();
    const registers = [this.registry];
    this.http = new HttpRequestDuration(this.registry);
    this.#accepted = new Counter({ name: 'petition_service_signatures_accepted_total', help: 'Signatures accepted (answered 202).', registers });
    this.#refused = new Counter({
      name: 'petition_service_signatures_refused_total',
      help: 'Signature submissions refused, by reason.',
      labelNames: ['reason'],
      registers,
    });
    for (const reason of SIGNATURE_REFUSALS) this.#refused.inc({ reason }, 0);
    this.#listingLag = new Histogram({
      name: 'petition_service_listing_lag_seconds',
      help: "From a signature's arrival to the commit that lists it.",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    this.#deliveries = new Counter({
      name: 'petition_service_deliveries_total',
      help: 'Delivery attempts of callbacks, alert webhook posts and confirmation mails, by outcome.',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    for (const kind of DELIVERY_KINDS) for (const outcome of ['delivered', 'failed']) this.#deliveries.inc({ kind, outcome }, 0);
    this.#signInFailures = new Counter({ name: 'petition_service_sign_in_failures_total', help: "Operators' failed sign-ins to the console.", registers });
    this.#checkpointFailures = new Counter({
      name: 'petition_service_database_checkpoint_failures_total',
      help: 'SQLite WAL checkpoints that failed (the WAL grows until one succeeds).',
      registers,
    });
    this.#limitsReached = new Counter({
      name: 'petition_service_limit_reached_total',
      help: 'Requests refused by a limit (a consumer rate limit, failed authentications, sign-in attempts).',
      labelNames: ['limit'],
      registers,
    });
    this.#trendsEvaluated = new Gauge({
      name: 'petition_service_trends_evaluated_timestamp_seconds',
      help: 'When the trending alerts were last evaluated (Unix time); 0 before the first evaluation.',
      registers,
    });
    this.#confirmationMailPolled = new Gauge({
      name: 'petition_service_confirmation_mail_polled_timestamp_seconds',
      help: 'When the confirmation mailer last looked for due mails and dealt with them (Unix time); 0 before the first look.',
      registers,
    });
    this.#scrapeGauges();
  }

  /** The store and health the scrape-time gauges read; until then they read zero. */
  watch(sources: MetricsSources): void {
    this.#sources = sources;
  }

  signatureAccepted(): void {
    this.#accepted.inc();
  }

  signatureRefused(reason: SignatureRefusal): void {
    this.#refused.inc({ reason });
  }

  /** Signatures just listed, by the time each arrived. */
  signaturesListed(receivedAt: readonly number[], now: number): void {
    for (const at of receivedAt) this.#listingLag.observe(Math.max(0, now - at) / 1000);
  }

  delivery(kind: DeliveryKind, outcome: 'delivered' | 'failed'): void {
    this.#deliveries.inc({ kind, outcome });
  }

  signInFailed(): void {
    this.#signInFailures.inc();
  }

  /** An evaluation of the trending alerts ended (alerts/trend-watch.ts): one that stops coming is an alert that cannot be raised. */
  trendsEvaluated(now: number): void {
    this.#trendsEvaluated.set(now / 1000);
  }

  /** A poll of the confirmation mailer ended (confirmation/confirmation-mailer.ts): one that stops coming is a mail that cannot go out. */
  confirmationMailPolled(now: number): void {
    this.#confirmationMailPolled.set(now / 1000);
  }

  /** The WAL checkpointer's reports (store/engines/wal-checkpointer.ts), failures counted on their way. */
  countingCheckpoints(next: (report: CheckpointReport) => void): (report: CheckpointReport) => void {
    return (report) => {
      if (report.error !== undefined) this.#checkpointFailures.inc();
      next(report);
    };
  }

  limitReached(limit: 'consumer_rate' | 'auth_failures' | 'sign_in'): void {
    this.#limitsReached.inc({ limit });
  }

  #scrapeGauges(): void {
    const registers = [this.registry];
    const metrics = this;
    const gauge = <L extends string>(name: string, help: string, read: (readings: Readings, gauge: Gauge<L>) => void, labelNames: L[] = []) =>
      new Gauge<L>({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          read(await metrics.#read(), this);
        },
      });
    const age = (oldest: number | null) => (oldest === null ? 0 : Math.max(0, Date.now() - oldest) / 1000);
    gauge('petition_service_signature_queue_entries', 'Accepted signatures waiting in the queue table to be listed.', (r, g) => g.set(r.queue.entries));
    gauge('petition_service_signature_queue_oldest_age_seconds', 'Age of the oldest signature waiting in the queue table; 0 when none.', (r, g) =>
      g.set(age(r.queue.oldest)),
    );
    const kinds = ['callback', 'alert_webhook'] as const;
    gauge(
      'petition_service_deliveries_waiting',
      'Callbacks and alert webhook posts waiting to be delivered (first tries and retries).',
      (r, g) => kinds.forEach((kind) => g.set({ kind }, r.waiting.get(kind)?.entries ?? 0)),
      ['kind'],
    );
    gauge(
      'petition_service_deliveries_oldest_waiting_age_seconds',
      'Age of the oldest callback or alert webhook post waiting to be delivered; 0 when none.',
      (r, g) => kinds.forEach((kind) => g.set({ kind }, age(r.waiting.get(kind)?.oldest ?? null))),
      ['kind'],
    );
    gauge('petition_service_search_index_backlog_signatures', "Signatures not in the console's search index yet.", (r, g) => g.set(r.searchBacklog));
    gauge('petition_service_database_wal_size_bytes', "Size of the SQLite database's WAL file (0 on PostgreSQL).", (r, g) => g.set(r.walBytes));
    gauge('petition_service_database_writable', '1 while the database can be written, 0 during a storage outage (a full disk, say).', (_r, g) =>
      g.set(metrics.#sources?.health.writable === false ? 0 : 1),
    );
    gauge('petition_service_database_pool_waiting_clients', 'Queries waiting for a pooled PostgreSQL connection (0 on SQLite).', (_r, g) =>
      g.set(metrics.#sources?.store.db.waitingForConnection() ?? 0),
    );
  }

  #read(): Promise<Readings> {
    const now = Date.now();
    if (this.#readings && now - this.#readings.at < READINGS_FRESH_MS) return this.#readings.value;
    const value = this.#readNow().then(
      (readings) => (this.#lastReadings = readings),
      // During an outage the store cannot be read: the last readings stand, and
      // petition_service_database_writable says why.
      () => this.#lastReadings,
    );
    this.#readings = { at: now, value };
    return value;
  }

  async #readNow(): Promise<Readings> {
    const sources = this.#sources;
    if (!sources) return this.#lastReadings;
    const { store, walPath } = sources;
    const queue = (await store.queueSummary.get()) ?? { entries: 0, oldest: null };
    const waiting = new Map((await store.waitingDeliveries.all()).map(({ kind, ...summary }) => [kind, summary] as const));
    const backlog = await store.searchBacklog.get();
    const walBytes = walPath === null ? 0 : await stat(walPath).then((file) => file.size, () => 0);
    return { queue, waiting, searchBacklog: backlog ? Math.max(0, backlog.latest - backlog.indexed_through) : 0, walBytes };
  }
}
