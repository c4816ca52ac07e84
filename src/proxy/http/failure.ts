// The one failure type of the proxy and the spec's error body, {"result":"failure","messages":[…]}.
// Routes, middleware and domain code throw ProxyError; the app's one onError (app.ts) renders it
// with failureResponse, as the service does with its ApiError (src/service/errors/api-error.ts).
import type { Context } from 'hono';
import type { FieldProblem } from '../../shared/signer-fields.js';
import { formatProblem } from '../../shared/signer-fields.js';
import type { FailureBody, FieldProblemRef } from '../../shared/types.js';

export type FailureStatus = 400 | 401 | 403 | 404 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

export interface FailureDetails {
  /** Seconds, for 429 and 503 (docs/api.md "Errors": every 503 carries Retry-After). */
  retryAfter?: number;
  /** A signer's field problems as (field, code), beside their messages. */
  problems?: FieldProblemRef[];
}

export class ProxyError extends Error {
  constructor(
    readonly status: FailureStatus,
    readonly messages: string[],
    readonly details: FailureDetails = {},
  ) {
    super(messages.join('; '));
    this.name = 'ProxyError';
  }

  /** 400 for a signer's fields: one message each, and each problem as (field, code) for the browser. */
  static fields(problems: FieldProblem[]): ProxyError {
    return new ProxyError(400, problems.map(formatProblem), { problems: problems.map(({ field, code }) => ({ field, code })) });
  }
}

function failureBody(...messages: string[]): FailureBody {
  return { result: 'failure', messages };
}

/** What a failure answers, whichever way it is written: the app's onError below or submission-listener.ts. */
export function failureAnswer(error: ProxyError): { status: FailureStatus; headers: Record<string, string>; body: FailureBody } {
  const headers: Record<string, string> = error.details.retryAfter === undefined ? {} : { 'Retry-After': String(error.details.retryAfter) };
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
