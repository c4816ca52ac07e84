// The Petitions API v1 service: starts the HTTP server on one SQLite file, with the queue
// worker, the callback delivery loop and the confirmation mailer running in the same process,
// the operator's console under /admin and signers' pages under /confirm and /withdraw.
import { getRequestListener } from '@hono/node-server';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkCallbackUrl } from './auth-keys/callback-address.js';
import type { AlertWebhook } from './alerts/alert-delivery.js';
import { TrendingAlerts } from './alerts/trending-alerts.js';
import type { TrendOptions } from './alerts/trending-alerts.js';
import { ConfirmationMailer } from './confirmation/confirmation-mailer.js';
import { confirmationRoutes } from './confirmation/confirmation-routes.js';
import { withdrawalRoutes } from './confirmation/withdrawal-routes.js';
import { ConfirmationCodeLimit } from './limits/confirmation-code-limit.js';
import { consoleApp } from './console/console-app.js';
import { CONSOLE_PATH } from './console/shell/console-env.js';
import { CallbackDelivery } from './auth-keys/callback-delivery.js';
import { DEFAULT_DELIVERY_TIMING } from './auth-keys/delivery-timing.js';
import { DEFAULT_CONNECTION_LIMITS, capConnections, serverTimeouts } from '../shared/connection-limits.js';
import type { ConnectionLimits } from '../shared/connection-limits.js';
import { DatabaseHealth } from './store/database-health.js';
import { SubmissionScreen } from './abuse/submission-screen.js';
import { ConfirmationRecheck } from './abuse/confirmation-recheck.js';
import type { ScreenedSubmission } from './signatures/signature-submission.js';
import { openDatabase } from './store/engines/database.js';
import { answerMalformedRequests } from '../shared/malformed-http.js';
import { SEARCH_CATCH_UP_EVERY_MS, indexWaitingSignatures } from './signatures/search-index.js';
import { WalCheckpointer, checkpointLog } from './store/engines/wal-checkpointer.js';
import { QueueWorker } from './background/queue-worker.js';
import { AuthFailureLimit, ConsumerRateLimit } from './limits/rate-limit.js';
import { RateLimitSharing } from './limits/shared-rate-limit.js';
import { ServiceInstance } from './store/instances/service-instance.js';
import { smtpMailer } from './confirmation/mailer.js';
import type { SmtpSettings } from './confirmation/mailer.js';
import { ConsumerDirectory, forgetExpiredRequestSignatures } from './http/request-auth.js';
import { createRoutes } from './http/routes.js';
import { SignInLimit } from './limits/sign-in-limit.js';
import { SignatureQueue } from './signatures/signature-queue.js';
import { submissionListener } from './http/submission-listener.js';
import { SubmissionLookups } from './signatures/submission-lookups.js';
import { removeExpiredUnconfirmed } from './confirmation/signer-confirmation.js';
import { createStore } from './store/store.js';
import { isPostgresUrl } from './store/engines/store-engine.js';
import { openWritableEngine } from './store/engines/writable-engine.js';
import { SqliteEngine } from './store/engines/sqlite-engine.js';
import { DEFAULT_IPV6_PREFIX } from '../shared/client-network.js';
import type { Logger } from '../shared/observability/logger.js';
import { startMetricsListener, type MetricsAddress, type MetricsListener } from '../shared/observability/metrics-listener.js';
import { serviceObservability } from './metrics/service-observability.js';
import { withRequestId } from './http/request-id.js';
import { RetentionSweep } from './retention/retention-sweep.js';

export interface ServiceOptions {
  /**
   * SQLite file (WAL; its folder (0700) and the file (0600) are created when missing), or a
   * postgres:// URL (store-engine.ts).
   */
  dbPath: string;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Grant every new key request at once (development and demo). */
  autoGrant?: boolean;
  /** Let callback endpoints be loopback or private addresses (development, tests, the demo). */
  allowPrivateCallbacks?: boolean;
  /** Requests per minute per API key; default 1000. */
  rateLimitPerMinute?: number;
  /** Failed authentications per minute per client address; default 60. */
  authFailuresPerMinute?: number;
  /**
   * The bits of an IPv6 client's address that name the client in every per-address limit
   * (src/shared/client-network.ts): 32 to 128, default 64.
   */
  ipv6Prefix?: number;
  /** Deadlines and caps on connections; defaults in src/shared/connection-limits.ts. */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Never receives secrets or personal data. Default: stderr. Unused when `logger` is given. */
  log?: (line: string) => void;
  /** Every log line, the existing ones as info events (`--log-format`, `--log-level`). */
  logger?: Logger;
  /** Where /metrics is served (`--metrics HOST:PORT`); never on the public port. Default: not served. */
  metrics?: MetricsAddress;
  /**
   * How long to wait for a PostgreSQL that is not reachable yet at start, retrying with backoff
   * (writable-engine.ts); default 0, one try. `signal` stops the wait.
   */
  databaseWait?: { maxWaitMs: number; signal?: AbortSignal };
  /** First callback retry delay (doubling after); default 5000. Tests shorten it. */
  retryBaseMs?: number;
  /** Callback request timeout; default 10000. Tests shorten it. */
  callbackTimeoutMs?: number;
  /** How long a write waits for another writer's lock (another process's on SQLite, another connection's row lock on PostgreSQL) before answering 503; default 5000. Tests shorten it. */
  busyTimeoutMs?: number;
  /**
   * The origin people reach the service at, e.g. `https://petitions.example.org` (behind a
   * TLS proxy): confirmation links start with it, and console cookies are `Secure` when it is
   * https. Default: `http://HOST:PORT` as listened on.
   */
  publicUrl?: string;
  /** Where confirmation emails go out; without it they wait (and the console says so). */
  smtp?: SmtpSettings;
  /** Where trending alerts are posted, signed with its secret; without it they are only in the console. */
  alertWebhook?: AlertWebhook;
  /** The trending rule's settings (defaults in alerts/trending-rule.ts) and how often it runs. */
  trend?: TrendOptions;
  /**
   * Days after a petition closes when its signers' personal data is erased (`--retain-days-after-close`,
   * src/service/retention/); a petition's own period overrides it. Default: none, kept until an operator erases.
   */
  retainDaysAfterClose?: number | null;
  /** How often the retention sweep runs; default a minute. Tests shorten it. */
  retentionSweepEveryMs?: number;
}

