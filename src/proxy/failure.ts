// The spec's error body, {"result":"failure","messages":[…]}, as the one shape every failure takes.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldProblem } from '../shared/signature-schema.js';
import { formatProblem } from '../shared/signature-schema.js';
import type { FailureBody } from '../shared/types.js';

export function failureBody(...messages: string[]): FailureBody {
  return { result: 'failure', messages };
}

export function fail(c: Context, status: ContentfulStatusCode, ...messages: string[]): Response {
  return c.json(failureBody(...messages), status);
}

/** 400 for a signer's fields: one message each, and each problem as (field, code) for the browser. */
export function failFields(c: Context, problems: FieldProblem[]): Response {
  const body: FailureBody = {
    ...failureBody(...problems.map(formatProblem)),
    problems: problems.map(({ field, code }) => ({ field, code })),
  };
  return c.json(body, 400);
}
