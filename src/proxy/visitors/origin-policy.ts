// Which web pages may use this proxy's API: requests whose Origin is present and not allowed get
// 403 and no CORS headers; allowed origins get CORS headers and preflight answers. Requests with
// no Origin (the service's callbacks, curl, same-origin GETs) are not browser cross-origin calls.
// The elements' script, its chunks and the embed status are public to every origin: a page the
// proxy refuses still loads the elements, which then ask the embed status and explain why they
// cannot work, while the petition data stays out of that page's reach.
import type { MiddlewareHandler } from 'hono';
import type { EmbedStatus } from '../../shared/types.js';
import { ProxyError } from '../errors/proxy-error.js';

/** The path the elements ask when the API refuses them: may this page use the proxy? */
export const EMBED_STATUS_PATH = '/embed-status';

export class OriginRules {
  readonly #allowed: ReadonlySet<string>;

  constructor(allowedOrigins: Iterable<string>) {
    this.#allowed = new Set(allowedOrigins);
  }

  allows(origin: string): boolean {
    return this.#allowed.has(origin);
  }

  /** What the embed status answers a page with this Origin (none: a same-origin or non-browser call). */
  status(origin: string | undefined): EmbedStatus {
    return { origin: origin ?? null, origin_allowed: origin === undefined || this.allows(origin) };
  }
}

/** The proxy's own origin is always allowed: its demo page and `/embed-status` checks. */
export function proxyOriginRules(publicUrl: string, allowedOrigins: readonly string[]): OriginRules {
  return new OriginRules([new URL(publicUrl).origin, ...allowedOrigins]);
}

/**
 * The CORS headers of an API answer (not a preflight) to a page with this Origin, or undefined
 * when the origin is refused. The one statement of that rule, for the middleware below and for
 * cached reads answered ahead of the app on Node (cached-read-listener.ts).
 */
export function apiCorsHeaders(rules: OriginRules, origin: string | undefined): Record<string, string> | undefined {
  // Every answer may differ by Origin, so shared caches must keep them apart.
  if (origin === undefined) return { Vary: 'Origin' };
  if (!rules.allows(origin)) return undefined;
  return { Vary: 'Origin', 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': 'Retry-After, X-Petition-Stale' };
}

/**
 * `isPublic` says which paths any page may load: the elements' code and the embed status (the
 * composition root passes it, since the asset routes know their own paths).
 */
export function originPolicy(rules: OriginRules, isPublic: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    // Every answer may differ by Origin, so shared caches must keep them apart.
    c.header('Vary', 'Origin');
    if (origin === undefined) return next();
    if (isPublic(c.req.path)) {
      // No credentials are ever involved, so the wildcard is enough.
      c.header('Access-Control-Allow-Origin', '*');
      return next();
    }
    const cors = apiCorsHeaders(rules, origin);
    if (!cors) throw new ProxyError(403, ['Origin: this website is not allowed to use this petition proxy']);

    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      c.header('Access-Control-Allow-Origin', origin);
      c.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      c.header('Access-Control-Allow-Headers', 'Content-Type');
      c.header('Access-Control-Max-Age', '600');
      return c.body(null, 204);
    }
    for (const [name, value] of Object.entries(cors)) c.header(name, value);
    return next();
  };
}
