// `http_server_request_duration_seconds` as OpenTelemetry's HTTP semantic conventions name it: a
// histogram by route template (never the raw path: ids would make it unbounded), method (the
// known set, others `_OTHER`) and status class (`2xx`; empty when no answer was sent, as OTel
// leaves the attribute out). On Node the outermost listener times every request, including those
// the fast-path listeners answer ahead of a Hono app, and whatever matched the request names its
// route; without such a listener (the Workers runtime) the Hono middleware times on its own.
import type { RequestListener } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { Histogram, type Registry } from 'prom-client';

/** The route of a request nothing matched (a 404, a malformed request). */
const UNMATCHED_ROUTE = '_unmatched';

const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

/** OpenTelemetry's recommended boundaries for this instrument, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

type DurationLabels = 'http_route' | 'http_request_method' | 'http_response_status_code';

export class HttpRequestDuration {
  readonly #histogram: Histogram<DurationLabels>;
  /** Requests timed by listener(), with the route template named so far. */
  readonly #routes = new WeakMap<object, string>();

  constructor(registry: Registry) {
    this.#histogram = new Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'Duration of HTTP server requests, from their arrival to the end of the answer.',
      labelNames: ['http_route', 'http_request_method', 'http_response_status_code'],
      buckets: BUCKETS,
      registers: [registry],
    });
  }

  /** Records one request; `status` undefined when no answer was sent (the client went away). */
  observe(route: string, method: string | undefined, status: number | undefined, seconds: number): void {
    this.#histogram.observe(
      {
        http_route: route,
        http_request_method: method !== undefined && KNOWN_METHODS.has(method) ? method : '_OTHER',
        http_response_status_code: status === undefined ? '' : `${Math.floor(status / 100)}xx`,
      },
      seconds,
    );
  }

  /** Wraps a server's outermost listener: every request is timed until its response closes. */
  listener(inner: RequestListener): RequestListener {
    return (request, response) => {
      const start = performance.now();
      this.#routes.set(request, UNMATCHED_ROUTE);
      response.once('close', () => {
        const status = response.headersSent ? response.statusCode : undefined;
        this.observe(this.#routes.get(request) ?? UNMATCHED_ROUTE, request.method, status, (performance.now() - start) / 1000);
      });
      inner(request, response);
    };
  }

  /** What a listener ahead of the Hono app calls for the requests it answers itself. */
  nameRoute(request: object, template: string): void {
    if (this.#routes.has(request)) this.#routes.set(request, template);
  }

  /** Names the matched route for listener(), or times the request itself where there is none. */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const incoming = (c.env as { incoming?: object } | undefined)?.incoming;
      const start = performance.now();
      await next();
      if (incoming !== undefined && this.#routes.has(incoming)) this.#routes.set(incoming, routeTemplate(c));
      else this.observe(routeTemplate(c), c.req.method, c.res.status, (performance.now() - start) / 1000);
    };
  }
}

/**
 * The route that answered, or when a catch-all middleware (`app.use('/v1/*')`) answered first (a
 * 429 before the route ran), the first route after it that is not one: the handler's own
 * template. Never a route matched after the one that answered (the proxy's `GET /*` for its
 * script files matches every GET).
 */
function routeTemplate(c: Context): string {
  const routes = matchedRoutes(c);
  for (let index = c.req.routeIndex; index < routes.length; index++) {
    const route = routes[index]!;
    if (route.method !== 'ALL' || !route.path.endsWith('*')) return route.path;
  }
  return UNMATCHED_ROUTE;
}
