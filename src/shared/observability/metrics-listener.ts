// `/metrics` in the Prometheus text format, on a listen address of its own (`--metrics
// HOST:PORT`, off unless asked for): what a server counts is for its operator's scraper, never
// for the public port a signer reaches. Any other path is 404.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry, collectDefaultMetrics } from 'prom-client';

export interface MetricsAddress {
  host: string;
  port: number;
}

export interface MetricsListener {
  /** e.g. 'http://127.0.0.1:9464/metrics' */
  url: string;
  port: number;
  close(): Promise<void>;
}

export const METRICS_ADDRESS_RULE = 'must be HOST:PORT, e.g. 127.0.0.1:9464 or [::1]:9464 (port 0 picks a free one)';

/**
 * A registry with the process's own families (CPU, memory, and `nodejs_eventloop_lag_*`, the
 * event loop's delay measured by monitorEventLoopDelay), to which a server adds its own.
 */
export function createMetricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** `HOST:PORT` (an IPv6 host in brackets) or null when it is not one. */
export function parseMetricsAddress(text: string): MetricsAddress | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^\s:[\]]+)):(\d{1,5})$/.exec(text);
  if (!match) return null;
  const port = Number(match[3]);
  if (port > 65535) return null;
  return { host: (match[1] ?? match[2])!, port };
}

export async function startMetricsListener(registry: Registry, address: MetricsAddress): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found: metrics are at /metrics\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': registry.contentType }).end(request.method === 'HEAD' ? undefined : text),
      // A collect callback that failed (a store read during an outage): the scrape fails as a
      // whole, which Prometheus records as `up 0`, rather than a partial page.
      () => response.writeHead(503, { 'Content-Type': 'text/plain' }).end('metrics could not be collected\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = address.host.includes(':') ? `[${address.host}]` : address.host;
  return {
    url: `http://${urlHost}:${port}/metrics`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
