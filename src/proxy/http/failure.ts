// The HTTP side of a failure: the spec's error body, {"result":"failure","messages":[…]}, for a
// ProxyError (errors/proxy-error.ts) that routes, middleware and domain code throw; the app's one
// onError (app.ts) renders it with failureResponse, as the service's error-answer.ts does.
import type { Context } from 'hono';
import type { FailureBody } from '../../shared/types.js';
import { ProxyError, type FailureStatus } from '../errors/proxy-error.js';
import { NOT_SHARED } from './read-answer.js';

function failureBody(...messages: string[]): FailureBody {
  return { result: 'failure', messages };
}

/**
 * What a failure answers, whichever way it is written: the app's onError below or
 * submission-listener.ts. Never kept by a cache in front of the proxy: a 429 or 403 is one
 * visitor's, a 503 or 404 would outlive its cause there (read-answer.ts).
 */
export function failureAnswer(error: ProxyError): { status: FailureStatus; headers: Record<string, string>; body: FailureBody } {
  const headers: Record<string, string> = { ...NOT_SHARED, ...(error.details.retryAfter === undefined ? {} : { 'Retry-After': String(error.details.retryAfter) }) };
  const body: FailureBody = {
    ...failureBody(...error.messages),
    ...(error.details.problems ? { problems: error.details.problems } : {}),
  };
  return { status: error.status, headers, body };
}

export function failureResponse(c: Context, error: ProxyError): Response {
  const { status, headers, body } = failureAnswer(error);
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json(body, status);
}

/**
 * Any other error, as the browser gets it: the message may carry internals, so the log gets
 * its name and `where` (method and path), the browser the spec's body only.
 */
export function unexpectedFailure(error: unknown, where: string, log: (line: string) => void): ProxyError {
  if (error instanceof ProxyError) return error;
  log(`error answering ${where}: ${error instanceof Error ? error.name : typeof error}`);
  return new ProxyError(500, ['Something went wrong in the petition proxy. Try again later.']);
}
