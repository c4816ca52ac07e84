// What requests to the service carry: api_key, the signing parameters, the two POST bodies (form
// and JSON), and the list parameters (decisions.md "Authentication", "Signature list").
import { BODY_LIMIT_BYTES } from '../../src/service/http/request-body.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../src/service/signatures/pagination.js';
import { SIGNER_LANGUAGES } from '../../src/service/confirmation/signer-language.js';
import { OPT_IN_ID, OPT_INS_MAX } from '../../src/shared/consent.js';
import { OPT_INS_FIELD } from '../../src/shared/signature-opt-ins.js';
import { WITHDRAWAL_TOKEN_FIELD, WITHDRAWAL_TOKEN_LENGTH } from '../../src/shared/withdrawal-token.js';
import { KEY_REQUEST_URL_MAX_LENGTH } from '../../src/shared/signed-body-limit.js';
import type { AuthKeyRequestInput } from '../../src/shared/types.js';
import { objectSchema, petitionId, schemaRef, type JsonSchema } from './object-schema.js';
import type { OpenApiObject } from './response-objects.js';

export const signingParametersSchema: JsonSchema = {
  type: 'object',
  description:
    'The parameters of a signed request. rsig is the lowercase hex SHA-256 of REQUEST_STRING + SECRET + AUTH_KEY joined with no separator: REQUEST_STRING is the form body exactly as sent without its rsig pair (send rsig last: the body up to "&rsig="), or for a JSON body its top-level fields form-encoded in their order; SECRET is the consumer\'s secret; AUTH_KEY is the petition\'s authorization key for a signature and empty for a key request. Known-answer vectors: test/fixtures/signing-vectors.json.',
  properties: {
    api_key: { type: 'string', description: 'The public API key. May instead be in the query string.', examples: ['pk_7d1f0c'] },
    timestamp: {
      type: 'string',
      description:
        "ISO 8601 to the second or finer, in UTC (Z) or with any offset. More than 5 minutes from the service's clock: 401. Put milliseconds in it: two requests identical to the byte are one request sent twice.",
      examples: ['2026-11-22T10:00:00Z', '2026-11-22T10:00:00.123Z', '2026-11-22T03:00:00-07:00'],
    },
    endpoint: { type: 'string', description: 'The path requested, from the version on. Another path: 401.', examples: ['/v1/petitions/42/signatures'] },
    rsig: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'The request signature; send it as the last pair.' },
  },
  required: ['timestamp', 'endpoint', 'rsig'],
};

export const keyRequestSchema = objectSchema<AuthKeyRequestInput>(
  {
    source_description: { type: 'string', maxLength: 255, description: 'The kind of medium around which signatures will be gathered.' },
    source: {
      type: 'string',
      maxLength: 255,
      description: "Where signatures will be gathered, unique to the consumer (usually a URL). Kept byte for byte: signature submissions send it back.",
    },
    requester_email: { type: 'string', format: 'email', maxLength: 255 },
    callback_endpoint: {
      type: 'string',
      format: 'uri',
      maxLength: KEY_REQUEST_URL_MAX_LENGTH,
      description:
        'An http or https URL that receives the outcome (see the authKeyOutcome webhook). Unless the service runs with --allow-private-callbacks it must not be, or resolve to, a loopback, private, link-local, unique-local, reserved or metadata address.',
    },
  },
  {},
  { open: true, description: 'Values are kept and echoed exactly as sent (not trimmed); none may be blank.' },
);

/** An opt-in's id as the pattern of one list item (consent.ts anchors it). */
const optInId = OPT_IN_ID.source.slice(1, -1);

