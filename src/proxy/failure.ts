// The spec's error body, {"result":"failure","messages":[…]}, as the one shape every failure takes.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FailureBody } from '../shared/types.js';

export function failureBody(...messages: string[]): FailureBody {
  return { result: 'failure', messages };
}

export function fail(c: Context, status: ContentfulStatusCode, ...messages: string[]): Response {
  return c.json(failureBody(...messages), status);
}
