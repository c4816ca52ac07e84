// The signing proxy on Node: makes the Node adapters (key file, SQLite stores, asset folder,
// connection address, undici transport and body reader), has proxy-parts.ts build the proxy from
// them, and serves its app behind the listeners that take signatures and cached reads first.
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { readIncomingText } from '../shared/incoming-body.js';
import type { Hono } from 'hono';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';
import { capConnections, DEFAULT_CONNECTION_LIMITS, serverTimeouts, type ConnectionLimits } from '../shared/connection-limits.js';
import { answerMalformedRequests } from '../shared/malformed-http.js';
import type { Logger } from '../shared/observability/logger.js';
import { startMetricsListener, type MetricsAddress, type MetricsListener } from '../shared/observability/metrics-listener.js';
import { rsigDigest } from '../shared/rsig-digest.js';
import { BODY_LIMIT_BYTES, bodyTooLarge } from './app.js';
import { assetFiles } from './assets/asset-files.js';
import { isElementAsset } from './assets/asset-routes.js';
import { createTimerScheduler } from './background/scheduler.js';
import type { ProxyConfig } from './config/config.js';
import { openStateDatabase } from './config/state-database.js';
import { RequestIds } from './http/request-ids.js';
import { submissionListener } from './http/submission-listener.js';
import { createKeyFile } from './keys/key-file.js';
import { ProxyMetrics } from './metrics/proxy-metrics.js';
import { seenCallbacksInSqlite } from './keys/seen-callback-sqlite.js';
import type { RetryTiming } from './outbox/outbox.js';
import { openOutboxDatabase } from './outbox/outbox-sqlite.js';
import { usedProofsInSqlite } from './proof/used-proof-sqlite.js';
import { buildProxyParts } from './proxy-parts.js';
import { cachedReadListener } from './reads/cached-read-listener.js';
import { lastGoodInSqlite } from './reads/last-good-sqlite.js';
import { httpTransport } from './upstream/http-transport.js';
import { fetchTransport, type UpstreamTransport } from './upstream/upstream-transport.js';
import { ClientAddresses } from './visitors/client-address.js';
import { openWebhookDatabase } from './webhooks/webhook-sqlite.js';
import type { WebhookTiming } from './webhooks/webhooks.js';

export { parseProxyConfig, ProxyConfigError, type ProxyConfig, type PetitionConfig } from './config/config.js';
export { loadProxyConfig } from './config/config-file.js';
export { HONEYPOT_FIELD } from './http/signature-intake.js';
export { createTimerScheduler, WakeScheduler, type Alarm, type ScheduledWork, type Scheduler } from './background/scheduler.js';

export interface ProxyOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 4020; 0 picks a free port. */
  port?: number;
  /** The built elements; default <package root>/dist. */
  assetsDir?: string;
  /** Mounted before the script routes: the demo adds GET / and its own files here. */
  extraRoutes?: (app: Hono) => void;
  log?: (line: string) => void;
  /**
   * The process's one logger (the command line's `--log-format`, `--log-level`): every line goes
   * through it, with the request id of the request it was written for. Wins over `log`.
   */
  logger?: Logger;
  /** Serves /metrics on this address of its own (`--metrics HOST:PORT`); default none. */
  metrics?: MetricsAddress;
  /** Whether each request's id follows its async work (request-ids.ts); default from Node 24 on. */
  requestIdsFollowRequests?: boolean;
  /** Outbox backoff; default 1 s doubling up to 5 min. */
  retry?: RetryTiming;
  /** How often pending key requests are asked about again; default 30 s. */
  keyPollMs?: number;
  /** How long refused callbacks are counted before one line sums them up; default a minute. */
  logSummaryMs?: number;
  /** How long reads leave a failing service alone; default 5 s (upstream-reads.ts). */
  readPauseMs?: number;
  /** Last good answers kept at most; default LAST_GOOD_MAX_ENTRIES (last-good.ts). */
  lastGoodMaxEntries?: number;
  /** Calls to the service through this fetch instead of node:http (tests simulate failures in it). */
  fetch?: typeof fetch;
  /** Calls to the service through this transport (the benchmark counts them); wins over `fetch`. */
  transport?: UpstreamTransport;
  /** Webhook backoff and deadlines; defaults in webhooks.ts (retried for a week). */
  webhookTiming?: WebhookTiming;
  /** Deadlines and caps on connections; defaults in src/shared/connection-limits.ts (the service's too). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** The proof of work's clock (its challenges' expiry); tests set it. Default Date.now. */
  now?: () => number;
}