const submissionPartSchema: JsonSchema = {
  type: 'object',
  properties: {
    source: { type: 'string', description: 'The source of the granted key request; it identifies the authorization key.' },
    auth_key: {
      type: 'string',
      description: 'May be left out: the key is found from the petition, the api_key and source, and proven by rsig (which it salts).',
    },
    lang: {
      type: 'string',
      description: `The signer's language, for the confirmation email and page of a petition that confirms signers: ${SIGNER_LANGUAGES.join(', ')} (a region is ignored: de-CH and de_DE are de). Anything else, or nothing, is English.`,
      examples: ['de'],
    },
    client_address: {
      type: 'string',
      description: "Where the signature came from (sent by the signing proxy; absent or empty: not known). The signer's IP address, IPv4 or IPv6. Kept with the signature for the operator's abuse review, never in an answer or a log; not an address: 400.",
      examples: ['203.0.113.7'],
    },
    utm_source: {
      type: 'string',
      maxLength: 200,
      description: 'The utm_source of the page the signer signed on (sent by the signing proxy). No control characters; otherwise 400.',
    },
    referrer_host: {
      type: 'string',
      maxLength: 253,
      description: "The host of that page's referrer as a URL parser writes it: lower case, no scheme, port or path (sent by the signing proxy); otherwise 400.",
      examples: ['news.example.org'],
    },
    [OPT_INS_FIELD]: {
      type: 'string',
      pattern: `^(${optInId}(,${optInId}){0,${OPT_INS_MAX - 1}})?$`,
      description: `Sent only by the signing proxy: the ids of the petition's opt-ins the signer ticked, comma-separated, at most ${OPT_INS_MAX}; empty: none ticked; absent: not known. Anything else is 400 "${OPT_INS_FIELD}: …". Kept with the signature for the console's opt-in rates, erased with the signer, not in the CSV export.`,
      examples: ['campaign-news,sms'],
    },
    [WITHDRAWAL_TOKEN_FIELD]: {
      type: 'string',
      pattern: `^[A-Za-z0-9_-]{${WITHDRAWAL_TOKEN_LENGTH}}$`,
      description: `Optional: a token the consumer made for its signer's withdrawal link (32 random bytes, base64url, ${WITHDRAWAL_TOKEN_LENGTH} characters; anything else is 400 "${WITHDRAWAL_TOKEN_FIELD}: …"). The service keeps only its SHA-256; the signer withdraws on the service's page /withdraw/{token} (outside /v1: GET shows a button, POST withdraws). Kept only for a signature this request created: a duplicate's token, or one sent again for an address waiting for its confirmation, leads nowhere.`,
    },
  },
  required: ['source'],
};

export const serviceRequestSchemas: Record<string, JsonSchema> = {
  SigningParameters: signingParametersSchema,
  KeyRequest: keyRequestSchema,
  SignatureSubmission: {
    description: 'A signed signature submission: the signing parameters, source (and optionally auth_key), and the signer\'s fields.',
    allOf: [schemaRef('SigningParameters'), submissionPartSchema, schemaRef('SignerFields')],
  },
  KeyRequestSubmission: {
    description: 'A signed key request (AUTH_KEY empty in rsig).',
    allOf: [schemaRef('SigningParameters'), schemaRef('KeyRequest')],
  },
};

/** A POST body: a form (also when no Content-Type is sent) or a JSON object of single values. */
export function postBody(schemaName: string, formExample: string, jsonExample: Record<string, unknown>): OpenApiObject {
  return {
    required: true,
    description: `At most ${BODY_LIMIT_BYTES} bytes (16 KiB raised to fit the largest valid signature in any script). application/x-www-form-urlencoded, also when no Content-Type is sent; application/json takes one value per parameter (text, number, true, false or null: nested values are refused with 400). Any other type: 415.`,
    content: {
      'application/x-www-form-urlencoded': { schema: schemaRef(schemaName), examples: { signed: { summary: 'A signed form body', value: formExample } } },
      'application/json': { schema: schemaRef(schemaName), examples: { signed: { summary: 'The same as JSON (unsigned here)', value: jsonExample } } },
    },
  };
}

export const serviceParameters: Record<string, OpenApiObject> = {
  petition_id: {
    name: 'petition_id',
    in: 'path',
    required: true,
    description: 'The petition. Anything that is not a positive integer is 404 petition not found.',
    schema: petitionId,
  },
  api_key: { name: 'api_key', in: 'query', required: true, description: 'The public API key.', schema: { type: 'string' }, example: 'pk_7d1f0c' },
  api_key_in_post: {
    name: 'api_key',
    in: 'query',
    required: false,
    description: 'The public API key, when it is not a body parameter (a body value wins).',
    schema: { type: 'string' },
  },
  page: { name: 'page', in: 'query', description: 'From 1; beyond the last page: an empty page. Not a positive integer: 400.', schema: { type: 'integer', minimum: 1, default: 1 } },
  page_size: {
    name: 'page_size',
    in: 'query',
    description: `Signatures a page; above ${MAX_PAGE_SIZE} is read as ${MAX_PAGE_SIZE}. Below 1 or not an integer: 400.`,
    schema: { type: 'integer', minimum: 1, default: DEFAULT_PAGE_SIZE },
  },
  sort: { name: 'sort', in: 'query', description: 'Anything else: 400.', schema: { enum: ['time_asc', 'time_desc'], default: 'time_asc' } },
  petition_url: { name: 'petition_url', in: 'query', required: true, description: "The petition's own page, as its url field has it (compared as a URL parser writes both).", schema: { type: 'string', format: 'uri' } },
};

export function parameterRef(name: string): OpenApiObject {
  return { $ref: `#/components/parameters/${name}` };
}
