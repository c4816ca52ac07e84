// On Node, the signature submissions a viral petition brings (POST a form to
// /v1/petitions/:id/signatures) answered ahead of the Hono app: building a Web Request and
// Response around each cost about as much as the rest of the submission (docs/benchmarks.md
// "Service: ingest"). The rule is the app's own (signature-submission.ts's postSignature), read
// and answered the same way: readPostParams, the failed-authentication budget, errorAnswer, the
// same headers. Everything else (a query string, JSON, another path or method) goes to the app,
// which stays the one complete implementation.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { ANSWER_HEADERS } from '../errors/api-error.js';
import type { DatabaseHealth } from '../store/database-health.js';
import { errorAnswer } from './error-answer.js';
import { requestIdOf } from './request-id.js';
import type { Logger } from '../../shared/observability/logger.js';
import type { HttpRequestDuration } from '../../shared/observability/http-request-duration.js';
import type { AuthFailureLimit } from '../limits/rate-limit.js';
import { mediaType, readPostParams } from './request-params.js';
import { SIGNATURE_ACCEPTED, postSignature, type SignatureIntake } from '../signatures/signature-submission.js';

/** The path the app routes as /v1/petitions/:petition_id/signatures, without a query. */
const SIGNATURES_PATH = /^\/v1\/petitions\/([^/?#]+)\/signatures$/;
const SIGNATURES_ROUTE = '/v1/petitions/:petition_id/signatures';

export interface SubmissionListenerOptions {
  intake: SignatureIntake;
  authFailureLimit: AuthFailureLimit;
  health: DatabaseHealth;
  logger: Logger;
  /** Names the route of the submissions answered here, for the request duration histogram. */
  duration: HttpRequestDuration;
}

const ACCEPTED_BODY = Buffer.from(JSON.stringify(SIGNATURE_ACCEPTED));
const ACCEPTED_HEADERS = { ...ANSWER_HEADERS, 'Content-Type': 'application/json', 'Content-Length': String(ACCEPTED_BODY.length) };

export function submissionListener(options: SubmissionListenerOptions, app: RequestListener): RequestListener {
  return (request, response) => {
    const petitionIdText = request.method === 'POST' ? SIGNATURES_PATH.exec(request.url ?? '')?.[1] : undefined;
    const type = mediaType(request.headers['content-type']);
    if (petitionIdText === undefined || (type !== 'application/x-www-form-urlencoded' && type !== '')) {
      app(request, response);
      return;
    }
    options.duration.nameRoute(request, SIGNATURES_ROUTE);
    void submit(options, petitionIdText, request, response);
  };
}

async function submit(options: SubmissionListenerOptions, petitionIdText: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const address = request.socket.remoteAddress ?? 'unknown';
  try {
    options.authFailureLimit.refuseIfSpent(address);
    const params = await readPostParams(request, undefined);
    await postSignature(options.intake, petitionIdText, params, request.url!);
    response.writeHead(202, ACCEPTED_HEADERS).end(ACCEPTED_BODY);
  } catch (error) {
    const answer = errorAnswer(error, options.health, options.logger, requestIdOf(request));
    if (answer.status === 401) options.authFailureLimit.recordFailure(address);
    const body = Buffer.from(JSON.stringify(answer.body));
    if (response.headersSent) return;
    response
      .writeHead(answer.status, { ...ANSWER_HEADERS, ...answer.headers, 'Content-Type': 'application/json', 'Content-Length': String(body.length) })
      .end(body);
  }
}
