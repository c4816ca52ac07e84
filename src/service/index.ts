// The Petitions API v1 service: starts the HTTP server on one SQLite file, with the queue
// worker and the callback delivery loop running in the same process.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { CallbackDelivery, DEFAULT_DELIVERY_TIMING } from './callback-delivery.js';
import { openDatabase } from './database.js';
import { QueueWorker } from './queue-worker.js';
import { RateLimiter } from './rate-limit.js';
import { answerMalformedRequests } from './malformed-http.js';
import { forgetOldRequestSignatures } from './request-auth.js';
import { createRoutes } from './routes.js';
import { SignatureQueue } from './signature-queue.js';
import { createStore } from './store.js';

export interface ServiceOptions {
  /** SQLite file (WAL); its folder and schema are created when missing. */
  dbPath: string;
  /** Default '127.0.0.1'. */
  host?: string;
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Grant every new key request at once (development and demo). */
  autoGrant?: boolean;
  /** Requests per minute per API key; default 1000. */
  rateLimitPerMinute?: number;
  /** Never receives secrets or personal data. Default: stderr. */
  log?: (line: string) => void;
  /** First callback retry delay (doubling after); default 5000. Tests shorten it. */
  retryBaseMs?: number;
  /** How long a write waits for another process's lock before answering 503; default 5000. Tests shorten it. */
  busyTimeoutMs?: number;
}

export interface RunningService {
  /** e.g. 'http://127.0.0.1:4010/v1' */
  baseUrl: string;
  port: number;
  close(): Promise<void>;
}

const RSIG_PRUNE_EVERY_MS = 60_000;

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const store = createStore(openDatabase(options.dbPath, options.busyTimeoutMs));

  let lastPrune = 0;
  const worker = new QueueWorker(store, (now) => {
    if (now - lastPrune < RSIG_PRUNE_EVERY_MS) return;
    lastPrune = now;
    forgetOldRequestSignatures(store, now);
  }, log);
  const queue = new SignatureQueue(store, () => worker.wake());
  const delivery = new CallbackDelivery(
    store,
    { ...DEFAULT_DELIVERY_TIMING, retryBaseMs: options.retryBaseMs ?? DEFAULT_DELIVERY_TIMING.retryBaseMs },
    log,
  );
  const app = createRoutes({
    store,
    queue,
    rateLimiter: new RateLimiter(options.rateLimitPerMinute ?? 1000),
    autoGrant: options.autoGrant ?? false,
    onDeliveryQueued: () => delivery.poll(),
    log,
  });

  let server: ReturnType<typeof serve>;
  try {
    server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const started = serve({ fetch: app.fetch, hostname: host, port: options.port ?? 4010 }, () => resolve(started));
      started.once('error', reject);
    });
  } catch (error) {
    // The port was taken (or the host wrong): nothing runs, so the file is let go.
    store.db.close();
    throw error;
  }
  answerMalformedRequests(server);
  worker.start();
  delivery.start();
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;

  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${urlHost}:${port}/v1`,
    port,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          // Keep-alive clients (a proxy's agent) would hold the close open: in-flight requests
          // get two seconds to finish, then every connection is closed.
          const force = setTimeout(() => {
            if ('closeAllConnections' in server) server.closeAllConnections();
          }, 2000);
          force.unref();
          if ('closeIdleConnections' in server) server.closeIdleConnections();
        });
        queue.flush();
        worker.stop();
        await delivery.stop();
        store.db.close();
      })();
      return closing;
    },
  };
}
