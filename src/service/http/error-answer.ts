// What the service answers for a failure, wherever it was thrown: an ApiError as it says, a
// storage failure as 503 with Retry-After, anything else as 500 with only its kind and place
// logged. The Hono app's error handler (routes.ts) and the submission fast path
// (submission-listener.ts) both answer through this, so the two cannot drift apart.
import type { FailureBody } from '../../shared/types.js';
import { ApiError, failureBody } from '../errors/api-error.js';
import type { DatabaseHealth } from '../store/database-health.js';
import { errorCode } from '../errors/error-code.js';
import { NUL_IN_TEXT } from '../store/sql-errors.js';
import type { Logger } from '../../shared/observability/logger.js';

export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: FailureBody;
}

export function errorAnswer(error: unknown, health: DatabaseHealth, logger: Logger, requestId: string): ErrorAnswer {
  if (error instanceof ApiError) {
    const headers: Record<string, string> = {};
    if (error.headers.retryAfter !== undefined) headers['Retry-After'] = String(error.headers.retryAfter);
    if (error.headers.allow !== undefined) headers['Allow'] = error.headers.allow;
    // The unread rest of a too-large body is not worth keeping the connection for.
    if (error.status === 413) headers['Connection'] = 'close';
    return { status: error.status, headers, body: failureBody(error.messages) };
  }
  // A value the checks let through that PostgreSQL cannot store (postgres-engine.ts).
  if (errorCode(error) === NUL_IN_TEXT) return { status: 400, headers: {}, body: failureBody(['a text value holds a NUL character']) };
  const unavailable = health.unavailable(error);
  if (unavailable) {
    return { status: 503, headers: { 'Retry-After': String(unavailable.retryAfter) }, body: failureBody([unavailable.message]) };
  }
  // Only the error's kind and place: its message could quote SQL or a signer's data.
  const { name, stack } = error instanceof Error ? error : new Error(String(typeof error));
  logger.error('unexpected error', { request_id: requestId, error: name, at: (stack ?? '').split('\n').slice(1, 4).join(' |') });
  return { status: 500, headers: {}, body: failureBody(['internal error']) };
}
