// HTTP face of the service under /v1: parse, call the rule, answer. Body limit and content
// type live in request-params.ts, the budgets in rate-limit.ts, and every failure goes through
// the one error handler at the end.
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { ApiError, failureBody } from './api-error.js';
import { requestAuthKey } from './auth-key-requests.js';
import type { DatabaseHealth } from './database-health.js';
import { parseListQuery, recentSignatures, signaturePage } from './pagination.js';
import { findPetition, petitionIdForUrl, petitionResource } from './petitions.js';
import type { AuthFailureLimit, ConsumerRateLimit } from './rate-limit.js';
import { ConsumerDirectory } from './request-auth.js';
import { readPostParams, textParam } from './request-params.js';
import type { SignatureQueue } from './signature-queue.js';
import { NO_SIGNATURE_DATA, submitSignature } from './signature-submission.js';
import type { ConsumerRow, Store } from './store.js';

export interface RouteDependencies {
  store: Store;
  queue: SignatureQueue;
  consumerRateLimit: ConsumerRateLimit;
  authFailureLimit: AuthFailureLimit;
  health: DatabaseHealth;
  /** The address a request's failed authentications are counted against. */
  clientAddress: (c: Context<{ Bindings: HttpBindings }>) => string;
  autoGrant: boolean;
  /** Checks a callback_endpoint at request time; null when it may be used. */
  callbackProblem: (url: string) => Promise<string | null>;
  /** Called after a key request was granted at once, to send its callback without delay. */
  onDeliveryQueued: () => void;
  log: (line: string) => void;
}

/** Every path of the API and its methods: another method is 405 with `Allow` (HEAD goes with GET). */
const PATHS: ReadonlyArray<readonly [string, string]> = [
  ['/v1/petitions/get_id', 'GET, HEAD'],
  ['/v1/petitions/:petition_id', 'GET, HEAD'],
  ['/v1/petitions/:petition_id/signatures', 'GET, HEAD, POST'],
  ['/v1/petitions/:petition_id/signatures/recent', 'GET, HEAD'],
  ['/v1/petitions/:petition_id/auth_keys', 'POST'],
];

export function createRoutes(deps: RouteDependencies): Hono<{ Bindings: HttpBindings }> {
  const { store, queue, consumerRateLimit, authFailureLimit, health } = deps;
  const app = new Hono<{ Bindings: HttpBindings }>();

  const consumers = new ConsumerDirectory(store);
  /** An unsigned read: the api_key is all its authentication, so it counts against the budget at once. */
  const reader = (apiKey: string | undefined): ConsumerRow => {
    const consumer = consumers.authenticate(apiKey);
    consumerRateLimit.take(consumer.id);
    return consumer;
  };

  // Set before the handler so they join the response as it is made (changing a finished
  // response's headers would copy it).
  app.use('*', async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
    await next();
  });

  app.use('/v1/*', async (c, next) => {
    const address = deps.clientAddress(c);
    authFailureLimit.refuseIfSpent(address);
    await next();
    if (c.res.status === 401) authFailureLimit.recordFailure(address);
  });

  app.get('/v1/petitions/get_id', (c) => {
    reader(c.req.query('api_key'));
    return c.json(petitionIdForUrl(store, c.req.query('petition_url')));
  });

  app.get('/v1/petitions/:petition_id', (c) => {
    reader(c.req.query('api_key'));
    return c.json(petitionResource(findPetition(store, c.req.param('petition_id')), Date.now()));
  });

  app.get('/v1/petitions/:petition_id/signatures', (c) => {
    reader(c.req.query('api_key'));
    const petition = findPetition(store, c.req.param('petition_id'));
    return c.json(signaturePage(store, petition, parseListQuery((name) => c.req.query(name))));
  });

  app.get('/v1/petitions/:petition_id/signatures/recent', (c) => {
    reader(c.req.query('api_key'));
    return c.json(recentSignatures(store, findPetition(store, c.req.param('petition_id'))));
  });

  app.post('/v1/petitions/:petition_id/signatures', async (c) => {
    const params = await readPostParams(c);
    if (params.empty) throw new ApiError(400, [NO_SIGNATURE_DATA]);
    const consumer = consumers.authenticate(textParam(params.values, 'api_key'));
    const petition = findPetition(store, c.req.param('petition_id'));
    await submitSignature(
      { store, queue },
      { petition, consumer, params, path: c.req.path, now: Date.now(), chargeRateLimit: () => consumerRateLimit.take(consumer.id) },
    );
    return c.json({ result: 'success' }, 202);
  });

  app.post('/v1/petitions/:petition_id/auth_keys', async (c) => {
    const params = await readPostParams(c);
    const consumer = consumers.authenticate(textParam(params.values, 'api_key'));
    const petition = findPetition(store, c.req.param('petition_id'));
    const answer = await requestAuthKey(store, {
      petition,
      consumer,
      params,
      path: c.req.path,
      now: Date.now(),
      autoGrant: deps.autoGrant,
      chargeRateLimit: () => consumerRateLimit.take(consumer.id),
      callbackProblem: deps.callbackProblem,
    });
    if (deps.autoGrant && answer.status === 202) deps.onDeliveryQueued();
    return c.json(answer.body, answer.status);
  });

  for (const [path, allow] of PATHS) {
    app.all(path, () => {
      throw new ApiError(405, [`method not allowed: this path takes ${allow}`], { allow });
    });
  }

  app.notFound((c) => c.json(failureBody(['not found: no such path in this API']), 404));

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      if (error.headers.retryAfter !== undefined) c.header('Retry-After', String(error.headers.retryAfter));
      if (error.headers.allow !== undefined) c.header('Allow', error.headers.allow);
      // The unread rest of a too-large body is not worth keeping the connection for.
      if (error.status === 413) c.header('Connection', 'close');
      return c.json(failureBody(error.messages), error.status);
    }
    const unavailable = health.unavailable(error);
    if (unavailable) {
      c.header('Retry-After', String(unavailable.retryAfter));
      return c.json(failureBody([unavailable.message]), 503);
    }
    // Only the error's kind and place: its message could quote SQL or a signer's data.
    deps.log(`unexpected error ${error.name}: ${(error.stack ?? '').split('\n').slice(1, 4).join(' |')}`);
    return c.json(failureBody(['internal error']), 500);
  });

  return app;
}
