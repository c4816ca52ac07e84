// HTTP face of the service under /v1: parse, call the rule, answer. Body limit and content
// type live in request-params.ts, rate limit in consumerOf, and every failure goes through
// the one error handler at the end.
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import { ApiError, failureBody } from './api-error.js';
import { requestAuthKey } from './auth-key-requests.js';
import { parseListQuery, recentSignatures, signaturePage } from './pagination.js';
import type { RateLimiter } from './rate-limit.js';
import { ConsumerDirectory } from './request-auth.js';
import { readPostParams, textParam } from './request-params.js';
import type { SignatureQueue } from './signature-queue.js';
import { NO_SIGNATURE_DATA, submitSignature } from './signature-submission.js';
import type { ConsumerRow, PetitionRow, Store } from './store.js';

export interface RouteDependencies {
  store: Store;
  queue: SignatureQueue;
  rateLimiter: RateLimiter;
  autoGrant: boolean;
  /** Called after a key request was granted at once, to send its callback without delay. */
  onDeliveryQueued: () => void;
  log: (line: string) => void;
}

function findPetition(store: Store, idText: string): PetitionRow {
  if (!/^\d{1,15}$/.test(idText)) throw new ApiError(400, ['petition_id: must be a whole number from 1']);
  const petition = store.petitionById.get(Number(idText));
  if (!petition) throw new ApiError(404, ['petition not found']);
  return petition;
}

export function createRoutes(deps: RouteDependencies): Hono<{ Bindings: HttpBindings }> {
  const { store, queue, rateLimiter } = deps;
  const app = new Hono<{ Bindings: HttpBindings }>();

  const consumers = new ConsumerDirectory(store);
  const consumerOf = (apiKey: string | undefined): ConsumerRow => {
    const consumer = consumers.authenticate(apiKey);
    rateLimiter.take(consumer.id);
    return consumer;
  };

  // Set before the handler so they join the response as it is made (changing a finished
  // response's headers would copy it).
  app.use('*', async (c, next) => {
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
    await next();
  });

  app.get('/v1/petitions/:petition_id/signatures', (c) => {
    consumerOf(c.req.query('api_key'));
    const petition = findPetition(store, c.req.param('petition_id'));
    return c.json(signaturePage(store, petition, parseListQuery((name) => c.req.query(name))));
  });

  app.get('/v1/petitions/:petition_id/signatures/recent', (c) => {
    consumerOf(c.req.query('api_key'));
    const petition = findPetition(store, c.req.param('petition_id'));
    return c.json(recentSignatures(store, petition));
  });

  app.post('/v1/petitions/:petition_id/signatures', async (c) => {
    const params = await readPostParams(c);
    if (params.empty) throw new ApiError(400, [NO_SIGNATURE_DATA]);
    const consumer = consumerOf(textParam(params.values, 'api_key'));
    const petition = findPetition(store, c.req.param('petition_id'));
    await submitSignature({ store, queue }, { petition, consumer, params, path: c.req.path, now: Date.now() });
    return c.json({ result: 'success' }, 202);
  });

  app.post('/v1/petitions/:petition_id/auth_keys', async (c) => {
    const params = await readPostParams(c);
    const consumer = consumerOf(textParam(params.values, 'api_key'));
    const petition = findPetition(store, c.req.param('petition_id'));
    const answer = await requestAuthKey(store, {
      petition,
      consumer,
      params,
      path: c.req.path,
      now: Date.now(),
      autoGrant: deps.autoGrant,
    });
    if (deps.autoGrant && answer.status === 202) deps.onDeliveryQueued();
    return c.json(answer.body, answer.status);
  });

  app.notFound((c) => c.json(failureBody(['not found: no such path in this API']), 404));

  app.onError((error, c) => {
    if (error instanceof ApiError) {
      if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
      // The unread rest of a too-large body is not worth keeping the connection for.
      if (error.status === 413) c.header('Connection', 'close');
      return c.json(failureBody(error.messages), error.status);
    }
    if (isBusy(error)) {
      c.header('Retry-After', '1');
      return c.json(failureBody(['service busy: try again in a moment']), 503);
    }
    // Only the error's kind and place: its message could quote SQL or a signer's data.
    deps.log(`unexpected error ${error.name}: ${(error.stack ?? '').split('\n').slice(1, 4).join(' |')}`);
    return c.json(failureBody(['internal error']), 500);
  });

  return app;
}

function isBusy(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  // Extended codes too (SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_RECOVERY, …): all mean "try again".
  return typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code);
}
