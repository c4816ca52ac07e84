// The one failure type of the service: a status and the messages of the spec's error body.
// Domain code throws it; the error handler in routes.ts turns it into {"result":"failure",…}.
import type { FailureBody } from '../../shared/types.js';

export type FailureStatus = 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 429 | 500 | 503;

export interface ApiErrorHeaders {
  /** Seconds, for 429 and 503. */
  retryAfter?: number;
  /** The methods a path has, for 405. */
  allow?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: FailureStatus,
    readonly messages: string[],
    readonly headers: ApiErrorHeaders = {},
  ) {
    super(messages.join('; '));
    this.name = 'ApiError';
  }
}

export function failureBody(messages: string[]): FailureBody {
  return { result: 'failure', messages };
}

/** Every answer of the service carries these, whichever way it was made (routes.ts, submission-listener.ts). */
export const ANSWER_HEADERS: Readonly<Record<string, string>> = { 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
