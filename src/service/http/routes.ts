// HTTP face of the service under /v1: parse, call the rule, answer. Body limit and content
// type live in request-params.ts, the budgets in rate-limit.ts, and every failure goes through
// the one error handler at the end.
import type { HttpBindings } from '@hono/node-server';
import { Hono } from 'hono';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ANSWER_HEADERS, ApiError, failureBody } from '../errors/api-error.js';
import { errorAnswer } from './error-answer.js';
import { requestAuthKey } from '../auth-keys/auth-key-requests.js';
import { OUTAGE_RETRY_AFTER_SECONDS, type DatabaseHealth } from '../store/database-health.js';
import { parseListQuery, recentSignatures, signaturePage } from '../signatures/pagination.js';
import { signatureBreakdown } from '../geography/signature-breakdown.js';
import { findPetition, petitionIdForUrl, petitionResource } from '../petitions/petitions.js';
import type { AuthFailureLimit } from '../limits/rate-limit.js';
import { readPostParams, textParam } from './request-params.js';
import { postSignature, SIGNATURE_ACCEPTED, type SignatureIntake } from '../signatures/signature-submission.js';
import type { ConsumerRow } from '../store/store.js';
import type { Logger } from '../../shared/observability/logger.js';
import type { HttpRequestDuration } from '../../shared/observability/http-request-duration.js';
import { requestIdOf } from './request-id.js';
import { PACKAGE_VERSION } from '../../package-version.js';

export interface RouteDependencies {
  /** The store, the queue, the consumers and their budget: what a submission needs. */
  intake: SignatureIntake;
  authFailureLimit: AuthFailureLimit;
  health: DatabaseHealth;
  /** The address a request's failed authentications are counted against. */
  clientAddress: (c: Context<{ Bindings: HttpBindings }>) => string;
  autoGrant: boolean;
  /** Checks a callback_endpoint at request time; null when it may be used. */
  callbackProblem: (url: string) => Promise<string | null>;
  /** Called after a key request was granted at once, to send its callback without delay. */
  onDeliveryQueued: () => void;
  logger: Logger;
  /** Times every request of this app and of what is mounted on it (the console, the signer pages). */
  duration: HttpRequestDuration;
}

/** Every path of the API and its methods: another method is 405 with `Allow` (HEAD goes with GET). */
const PATHS: ReadonlyArray<readonly [string, string]> = [
  ['/v1/petitions/get_id', 'GET, HEAD'],
  ['/v1/petitions/:petition_id', 'GET, HEAD'],
  ['/v1/petitions/:petition_id/signatures', 'GET, HEAD, POST'],
  ['/v1/petitions/:petition_id/signatures/recent', 'GET, HEAD'],
  ['/v1/petitions/:petition_id/signatures/breakdown', 'GET, HEAD'],
  ['/v1/petitions/:petition_id/auth_keys', 'POST'],
];

export function createRoutes(deps: RouteDependencies): Hono<{ Bindings: HttpBindings }> {
  const { authFailureLimit, health } = deps;
  const { store, consumers, consumerRateLimit } = deps.intake;
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.use('*', deps.duration.middleware());

  /** An unsigned read: the api_key is all its authentication, so it counts against the budget at once. */
  const reader = async (apiKey: string | undefined): Promise<ConsumerRow> => {
    const consumer = await consumers.authenticate(apiKey);
    consumerRateLimit.take(consumer.id);
    return consumer;
  };

  // Set before the handler so they join the response as it is made (changing a finished
  // response's headers would copy it).
  app.use('*', async (c, next) => {
    for (const [name, value] of Object.entries(ANSWER_HEADERS)) c.header(name, value);
    await next();
  });

  // Up, and not in a storage outage: what the container image's HEALTHCHECK asks
  // (src/container/health-check.ts), as it asks the proxy's own /healthz. Outside /v1, so it
  // never counts against a consumer's budget or an address's failed authentications.
  app.get('/healthz', (c) => {
    const problem = health.problem();
    // A full disk is told apart: it is the operator's to fix, not a moment's busyness.
    if (problem) throw new ApiError(503, [`service unavailable: ${problem}`], { retryAfter: OUTAGE_RETRY_AFTER_SECONDS });
    return c.json({ status: 'ok', version: PACKAGE_VERSION });
  });

  app.use('/v1/*', async (c, next) => {
    const address = deps.clientAddress(c);
    authFailureLimit.refuseIfSpent(address);
    await next();
    if (c.res.status === 401) authFailureLimit.recordFailure(address);
  });

  app.get('/v1/petitions/get_id', async (c) => {
    await reader(c.req.query('api_key'));
    return c.json(await petitionIdForUrl(store, c.req.query('petition_url')));
  });

  app.get('/v1/petitions/:petition_id', async (c) => {
    await reader(c.req.query('api_key'));
    return c.json(petitionResource(await findPetition(store, c.req.param('petition_id')), Date.now()));
  });

  app.get('/v1/petitions/:petition_id/signatures', async (c) => {
    await reader(c.req.query('api_key'));
    const petition = await findPetition(store, c.req.param('petition_id'));
    return c.json(await signaturePage(store, petition, parseListQuery((name) => c.req.query(name))));
  });

  app.get('/v1/petitions/:petition_id/signatures/recent', async (c) => {
    await reader(c.req.query('api_key'));
    return c.json(await recentSignatures(store, await findPetition(store, c.req.param('petition_id'))));
  });

  app.get('/v1/petitions/:petition_id/signatures/breakdown', async (c) => {
    await reader(c.req.query('api_key'));
    return c.json(await signatureBreakdown(store, await findPetition(store, c.req.param('petition_id'))));
  });

  // On Node, submission-listener.ts answers the usual form posts here before the app sees them.
  app.post('/v1/petitions/:petition_id/signatures', async (c) => {
    const params = await readPostParams(c.env.incoming, c.req.query('api_key'));
    await postSignature(deps.intake, c.req.param('petition_id'), params, c.req.path);
    return c.json(SIGNATURE_ACCEPTED, 202);
  });

  app.post('/v1/petitions/:petition_id/auth_keys', async (c) => {
    const params = await readPostParams(c.env.incoming, c.req.query('api_key'));
    const consumer = await consumers.authenticate(textParam(params.values, 'api_key'));
    const petition = await findPetition(store, c.req.param('petition_id'));
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
    if (answer.status === 202) {
      deps.logger.info('key requested', { petition_id: petition.id, consumer_id: consumer.id, granted: deps.autoGrant, request_id: requestIdOf(c.env.incoming) });
    }
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
    const answer = errorAnswer(error, health, deps.logger, requestIdOf(c.env.incoming));
    for (const [name, value] of Object.entries(answer.headers)) c.header(name, value);
    return c.json(answer.body, answer.status as ContentfulStatusCode);
  });

  return app;
}