export interface RunningService {
  /** e.g. 'http://127.0.0.1:4010/v1' */
  baseUrl: string;
  /** The operator's console, e.g. 'http://127.0.0.1:4010/admin' (on the public URL when one is set). */
  consoleUrl: string;
  port: number;
  /** e.g. 'http://127.0.0.1:9464/metrics', when served. */
  metricsUrl?: string;
  /** Whether and when signers' personal data is erased (retention/retention-sweep.ts), said at start. */
  retentionLine: string;
  close(): Promise<void>;
}

/** Expired replay memory and unconfirmed signatures whose links expired are removed this often. */
const PRUNE_EVERY_MS = 60_000;

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const host = options.host ?? '127.0.0.1';
  const { logger, log, warnLog, metrics, limitWatch, deliveryWatch } = serviceObservability({ ...options, metricsServed: options.metrics !== undefined });
  const allowPrivate = options.allowPrivateCallbacks ?? false;
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits };
  const ipv6Prefix = options.ipv6Prefix ?? DEFAULT_IPV6_PREFIX;
  const wait = { maxWaitMs: 0, ...options.databaseWait, log };
  const store = createStore(await openWritableEngine(options.dbPath, { busyTimeoutMs: options.busyTimeoutMs }, wait));
  const onPostgres = isPostgresUrl(options.dbPath);
  const health = new DatabaseHealth({
    // A server's database has no file here to watch; its failures are seen by their codes.
    path: onPostgres ? null : options.dbPath,
    store,
    reopen: () => new SqliteEngine(openDatabase(options.dbPath, { busyTimeoutMs: options.busyTimeoutMs, mustExist: true })),
    // Only after an outage, by which time the checkpointer below exists.
    checkpoint: () => checkpointer?.truncate() ?? Promise.resolve(),
    log: warnLog,
  });

  // Instances on one PostgreSQL database share each consumer's budget (shared-rate-limit.ts).
  const consumerRateLimit = new ConsumerRateLimit(options.rateLimitPerMinute ?? 1000, onPostgres, limitWatch);
  const rateLimitSharing = onPostgres ? new RateLimitSharing(store, consumerRateLimit.limit) : undefined;
  const instance = new ServiceInstance(store);
  if (onPostgres) await instance.start();
  const signInLimit = new SignInLimit(store, ipv6Prefix, limitWatch);
  let lastPrune = 0;
  let lastSearchCatchUp = 0;
  const worker = new QueueWorker(
    store,
    health,
    async (now) => {
      await rateLimitSharing?.sync(now);
      await alerts?.tick(now);
      if (now - lastSearchCatchUp >= SEARCH_CATCH_UP_EVERY_MS) {
        lastSearchCatchUp = now;
        await indexWaitingSignatures(store);
      }
      if (now - lastPrune < PRUNE_EVERY_MS) return;
      lastPrune = now;
      await forgetExpiredRequestSignatures(store, now);
      await removeExpiredUnconfirmed(store, now);
      await signInLimit.forgetEnded(now);
    },
    warnLog,
    () => mailer?.poll(),
  );
  // Empties the SQLite WAL in the checkpoint thread (started below, once the service listens);
  // PostgreSQL has no WAL of the service's to empty.
  let checkpointer: WalCheckpointer | undefined;
  const truncateWal = (): Promise<void> => checkpointer?.truncate() ?? Promise.resolve();
  const retention = new RetentionSweep({
    store,
    serviceDays: options.retainDaysAfterClose ?? null,
    // The checkpointer exists by the time the sweep starts; on PostgreSQL there is no WAL to empty.
    truncateWal,
    log,
    everyMs: options.retentionSweepEveryMs,
  });
  const lookups = new SubmissionLookups(store);
  const screen = new SubmissionScreen(store);
  const queue = new SignatureQueue(store, health, lookups, () => mailer?.poll(), metrics);
  const publicUrl = options.publicUrl?.replace(/\/+$/, '');
  let mailer: ConfirmationMailer | undefined;
  let alerts: TrendingAlerts | undefined;
  const deliveryTiming = {
    ...DEFAULT_DELIVERY_TIMING,
    retryBaseMs: options.retryBaseMs ?? DEFAULT_DELIVERY_TIMING.retryBaseMs,
    requestTimeoutMs: options.callbackTimeoutMs ?? DEFAULT_DELIVERY_TIMING.requestTimeoutMs,
  };
  const deliveryContext = { allowPrivate, health, log, instance: instance.id, watch: deliveryWatch };
  const delivery = new CallbackDelivery(store, deliveryTiming, deliveryContext);
  const intake = {
    store,
    queue,
    lookups,
    consumers: new ConsumerDirectory(store),
    consumerRateLimit,
    screen: (submission: ScreenedSubmission) => screen.check(submission),
    health,
    metrics,
  };
  const authFailureLimit = new AuthFailureLimit(options.authFailuresPerMinute ?? 60, ipv6Prefix, limitWatch);
  const app = createRoutes({
    intake,
    authFailureLimit,
    health,
    clientAddress: (c) => c.env.incoming.socket.remoteAddress ?? 'unknown',
    autoGrant: options.autoGrant ?? false,
    callbackProblem: (url) => checkCallbackUrl(url, { allowPrivate }),
    onDeliveryQueued: () => delivery.poll(),
    logger,
    duration: metrics.http,
  });
  app.route(
    CONSOLE_PATH,
    consoleApp({
      store,
      health,
      signInLimit,
      clientAddress: (c) => c.env.incoming.socket.remoteAddress ?? 'unknown',
      secureCookies: publicUrl?.startsWith('https:') ?? false,
      mailConfigured: options.smtp !== undefined,
      onDeliveryQueued: () => delivery.poll(),
      log,
      retention,
      truncateWal,
    }),
  );
  app.route(
    '/confirm',
    confirmationRoutes({ store, recheck: new ConfirmationRecheck(store, screen), codeLimit: new ConfirmationCodeLimit(store, ipv6Prefix), clientAddress: (c) => c.env.incoming.socket.remoteAddress ?? 'unknown' }),
  );
  app.route('/withdraw', withdrawalRoutes(store, truncateWal));

  let server: Server | undefined;
  let metricsListener: MetricsListener | undefined;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const submissions = submissionListener({ intake, authFailureLimit, health, logger, duration: metrics.http }, getRequestListener(app.fetch));
      const listener = metrics.http.listener(withRequestId(submissions));
      const started = createServer(serverTimeouts(limits), listener);
      started.once('error', reject);
      started.listen(options.port ?? 4010, host, () => resolve(started));
    });
    if (options.metrics) metricsListener = await startMetricsListener(metrics.registry, options.metrics);
  } catch (error) {
    // The port was taken (or the host wrong): nothing runs, so the database is let go.
    server?.close();
    if (onPostgres) await instance.stop();
    await store.db.close();
    throw error;
  }
  answerMalformedRequests(server);
  capConnections(server, limits, ipv6Prefix);
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const origin = publicUrl ?? `http://${urlHost}:${port}`;
  mailer = new ConfirmationMailer({
    store,
    mailer: options.smtp ? smtpMailer(options.smtp) : null,
    publicUrl: origin,
    health,
    log,
    instance: instance.id,
    watch: deliveryWatch,
    polled: (now) => metrics.confirmationMailPolled(now),
  });
  metrics.watch({ store, health, walPath: onPostgres ? null : `${options.dbPath}-wal` });
  const consoleUrl = `${origin}${CONSOLE_PATH}`;
  alerts = new TrendingAlerts({
    store,
    webhook: options.alertWebhook,
    trend: options.trend,
    timing: deliveryTiming,
    context: deliveryContext,
    consoleUrl,
    evaluated: (now) => metrics.trendsEvaluated(now),
  });
  // A SQLite file's WAL is copied into it off the event loop (wal-checkpointer.ts).
  checkpointer = onPostgres ? undefined : new WalCheckpointer(options.dbPath, metrics.countingCheckpoints(checkpointLog(warnLog)));
  worker.start();
  delivery.start();
  alerts.start();
  mailer.start();
  health.start();
  retention.start();

  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${urlHost}:${port}/v1`,
    consoleUrl,
    port,
    metricsUrl: metricsListener?.url,
    retentionLine: retention.startLine,
    close() {
      closing ??= (async () => {
        await metricsListener?.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive clients (a proxy's agent) would hold the close open: in-flight requests
          // get two seconds to finish, then every connection is closed.
          const force = setTimeout(() => server.closeAllConnections(), 2000);
          force.unref();
          server.closeIdleConnections();
        });
        health.stop();
        await queue.flush();
        await worker.stop();
        await delivery.stop();
        await alerts?.stop();
        await mailer?.stop();
        await retention.stop();
        if (onPostgres) await instance.stop();
        await checkpointer?.stop();
        await store.db.close();
      })();
      return closing;
    },
  };
}
