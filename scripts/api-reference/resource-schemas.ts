// The answer bodies both servers share with src/shared/types.ts, written once for both documents,
// each schema typed against its TypeScript type (object-schema.ts) and each example typed too.
import {
  PETITION_GOAL_MAX,
  PETITION_OVERVIEW_MAX_LENGTH,
  PETITION_TARGETS_MAX,
  PETITION_TITLE_MAX_LENGTH,
  PETITION_URL_MAX_LENGTH,
} from '../../src/service/petitions/petition-fields.js';
import { MAX_PAGE_SIZE } from '../../src/service/signatures/pagination.js';
import { KEY_REQUEST_TEXT_MAX_LENGTH } from '../../src/shared/signed-body-limit.js';
import { OPT_IN_ID, OPT_INS_MAX, type OptIn } from '../../src/shared/consent.js';
import { PROBLEM_CODES, SIGNER_FIELDS } from '../../src/shared/signer-fields.js';
import { PROOF_ALGORITHM, PROOF_FIELD, PROOF_PROBLEMS, type Challenge, type Proof } from '../../src/shared/proof.js';
import { PROOF_OF_WORK_MAX } from '../../src/proxy/config/config.js';
import { SALT_MAX_LENGTH } from '../../src/proxy/proof/proof-of-work.js';
import type {
  AuthKeyCallbackPayload,
  EmbedStatus,
  FailureBody,
  FieldProblemRef,
  OperatorNotice,
  PetitionResource,
  PetitionSummary,
  Signature,
  SignaturePage,
  SubmissionResult,
} from '../../src/shared/types.js';
import { nullable, objectSchema, petitionId, schemaRef, utcSeconds, type JsonSchema } from './object-schema.js';

const text = (maxLength?: number): JsonSchema => ({ type: 'string', ...(maxLength ? { maxLength } : {}) });
const count: JsonSchema = { type: 'integer', minimum: 0 };
const pageNumber: JsonSchema = { type: 'integer', minimum: 1 };
const httpUrl: JsonSchema = { type: 'string', format: 'uri', maxLength: PETITION_URL_MAX_LENGTH, pattern: '^https?://' };
const authKey: JsonSchema = { type: 'string', pattern: '^[0-9a-f]{64}$', description: '32 random bytes in lowercase hex.' };

export const signatureSchema = objectSchema<Signature>(
  {
    name: { ...text(), description: 'first_name and last_name, joined by a space and trimmed.' },
    city: text(),
    state_province: { ...text(), description: "As stored: the address data's key where the country has a list (`CA`, `東京都`), else as written; may be empty where the country has no states or provinces." },
    country_name: { ...text(), description: 'The English short name of country_code.' },
    country_code: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2.' },
    signed_on: utcSeconds,
  },
  {},
  {
    description:
      "One listed signer. A signer's email, address, postal code, phone and reason are never returned; hidden signers are counted but never listed.",
  },
);

/** `pagePath` is the path the page endpoints point at, e.g. `/v1/petitions`. */
export function signaturePageSchema(pagePath: string): JsonSchema {
  const endpoint = nullable({
    type: 'string',
    pattern: `^${pagePath.replaceAll('/', '\\/')}\\/\\d+\\/signatures\\?page=\\d+&page_size=\\d+&sort=time_(asc|desc)$`,
    description: `A path carrying exactly page, page_size and sort (no api_key), e.g. ${pagePath}/42/signatures?page=3&page_size=10&sort=time_asc; null when there is no such page.`,
  });
  return objectSchema<SignaturePage>(
    {
      signature_count: { ...count, description: 'Every signature on the petition, hidden ones included, and those gathered on paper that the operator added.' },
      prev_page_endpoint: endpoint,
      next_page_endpoint: endpoint,
      page: pageNumber,
      total_pages: { ...pageNumber, description: 'ceil(listed signatures / page_size), at least 1.' },
      signatures: { type: 'array', items: schemaRef('Signature'), maxItems: MAX_PAGE_SIZE },
    },
    {},
    { description: 'A page beyond the last one has an empty signatures array and a null next_page_endpoint.' },
  );
}

