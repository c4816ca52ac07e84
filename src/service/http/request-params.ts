// Reads a POST's parameters from its body (form or JSON, docs/api.md "Requests") together with
// the REQUEST_STRING that its rsig signs, and reads single parameters with their type checked.
import type { IncomingMessage } from 'node:http';
import { jsonRequestString } from '../../shared/signing.js';
import { readFormBody } from './form-body.js';
import { ApiError } from '../errors/api-error.js';
import { readBodyText } from './request-body.js';

export interface PostParams {
  /** Body parameters: strings from a form, any JSON value from a JSON object. */
  values: Record<string, unknown>;
  /** What rsig signs: the raw form body without its rsig pair, or the JSON's fields form-encoded. */
  requestString: string;
  /** No body at all (or an empty form / empty JSON object). */
  empty: boolean;
}

export function mediaType(contentType: string | undefined): string {
  // As every form post sends it: nothing to take apart.
  if (contentType === 'application/x-www-form-urlencoded') return contentType;
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/**
 * The parameters of a POST read from Node's request, whichever way it reached the service (the
 * Hono app in routes.ts, or submission-listener.ts ahead of it). `queryApiKey`: the api_key of
 * the query string, the only parameter that may also come there (docs/api.md "Requests").
 */
export async function readPostParams(incoming: IncomingMessage, queryApiKey: string | undefined): Promise<PostParams> {
  const raw = await readBodyText(incoming);
  const type = mediaType(incoming.headers['content-type']);
  const query: Record<string, unknown> = queryApiKey === undefined ? {} : { api_key: queryApiKey };
  if (raw.trim() === '') {
    if (type !== '' && type !== 'application/x-www-form-urlencoded' && type !== 'application/json') {
      throw unsupportedType();
    }
    return { values: query, requestString: '', empty: true };
  }
  // Clients of API v1 that post with no Content-Type at all meant a form (docs/api.md "Requests").
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    const form = readFormBody(raw);
    // The first occurrence wins (form-body.ts): a repeated name cannot override a signed earlier value.
    const values = queryApiKey === undefined ? form.values : { ...query, ...form.values };
    return { values, requestString: form.requestString, empty: form.count === 0 };
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
      values: { ...query, ...body },
      requestString: jsonRequestString(body),
      empty: Object.keys(body).length === 0,
    };
  }
  throw unsupportedType();
}

function unsupportedType(): ApiError {
  return new ApiError(415, ['Content-Type: must be application/x-www-form-urlencoded or application/json']);
}

/** A parameter that must be text; absent or another JSON type reads as missing. */
export function textParam(values: Record<string, unknown>, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}