export interface RunningProxy {
  url: string;
  port: number;
  /** Where /metrics is served, when it is (ProxyOptions.metrics). */
  metricsUrl?: string;
  /** Resolves once every configured petition has a decided key status. */
  keysReady(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_ASSETS_DIR = join(PACKAGE_ROOT, 'dist');

export async function startProxy(config: ProxyConfig, options: ProxyOptions = {}): Promise<RunningProxy> {
  const requestIds = new RequestIds(options.requestIdsFollowRequests);
  const { logger } = options;
  const log = logger
    ? (line: string) => {
        const id = requestIds.current();
        logger.info(line, id === undefined ? undefined : { request_id: id });
      }
    : (options.log ?? ((line: string) => console.log(line)));
  const scheduler = requestIds.scheduler(createTimerScheduler(log));
  // Only when served: timing every request costs the cached reads about a seventh of their
  // throughput (src/proxy/README.md "Metrics and logs"), which an unscraped registry would not repay.
  const metrics = options.metrics ? new ProxyMetrics({ processMetrics: true }) : undefined;
  const stateDb = openStateDatabase(config.dataDir);
  const outboxStore = openOutboxDatabase(config.dataDir);
  const webhookStore = openWebhookDatabase(config.dataDir);
  const transport = requestIds.transport(options.transport ?? (options.fetch ? fetchTransport(options.fetch) : httpTransport()));
  const clientAddresses = new ClientAddresses({ trustProxy: config.trustProxy, log });
  // A request as both the app and the listener ahead of it read it: its client, its body.
  const clientOf = (request: IncomingMessage) => clientAddresses.of(request.socket.remoteAddress ?? 'unknown', (name) => headerOf(request, name));
  const bodyOf = (request: IncomingMessage) => readIncomingText(request, BODY_LIMIT_BYTES, bodyTooLarge);
  const { app, intake, keys, outbox, reads, origins, petitionIds } = buildProxyParts(
    config,
    {
      stores: {
        keys: createKeyFile(config.dataDir),
        outbox: outboxStore,
        webhooks: webhookStore,
        lastGood: lastGoodInSqlite(stateDb),
        seenCallbacks: seenCallbacksInSqlite(stateDb),
        usedProofs: usedProofsInSqlite(stateDb),
      },
      scheduler,
      transport,
      digest: rsigDigest,
      assets: assetFiles(options.assetsDir ?? DEFAULT_ASSETS_DIR, { preload: (path) => isElementAsset(`/${path}`) }),
      clientAddress: (c) => clientOf((c.env as HttpBindings).incoming),
      readBody: (c) => bodyOf((c.env as HttpBindings).incoming),
      log,
      ...(metrics ? { signals: metrics, requestTiming: metrics.http.middleware() } : {}),
      ...(options.now ? { now: options.now } : {}),
      ...(options.extraRoutes ? { extraRoutes: options.extraRoutes } : {}),
    },
    {
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.keyPollMs !== undefined ? { keyPollMs: options.keyPollMs } : {}),
      ...(options.logSummaryMs !== undefined ? { logSummaryMs: options.logSummaryMs } : {}),
      ...(options.readPauseMs !== undefined ? { readPauseMs: options.readPauseMs } : {}),
      ...(options.lastGoodMaxEntries !== undefined ? { lastGoodMaxEntries: options.lastGoodMaxEntries } : {}),
      ...(options.webhookTiming ? { webhooks: options.webhookTiming } : {}),
    },
  );

  const host = options.host ?? '127.0.0.1';
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits };
  metrics?.watch({ outbox: outboxStore, petitionIds: [...petitionIds], keyStatusOf: (id) => keys.statusOf(id) });
  // The routes the listeners ahead of the app answer themselves; the app names its own.
  const named = (template: string, next: RequestListener): RequestListener =>
    metrics
      ? (request, response) => {
          metrics.http.nameRoute(request, template);
          next(request, response);
        }
      : next;
  // Ahead of the app on Node: the two requests a page makes most, taken without a Web Request.
  const fastListeners = submissionListener(
    {
      intake,
      origins,
      petitionIds,
      readBody: bodyOf,
      clientAddress: clientOf,
      log,
    },
    named('/api/petitions/:id/signatures/recent', cachedReadListener({ reads, origins, petitionIds }, getRequestListener(app.fetch))),
  );
  const timed = named('/api/petitions/:id/signatures', fastListeners);
  const listener = requestIds.listener(metrics ? metrics.http.listener(timed) : timed);
  const server = await new Promise<Server>((resolve, reject) => {
    const started = createServer(serverTimeouts(limits), listener);
    started.once('error', reject);
    started.listen(options.port ?? 4020, host, () => resolve(started));
  });
  answerMalformedRequests(server);
  capConnections(server, limits, config.ipv6Prefix);
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  let metricsListener: MetricsListener | undefined;
  // Listening first: the service may post the key outcome to our callback right away.
  try {
    if (metrics && options.metrics) metricsListener = await startMetricsListener(metrics.registry, options.metrics);
    await keys.start();
  } catch (error) {
    server.close();
    await metricsListener?.close();
    await scheduler.close();
    outboxStore.close();
    webhookStore.close();
    stateDb.close();
    transport.close();
    throw error;
  }
  outbox.kick();
  // Deliveries a previous run still owed (it may have been killed) go out now.
  scheduler.wakeAt('webhooks', Date.now());
  log(`petition proxy listening on ${url}`);
  if (metricsListener) log(`metrics at ${metricsListener.url}`);

  return {
    url,
    port,
    ...(metricsListener ? { metricsUrl: metricsListener.url } : {}),
    keysReady: () => keys.ready(),
    async close() {
      await scheduler.close();
      await metricsListener?.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      outboxStore.close();
      webhookStore.close();
      stateDb.close();
      transport.close();
    },
  };
}

/** A request header as the app's Web Headers give it: repeated values joined by ", ". */
function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
