// Builders for the OpenAPI objects both documents are made of: answers with a JSON body and named
// examples, failures in the spec's error body, and headers.
import type { JsonSchema } from './object-schema.js';
import { schemaRef } from './object-schema.js';

export type OpenApiObject = { [field: string]: unknown };

export interface Example {
  summary: string;
  value: unknown;
}

export function header(description: string, schema: JsonSchema, required = true): OpenApiObject {
  return { description, required, schema };
}

export function headerRef(name: string): OpenApiObject {
  return { $ref: `#/components/headers/${name}` };
}

export function responseRef(name: string): OpenApiObject {
  return { $ref: `#/components/responses/${name}` };
}

/** Retry-After in seconds, on every 429 and 503 of both servers. */
export const retryAfterHeader = header('Seconds to wait before sending the request again.', { type: 'integer', minimum: 1, examples: [30] });

function withHeaders(response: OpenApiObject, headers: Record<string, OpenApiObject>): OpenApiObject {
  return Object.keys(headers).length > 0 ? { ...response, headers } : response;
}

export function jsonResponse(
  description: string,
  schema: JsonSchema,
  examples: Record<string, Example>,
  headers: Record<string, OpenApiObject> = {},
): OpenApiObject {
  return withHeaders({ description, content: { 'application/json': { schema, examples } } }, headers);
}

/**
 * A failure answer: the spec's error body. `examples` maps a name to the messages of one
 * real answer, e.g. `{ 'unknown api_key': ['api_key: missing or unknown'] }`.
 */
export function failureResponse(
  description: string,
  examples: Record<string, string[]>,
  headers: Record<string, OpenApiObject> = {},
): OpenApiObject {
  const named = Object.fromEntries(
    Object.entries(examples).map(([summary, messages]) => [
      summary.toLowerCase().replaceAll(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, ''),
      { summary, value: { result: 'failure', messages } },
    ]),
  );
  return jsonResponse(description, schemaRef('Failure'), named, headers);
}

/** An answer with no body (204, 304). */
export function emptyResponse(description: string, headers: Record<string, OpenApiObject> = {}): OpenApiObject {
  return withHeaders({ description }, headers);
}
