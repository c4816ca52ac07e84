// Which web pages may use this proxy: requests whose Origin is present and not allowed get 403
// and no CORS headers; allowed origins get CORS headers and preflight answers. Requests with no
// Origin (the service's callbacks, curl, same-origin GETs) are not browser cross-origin calls.
import type { MiddlewareHandler } from 'hono';
import { failureBody } from './failure.js';

export function originPolicy(allowedOrigins: Iterable<string>): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    // Every answer may differ by Origin, so shared caches must keep them apart.
    c.header('Vary', 'Origin');
    if (origin === undefined) return next();
    if (!allowed.has(origin)) return c.json(failureBody('Origin: this website is not allowed to use this petition proxy'), 403);

    c.header('Access-Control-Allow-Origin', origin);
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      c.header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
      c.header('Access-Control-Allow-Headers', 'Content-Type');
      c.header('Access-Control-Max-Age', '600');
      return c.body(null, 204);
    }
    c.header('Access-Control-Expose-Headers', 'Retry-After');
    return next();
  };
}