const petitionResourceFields: { [K in keyof PetitionResource]-?: JsonSchema } = {
  petition_id: petitionId,
  title: text(PETITION_TITLE_MAX_LENGTH),
  status: { enum: ['open', 'closed'], description: 'closed when the operator closed it or its end_at has passed.' },
  overview: text(PETITION_OVERVIEW_MAX_LENGTH),
  targets: {
    type: 'array',
    maxItems: PETITION_TARGETS_MAX,
    items: objectSchema<PetitionResource['targets'][number]>({ name: text(PETITION_TITLE_MAX_LENGTH) }, {}),
  },
  signature_count: count,
  goal: nullable({ type: 'integer', minimum: 1, maximum: PETITION_GOAL_MAX }),
  created_at: utcSeconds,
  end_at: nullable(utcSeconds),
  url: nullable(httpUrl),
  image_url: nullable(httpUrl),
  confirm_signers: {
    type: 'boolean',
    description: 'The service emails each signer a link: an accepted signature (202) counts and is listed only once its signer has confirmed it.',
  },
};

export const petitionResourceSchema = objectSchema<PetitionResource>(petitionResourceFields, {});

export const authKeyOutcomeSchema = objectSchema<AuthKeyCallbackPayload>(
  {
    status: { enum: ['granted', 'denied', 'revoked'] },
    petition_id: petitionId,
    source_description: text(KEY_REQUEST_TEXT_MAX_LENGTH),
    source: text(KEY_REQUEST_TEXT_MAX_LENGTH),
    requester_email: text(KEY_REQUEST_TEXT_MAX_LENGTH),
  },
  { auth_key: { ...authKey, description: 'Present when status is granted or revoked (the key that was revoked).' } },
  {
    description:
      'The outcome of a key request: posted to its callback_endpoint, and the 200 answer to the same request sent again. The echoed fields are exactly as sent.',
    extra: {
      if: { properties: { status: { const: 'denied' } } },
      then: { not: { required: ['auth_key'] } },
      else: { required: ['auth_key'] },
    },
  },
);

const { created_at: _created, ...resourceFields } = petitionResourceFields;

export const petitionSummarySchema = objectSchema<PetitionSummary>(
  {
    ...resourceFields,
    accepting_signatures: { type: 'boolean', description: "Open, and this website's authorization key for the petition is granted." },
    key_status: {
      enum: ['pending', 'granted', 'denied', 'revoked'],
      description: "Where this proxy's authorization key for the petition stands: the elements explain a pending, denied or revoked key.",
    },
    stale: {
      type: 'boolean',
      description: "The service could not answer (unreachable, failing, or this proxy's read budget spent): this is the proxy's last good answer, at most staleForSeconds old, also marked by X-Petition-Stale: 1. Signatures are still taken (queued).",
    },
    operator: objectSchema<OperatorNotice>(
      { name: text(), termsUrl: { type: 'string', format: 'uri' }, privacyUrl: { type: 'string', format: 'uri' } },
      {},
      { description: 'Who operates the petition service, for the notice the signature form must show.' },
    ),
    opt_ins: {
      type: 'array',
      maxItems: OPT_INS_MAX,
      description: 'The checkboxes the form shows under its fields, never ticked for the signer.',
      items: objectSchema<OptIn>(
        {
          id: { type: 'string', pattern: OPT_IN_ID.source },
          label: {
            type: 'object',
            description: 'The words by language; en is always there and stands in for the others.',
            required: ['en'],
            additionalProperties: { type: 'string', minLength: 1 },
          },
          version: { type: 'string', minLength: 1, description: 'Which wording this is, as the campaign records consent to it.' },
        },
        {},
      ),
    },
  },
  {},
  { description: 'The petition as the service describes it (without created_at), and what the signature form needs besides.' },
);

export const embedStatusSchema = objectSchema<EmbedStatus>(
  {
    origin: nullable({ type: 'string', description: "The asking page's Origin header." }),
    origin_allowed: { type: 'boolean', description: "Whether the proxy's API answers that origin (allowedOrigins, or the proxy's own)." },
  },
  {},
  { description: 'Public to every origin, so that a page the API refuses learns why.' },
);

