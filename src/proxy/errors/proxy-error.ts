// The one failure type of the proxy: a status and the messages of the spec's error body.
// Domain code throws it; http/failure.ts turns it into {"result":"failure","messages":[…]}, as
// the service does with its ApiError (src/service/errors/api-error.ts).
import type { FieldProblem } from '../../shared/signer-fields.js';
import { formatProblem } from '../../shared/signer-fields.js';
import type { FieldProblemRef } from '../../shared/types.js';

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
