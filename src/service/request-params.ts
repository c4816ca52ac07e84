// Reads a POST's parameters from its body (form or JSON, docs/api.md "Requests") together with
// the REQUEST_STRING that its rsig signs, and reads single parameters with their type checked.
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { formRequestString, jsonRequestString } from '../shared/signing.js';
import { ApiError } from './api-error.js';
import { readBodyText } from './request-body.js';

export type NodeContext = Context<{ Bindings: HttpBindings }>;

export interface PostParams {
  /** Body parameters: strings from a form, any JSON value from a JSON object. */
  values: Record<string, unknown>;
  /** What rsig signs: the raw form body without its rsig pair, or the JSON's fields form-encoded. */
  requestString: string;
  /** No body at all (or an empty form / empty JSON object). */
  empty: boolean;
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

export async function readPostParams(c: NodeContext): Promise<PostParams> {
  const raw = await readBodyText(c.env.incoming);
  const type = mediaType(c.req.header('content-type'));
  if (raw.trim() === '') {
    if (type !== '' && type !== 'application/x-www-form-urlencoded' && type !== 'application/json') {
      throw unsupportedType();
    }
    return { values: queryValues(c), requestString: '', empty: true };
  }
  // Clients of API v1 that post with no Content-Type at all meant a form (docs/api.md "Requests").
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    const pairs = new Map<string, string>();
    for (const [key, value] of new URLSearchParams(raw)) {
      // The first occurrence wins; a repeated name cannot override a signed earlier value.
      if (!pairs.has(key)) pairs.set(key, value);
    }
    // fromEntries defines own properties: a pair named __proto__ stays plain data.
    const values = { ...queryValues(c), ...Object.fromEntries(pairs) };
    return { values, requestString: formRequestString(raw), empty: pairs.size === 0 };
  }
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new ApiError(400, ['body: is not valid JSON']);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new ApiError(400, ['body: must be a JSON object of parameters']);
    }
    const body = parsed as Record<string, unknown>;
    // A parameter is a single value. Nested ones have no request-string form, and a deep one
    // would overflow the stack of anything that walks it, before authentication.
    const nested = Object.keys(body).filter((name) => typeof body[name] === 'object' && body[name] !== null);
    if (nested.length > 0) {
      throw new ApiError(400, nested.map((name) => `${name}: must be text, a number, true or false`));
    }
    return {
      values: { ...queryValues(c), ...body },
      requestString: jsonRequestString(body),
      empty: Object.keys(body).length === 0,
    };
  }
  throw unsupportedType();
}

function unsupportedType(): ApiError {
  return new ApiError(415, ['Content-Type: must be application/x-www-form-urlencoded or application/json']);
}

/** Only api_key may also come in a POST's query string (docs/api.md "Requests"). */
function queryValues(c: NodeContext): Record<string, unknown> {
  const apiKey = c.req.query('api_key');
  return apiKey === undefined ? {} : { api_key: apiKey };
}

/** A parameter that must be text; absent or another JSON type reads as missing. */
export function textParam(values: Record<string, unknown>, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}
