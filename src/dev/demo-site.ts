// The demo page alone, on an origin of its own, with the elements loaded from a proxy that runs
// elsewhere: how a real site embeds them (the proxy's allowedOrigins must list this origin).
// `petition-embed dev site` runs it; compose.yaml runs it beside the service and the proxy.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { demoRoutes } from './demo-routes.js';

export interface DemoSiteOptions {
  /** The package's root folder (holds demo/). */
  root: string;
  /** The proxy's URL as browsers reach it, e.g. http://localhost:4020. */
  proxyUrl: string;
  petitionId: number;
  host: string;
  port: number;
}

export interface DemoSite {
  url: string;
  close(): Promise<void>;
}

export async function startDemoSite(options: DemoSiteOptions): Promise<DemoSite> {
  // The page names the script by path, for when the proxy serves it (src/dev/stack.ts).
  const script = new URL('/petition-embed.js', options.proxyUrl).href;
  const demoPage = readFileSync(join(options.root, 'demo', 'index.html'), 'utf8').replace('src="/petition-embed.js"', `src="${script}"`);
  const app = new Hono();
  demoRoutes(app, { demoPage, petitionId: options.petitionId });
  // For the container image's health check (src/container/health-check.ts), as on the proxy.
  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
