// The signing proxy on Cloudflare Workers (deploy/workers/wrangler.jsonc): the script and its
// chunks are answered here, in whichever isolate the request lands, from the static-assets
// binding and with the proxy's own asset routes; everything else goes to the one Durable Object
// (proxy-object.ts), which owns what must be single and durable.
// What this isolate keeps (the config, the asset app, finished files) is made synchronously or
// kept only once read (assets-binding.ts); the one call shared between requests, a read's miss
// (isolate-reads.ts), is waited for a bounded time.
import { Hono } from 'hono';
import { assetRoutes, isElementAsset } from '../assets/asset-routes.js';
import { ProxyError } from '../errors/proxy-error.js';
import { failureResponse } from '../http/failure.js';
import { NOT_SHARED } from '../http/read-answer.js';
import { ProxyConfigError, type ProxyConfig } from '../config/config.js';
import { LISTING_DELAY_MS } from '../reads/read-cache.js';
import { readSharingOf } from '../reads/read-sharing.js';
import { EMBED_STATUS_PATH, originPolicy, proxyOriginRules } from '../visitors/origin-policy.js';
import { assetsBinding } from './assets-binding.js';
import { IsolateReads } from './isolate-reads.js';
import { workerConfig, type WorkerEnv } from './worker-env.js';

export { ProxyObject } from './proxy-object.js';

/** The object's name: one for the whole deployment. */
const OBJECT_NAME = 'proxy';

let config: ProxyConfig | undefined;
let assetApp: Hono | undefined;
let isolateReads: IsolateReads | undefined;

function configOf(env: WorkerEnv): ProxyConfig {
  config ??= workerConfig(env);
  return config;
}

function assetAppOf(env: WorkerEnv): Hono {
  if (assetApp) return assetApp;
  const config = configOf(env);
  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof ProxyError) return failureResponse(c, error);
    console.log(`error answering ${c.req.method} ${c.req.path}: ${error.name}`);
    return failureResponse(c, new ProxyError(500, ['Something went wrong in the petition proxy. Try again later.']));
  });
  app.notFound((c) => failureResponse(c, new ProxyError(404, ['not found'])));
  // The same rule as app.ts: the script is public, a disallowed origin is refused elsewhere.
  app.use(originPolicy(proxyOriginRules(config.publicUrl, config.allowedOrigins), (path) => path === EMBED_STATUS_PATH || isElementAsset(path)));
  app.route('/', assetRoutes(assetsBinding(env.ASSETS)));
  assetApp = app;
  return app;
}

/**
 * How long this isolate keeps an answer: the object's period (cacheSeconds), but at most
 * LISTING_DELAY_MS. A signature through the object invalidates only its cache, and through
 * another isolate, not this one's copy: the object's answers then miss the new signer for at most
 * that second (reads/read-cache.ts), and a copy here adds at most one more, so the signer is
 * listed within 2 s of the thank-you, the demo's promise (test/e2e/demo.test.ts). A signature
 * through this isolate drops its copies at once (isolate-reads.ts). The object itself is then
 * asked about once a second per read per isolate, far below what one object takes.
 */
function isolateReadsOf(env: WorkerEnv): IsolateReads {
  if (isolateReads) return isolateReads;
  const config = configOf(env);
  isolateReads = new IsolateReads({
    origins: proxyOriginRules(config.publicUrl, config.allowedOrigins),
    petitionIds: new Set(config.petitions.map((petition) => petition.id)),
    keptMs: Math.min(LISTING_DELAY_MS, config.cacheSeconds * 1000),
    sharing: readSharingOf(config),
  });
  return isolateReads;
}

function isScriptRead(request: Request): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && new URL(request.url).pathname.endsWith('.js');
}

export default {
  async fetch(request, env) {
    try {
      if (isScriptRead(request)) return await assetAppOf(env).fetch(request);
      const object = env.PROXY.get(env.PROXY.idFromName(OBJECT_NAME));
      return await isolateReadsOf(env).fetch(request, (forwarded) => object.fetch(forwarded));
    } catch (error) {
      // A bad configuration: the operator learns which fields (never their values) from the log.
      if (error instanceof ProxyConfigError) console.log(error.message);
      else console.log(`petition proxy: ${error instanceof Error ? error.name : 'error'} answering ${request.method}`);
      return Response.json({ result: 'failure', messages: ['The petition proxy is not available. Try again later.'] }, { status: 503, headers: { ...NOT_SHARED, 'Retry-After': '5' } });
    }
  },
} satisfies ExportedHandler<WorkerEnv>;
