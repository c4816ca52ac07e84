// Each visitor's request has an id (its own `X-Request-Id` when that is a short token, else a new
// one; src/shared/observability/request-id.ts), sent to the service with
// every call made while answering it, and on every log line written meanwhile, so one signer's
// request can be followed through both logs. Node only: the id follows the request's async work
// through AsyncLocalStorage. Background work (retries, key polling) runs outside any request, and
// each of its calls to the service gets an id of its own.
// From Node 24 on: there AsyncLocalStorage rides on the async context frame and costs nothing
// measurable, where on Node 20 its promise hooks halved the proxy's throughput (src/proxy/README.md
// "Metrics and logs"). On older Node every call to the service gets an id of its own.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { RequestListener } from 'node:http';
import { REQUEST_ID_HEADER, requestIdFrom } from '../../shared/observability/request-id.js';
import type { Scheduler } from '../background/scheduler.js';
import type { UpstreamTransport } from '../upstream/upstream-transport.js';

/** Whether this Node's AsyncLocalStorage is the cheap one (the async context frame, default from Node 24). */
export const REQUEST_IDS_FOLLOW_REQUESTS = Number(process.versions.node.split('.')[0]) >= 24;

export class RequestIds {
  readonly #current = new AsyncLocalStorage<string>();

  constructor(readonly follow: boolean = REQUEST_IDS_FOLLOW_REQUESTS) {}

  /** The id of the request being answered, if any. */
  current(): string | undefined {
    return this.#current.getStore();
  }

  /** The server's outermost listener: everything that answers the request runs under its id. */
  listener(inner: RequestListener): RequestListener {
    if (!this.follow) return inner;
    return (request, response) => {
      const id = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
      this.#current.run(id, () => inner(request, response));
    };
  }

  /** Every call to the service carries the id of the request it answers, or one of its own. */
  transport(inner: UpstreamTransport): UpstreamTransport {
    return {
      send: (request) => inner.send({ ...request, headers: { ...request.headers, 'X-Request-Id': this.current() ?? randomUUID() } }),
      close: () => inner.close(),
    };
  }

  /**
   * The scheduler's work runs outside any request: a timer set while answering one would otherwise
   * carry its id into every retry after it.
   */
  scheduler(inner: Scheduler): Scheduler {
    if (!this.follow) return inner;
    return {
      register: (name, work) => inner.register(name, (signal) => this.#current.exit(() => work(signal))),
      wakeAt: (name, at) => inner.wakeAt(name, at),
      drain: () => inner.drain(),
      nextWake: () => inner.nextWake(),
      close: () => inner.close(),
    };
  }
}
