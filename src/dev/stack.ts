// The whole demo stack in one process, as `petition-embed dev` runs it and as the end-to-end
// tests start it: the service (auto-grant) with its console and a demo operator, the proxy
// configured for it, and the demo page served from the proxy's origin.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { startService, type RunningService } from '../service/index.js';
import { parseProxyConfig, startProxy, type RunningProxy } from '../proxy/index.js';
import { ensureBundle } from './bundle-freshness.js';
import { loadOrCreateDemoState } from './demo-state.js';
import { DEMO_OPT_IN } from './demo-opt-in.js';
import { freePort } from './free-port.js';
import { demoRoutes } from './demo-routes.js';

export interface DevStackOptions {
  /** The package's root folder (holds dist/ and demo/). */
  root: string;
  /** Where the service's database, the demo state and the proxy's data live. */
  dataDir: string;
  host?: string;
  /** The demo's (and proxy's) port; 0 picks a free one. */
  port?: number;
  /** Other sites allowed to embed the elements (the proxy's own origin always is). */
  allowedOrigins?: string[];
  /** Sites allowed only to frame the embed pages (the proxy's frameOrigins). */
  frameOrigins?: string[];
  /** Signers seeded into the demo petition the first time. */
  seedCount?: number;
  log?: (line: string) => void;
}

export interface DevStack {
  /** The demo page, on the proxy's origin. */
  url: string;
  petitionId: number;
  service: RunningService;
  proxy: RunningProxy;
  /** The operator's console and the demo operator's sign-in. */
  console: { url: string; email: string; password: string };
  close(): Promise<void>;
}

export async function startDevStack(options: DevStackOptions): Promise<DevStack> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const host = options.host ?? '127.0.0.1';
  mkdirSync(options.dataDir, { recursive: true });

  await ensureBundle(options.root, log);

  const dbPath = join(options.dataDir, 'service.db');
  const demo = await loadOrCreateDemoState(options.dataDir, dbPath, options.seedCount ?? 3000);
  const service = await startService({ dbPath, host, port: 0, autoGrant: true, allowPrivateCallbacks: true, log });

  try {
    const port = options.port || (await freePort(host));
    const publicUrl = `http://${host}:${port}`;
    const config = parseProxyConfig({
      upstream: service.baseUrl,
      apiKey: demo.apiKey,
      secret: demo.secret,
      publicUrl,
      allowedOrigins: options.allowedOrigins ?? [],
      frameOrigins: options.frameOrigins ?? [],
      petitions: [
        {
          id: demo.petitionId,
          source: `${publicUrl}/`,
          sourceDescription: 'petition-embed demo page',
          requesterEmail: 'demo@example.org',
          // Shows the consent checkbox a campaign would offer (never ticked for the signer).
          optIns: [DEMO_OPT_IN],
        },
      ],
      operator: {
        name: 'petition-embed demo service',
        termsUrl: `${publicUrl}/terms`,
        privacyUrl: `${publicUrl}/privacy`,
      },
      dataDir: join(options.dataDir, 'proxy'),
      rateLimit: { signaturesPerIpPerMinute: 30 },
    });
    const demoPage = readFileSync(join(options.root, 'demo', 'index.html'), 'utf8');
    const proxy = await startProxy(config, {
      host,
      port,
      assetsDir: join(options.root, 'dist'),
      extraRoutes: (app: Hono) => demoRoutes(app, { demoPage, petitionId: demo.petitionId }),
      log,
    });
    await proxy.keysReady();
    return {
      url: `${publicUrl}/`,
      petitionId: demo.petitionId,
      service,
      proxy,
      console: { url: service.consoleUrl, email: demo.operatorEmail, password: demo.operatorPassword },
      async close() {
        await proxy.close();
        await service.close();
      },
    };
  } catch (error) {
    await service.close();
    throw error;
  }
}