const messages: JsonSchema = { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 };

const failureFields = {
  result: { const: 'failure' },
  messages: { ...messages, description: 'One per problem; a problem with a parameter starts with its name and a colon.' },
};
const failureDescription = 'The body of every failure. No message carries a stack trace, SQL or a secret.';

/** The service's failure: the spec's error body and nothing else. */
export const serviceFailureSchema = objectSchema<Omit<FailureBody, 'problems' | 'withdraw_url'>>(failureFields, {}, { description: failureDescription });

/** The proxy's failure: the same, and (field, code) pairs beside a signer's problems for the browser. */
export const proxyFailureSchema = objectSchema<FailureBody>(
  failureFields,
  {
    problems: {
      type: 'array',
      description: "The proxy's 400 for a signer's fields: each problem as (field, code), in form order, beside its message; a refused proof of work is the field `proof` with its own codes.",
      items: objectSchema<FieldProblemRef>({ field: { enum: [...SIGNER_FIELDS, PROOF_FIELD] }, code: { enum: [...PROBLEM_CODES, ...PROOF_PROBLEMS] } }, {}),
    },
    withdraw_url: {
      type: 'string',
      format: 'uri',
      description: "The proxy's 409 for a signature (a duplicate): a withdrawal link like a 202's, which leads nowhere, so the form's thank-you for a duplicate looks like any other.",
    },
  },
  { description: failureDescription },
);

/** `{"result":"success"}`, with a message when the proxy queued the signature for later. */
export const successSchema = objectSchema<Omit<SubmissionResult, 'withdraw_url'>>(
  { result: { const: 'success' } },
  { messages },
);

/** The proxy's 202 for a signature: a success, with the signer's withdrawal link. */
export const signatureReceivedSchema = objectSchema<SubmissionResult>(
  { result: { const: 'success' } },
  {
    messages,
    withdraw_url: {
      type: 'string',
      format: 'uri',
      pattern: '/withdraw/[A-Za-z0-9_-]{43}$',
      description:
        "The petition service's page where the signer can withdraw this signature (GET shows a button, POST withdraws; servicePublicUrl in the proxy's configuration, by default the origin of upstream). The proxy makes its token and sends it with the signature, also when it is queued in the outbox; it leads nowhere when the service refuses the signature (a duplicate) or for a submission the honeypot caught.",
    },
  },
);

export const petitionIdBodySchema = objectSchema<{ petition_id: number }>({ petition_id: petitionId }, {});

// The proof of work (src/proxy/proof/proof-of-work.ts): a challenge, and its solution as sent.
const hex64: JsonSchema = { type: 'string', pattern: '^[0-9a-f]{64}$' };
const salt: JsonSchema = { type: 'string', maxLength: SALT_MAX_LENGTH };

export const challengeSchema = objectSchema<Challenge>(
  {
    algorithm: { const: PROOF_ALGORITHM },
    challenge: hex64,
    maxnumber: { type: 'integer', minimum: 1, maximum: PROOF_OF_WORK_MAX },
    salt: { ...salt, description: "Random hex, then the petition, the difficulty (maxnumber), the issuing proxy's id and the expiry (Unix seconds) as parameters, all covered by the signature." },
    signature: hex64,
  },
  {},
  { description: "A proof-of-work challenge (altcha's v1 format): find the number n, 0 <= n <= maxnumber, whose SHA-256 of salt followed by n in decimal is `challenge`." },
);

export const proofSchema = objectSchema<Proof>(
  {
    algorithm: { const: PROOF_ALGORITHM },
    challenge: hex64,
    number: { type: 'integer', minimum: 0, maximum: PROOF_OF_WORK_MAX },
    salt,
    signature: hex64,
  },
  {},
  {
    description:
      "A solved challenge from GET /api/petitions/{petition_id}/challenge: its algorithm, challenge, salt and signature as given, and the number found. Required unless the petition's proofOfWork setting is 0; good for one signature, until the challenge expires.",
  },
);
