// The service's answers that many operations share (components.responses of service.yaml), and
// the headers its app puts on every answer it makes itself.
import { PETITION_NOT_FOUND } from '../../src/service/petitions/petitions.js';
import { failureResponse, header, headerRef, responseRef, type OpenApiObject } from './response-objects.js';

/**
 * The app sets these on every answer it makes; answers Node's parser makes before the app sees
 * the request (a 400, 408 or 413) carry neither. Nothing depends on them, so they are not
 * required: where present, they must say this.
 */
export function appHeaders(): Record<string, OpenApiObject> {
  return { 'Cache-Control': headerRef('CacheControl'), 'X-Content-Type-Options': headerRef('ContentTypeOptions') };
}

export const serviceHeaders: Record<string, OpenApiObject> = {
  CacheControl: header('Answers are never cached.', { const: 'no-store' }, false),
  ContentTypeOptions: header('Browsers must not guess another content type.', { const: 'nosniff' }, false),
  RetryAfter: header('Seconds to wait before sending the request again.', { type: 'integer', minimum: 1, examples: [1] }),
};

const retryAfter = { 'Retry-After': headerRef('RetryAfter') };

const NOT_VALID_HTTP = 'request: not valid HTTP';
const HEADERS_TOO_LARGE = 'headers: larger than the server accepts';

/** What Node's parser refuses on any path, answered with the error body too (400). */
export const notValidHttpExample = { 'not valid HTTP (Content-Length not a number)': [NOT_VALID_HTTP] };
export const headersTooLargeExample = { 'headers over the limit': [HEADERS_TOO_LARGE] };

export const serviceResponses: Record<string, OpenApiObject> = {
  NotValidHttp: failureResponse('Node refused the request as not valid HTTP (a Content-Length that is not a number, bad framing).', notValidHttpExample, appHeaders()),
  ApiKeyRefused: failureResponse('api_key missing or unknown.', { 'unknown api_key': ['api_key: missing or unknown'] }, appHeaders()),
  PetitionNotFound: failureResponse(
    'No petition with this id. An id that is not a positive integer (wrongid, 0) names none either.',
    { 'unknown petition': [PETITION_NOT_FOUND] },
    appHeaders(),
  ),
  RequestTimeout: failureResponse(
    'The request line and headers (10 s) or the whole request (30 s) did not arrive in time.',
    { 'too slow': ['request: not received in time'] },
  ),
  HeadersTooLarge: failureResponse('The headers are larger than Node accepts (16 KiB).', headersTooLargeExample, appHeaders()),
  RateLimited: failureResponse(
    "Over the api_key's budget (1,000 requests a minute by default), or this address has spent its budget of failed authentications (60 a minute by default): then every request from it is refused until the minute ends.",
    {
      'api_key over its budget': ['api_key: more than 1000 requests a minute; retry after 12 s'],
      'too many failed authentications': ['too many failed authentications from this address; retry after 40 s'],
    },
    { ...appHeaders(), ...retryAfter },
  ),
  AuthFailuresSpent: failureResponse(
    'This address has spent its budget of failed authentications: every request from it is refused until the minute ends.',
    { 'too many failed authentications': ['too many failed authentications from this address; retry after 40 s'] },
    { ...appHeaders(), ...retryAfter },
  ),
  InternalError: failureResponse(
    "Something unexpected failed; the operator's log says where (never the details here).",
    { internal: ['internal error'] },
    appHeaders(),
  ),
  Unavailable: failureResponse(
    'The service cannot write right now: another process holds the database (Retry-After: 1) or its storage failed (Retry-After: 5). Nothing was recorded, so the same request may be sent again as it was.',
    {
      busy: ['service busy: try again in a moment'],
      'storage failed': ['service unavailable: its storage cannot be written; try again shortly'],
    },
    { ...appHeaders(), ...retryAfter },
  ),
};

/** The name of the 405 answer of a path that takes `allow`, e.g. MethodNotAllowedGetHead. */
export function methodNotAllowedName(allow: string): string {
  return `MethodNotAllowed${allow.split(', ').map((method) => method[0] + method.slice(1).toLowerCase()).join('')}`;
}

/** The 405 answer of a path that takes `allow`, as the Allow header says. */
export function methodNotAllowedResponse(allow: string): OpenApiObject {
  return failureResponse(
    `This path takes ${allow} only.`,
    { 'method not allowed': [`method not allowed: this path takes ${allow}`] },
    { ...appHeaders(), Allow: header('The methods this path takes.', { const: allow }) },
  );
}

/** A method a path does not have: 405 whatever the request carries. */
export function methodNotAllowed(allow: string): OpenApiObject {
  return {
    summary: `Not a method of this path (it takes ${allow})`,
    responses: {
      '400': responseRef('NotValidHttp'),
      '405': responseRef(methodNotAllowedName(allow)),
      '408': responseRef('RequestTimeout'),
      '413': responseRef('HeadersTooLarge'),
      '429': responseRef('AuthFailuresSpent'),
    },
  };
}
