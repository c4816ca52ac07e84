// The signing proxy's routes (src/proxy/app.ts, api-routes.ts, callback-routes.ts,
// asset-routes.ts) and every status each can answer.
import { BODY_LIMIT_BYTES } from '../../src/proxy/app.js';
import { HONEYPOT_FIELD } from '../../src/proxy/http/api-routes.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, RECENT_COUNT } from '../../src/service/signatures/pagination.js';
import { PETITION_CLOSED_MESSAGE, QUEUED_MESSAGE } from '../../src/proxy/outbox/submissions.js';
import { ATTRIBUTION_PARAMETERS, ATTRIBUTION_VALUE_MAX_LENGTH, LANGUAGE_TAG, OPT_IN_ID, REFERRER_MAX_LENGTH } from '../../src/shared/consent.js';
import { formatProblem, problemMessage } from '../../src/shared/signer-fields.js';
import { CHUNK_FOLDER } from '../../vite.config.js';
import { breakdownAnswer } from './breakdown-schema.js';
import { petitionId, schemaRef } from './object-schema.js';
import { examplePage, exampleSignatures, exampleSummary, outcomeExamples } from './resource-examples.js';
import { failureResponse, header, jsonResponse, responseRef, type OpenApiObject } from './response-objects.js';
import { PROOF_FIELD, PROOF_PROBLEMS } from '../../src/shared/proof.js';
import { PROOF_OF_WORK_DEFAULT } from '../../src/proxy/config/config.js';
import { CHALLENGE_LIFETIME_SECONDS, proofRefusalMessage } from '../../src/proxy/proof/proof-of-work.js';

/** 43 base64url characters, as newWithdrawalToken (src/shared/withdrawal-token.ts) makes them. */
const EXAMPLE_WITHDRAWAL_TOKEN = 'q8Zx3vN1bT0pLw6fH2sKc9GmYa4dRj7uEo5iXn_Ub-M';
import { corsHeaders, preflightOperation, publicHeaders, readHeaders, retryAfter, scriptOperation } from './proxy-responses.js';


const petitionParameter = {
  name: 'petition_id',
  in: 'path',
  required: true,
  description: 'A petition in the proxy\'s configuration; any other value is 404.',
  schema: petitionId,
};

const listParameters = [
  { name: 'page', in: 'query', description: 'Passed on to the service (see service.yaml).', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'page_size', in: 'query', description: `Passed on to the service; above ${MAX_PAGE_SIZE} is read as ${MAX_PAGE_SIZE}.`, schema: { type: 'integer', minimum: 1, default: DEFAULT_PAGE_SIZE } },
  { name: 'sort', in: 'query', description: 'Passed on to the service.', schema: { enum: ['time_asc', 'time_desc'], default: 'time_asc' } },
];

const tooLarge = failureResponse(`The body is larger than ${BODY_LIMIT_BYTES} bytes.`, { 'body over the limit': [`body: must be at most ${BODY_LIMIT_BYTES} bytes`] }, corsHeaders());

const submission: OpenApiObject = {
  operationId: 'submitSignature',
  summary: 'Sign the petition',
  description:
    'Validated with the same schema as the form and the service, then signed with this website\'s authorization key and sent to the service. When the service is unreachable, slow, rate limited or failing, the signature is stored in the proxy\'s outbox (on disk before the answer), answered 202 with a "queued" message, and delivered in order later. Reads of the petition show it within about a second.',
  requestBody: {
    required: true,
    content: {
      'application/json': {
        schema: {
          allOf: [
            schemaRef('SignerFields'),
            {
              properties: {
                [HONEYPOT_FIELD]: { type: ['string', 'null'], description: 'The form\'s hidden honeypot: leave it out, empty or null. Any other value gets the 202 a queued signature gets, and nothing is sent.' },
                opt_ins: {
                  type: 'array',
                  items: { type: 'string', pattern: OPT_IN_ID.source },
                  description: "The ids of the petition's opt-ins (its summary's opt_ins) the signer ticked; any other id is 400.",
                },
                attribution: {
                  type: 'object',
                  description: "Where the signer came from: the page's utm_* parameters and the referrer's origin and path.",
                  properties: {
                    ...Object.fromEntries(ATTRIBUTION_PARAMETERS.map((name) => [name, { type: 'string', maxLength: ATTRIBUTION_VALUE_MAX_LENGTH }])),
                    referrer: { type: 'string', format: 'uri', maxLength: REFERRER_MAX_LENGTH },
                  },
                  additionalProperties: false,
                },
                language: { type: 'string', pattern: LANGUAGE_TAG.source, description: "The form's language: which words of an opt-in the signer saw." },
                [PROOF_FIELD]: schemaRef('ProofOfWork'),
              },
            },
          ],
        },
        examples: {
          signer: {
            summary: 'A signer',
            value: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org', address: '12 St James Square', city: 'London', state_province: '', postal_code: 'SW1Y 4JH', country_code: 'GB', hidden: false },
          },
        },
      },
    },
  },
  responses: {
    '202': jsonResponse('Sent to the service and queued there, or kept in the outbox for later; either way with the signer\'s withdrawal link. A signature the service already has (the same canonical email: its 409) is answered the same way, with a link that leads nowhere, so the answer never tells whether an address had signed.', schemaRef('SignatureReceived'), {
      sent: { summary: 'Queued by the service', value: { result: 'success', withdraw_url: `https://petitions.example.org/withdraw/${EXAMPLE_WITHDRAWAL_TOKEN}` } },
      outbox: {
        summary: 'Kept in the outbox until the service is available',
        value: { result: 'success', messages: [QUEUED_MESSAGE], withdraw_url: `https://petitions.example.org/withdraw/${EXAMPLE_WITHDRAWAL_TOKEN}` },
      },
    }, corsHeaders()),
    '400': {
      description:
        "The body is not JSON, or the signer's fields break the rules: one \"field: message\" each, in form order, and each problem as (field, code) in `problems`, for the browser to say in the signer's language. Or the proof of work is missing, malformed, forged or tampered with, expired, issued for another petition, or already spent (field `proof`): checked after the signer's fields and consent, before the signature goes to the service or the outbox.",
      headers: corsHeaders(),
      content: {
        'application/json': {
          schema: schemaRef('Failure'),
          examples: {
            'signer fields': {
              summary: "The signer's fields",
              value: {
                result: 'failure',
                messages: [formatProblem({ field: 'first_name', message: problemMessage('first_name', 'required') }), formatProblem({ field: 'email', message: problemMessage('email', 'email_format') })],
                problems: [{ field: 'first_name', code: 'required' }, { field: 'email', code: 'email_format' }],
              },
            },
            'not JSON': { summary: 'Not JSON', value: { result: 'failure', messages: ["body: must be a JSON object with the signer's fields"] } },
            'proof spent': {
              summary: `A proof of work already spent (codes: ${PROOF_PROBLEMS.join(', ')})`,
              value: { result: 'failure', messages: [proofRefusalMessage(42, 'used')], problems: [{ field: PROOF_FIELD, code: 'used' }] },
            },
          },
        },
      },
    },
    '403': failureResponse('The Origin is not allowed, this website\'s key was denied or revoked, or the petition is closed.', {
      'origin not allowed': ['Origin: this website is not allowed to use this petition proxy'],
      revoked: ['This petition no longer accepts signatures through this website.'],
      denied: ['This website is not permitted to collect signatures for this petition.'],
      closed: [PETITION_CLOSED_MESSAGE],
    }, corsHeaders()),
    '404': responseRef('PetitionNotFound'),
    '413': tooLarge,
    '415': failureResponse('The body is not sent as application/json.', { 'not JSON': ['Content-Type: send the signature as application/json'] }, corsHeaders()),
    '429': failureResponse('Too many signatures from this client address in the last minute (rateLimit.signaturesPerIpPerMinute).', {
      'rate limited': ['Too many signatures from your network in the last minute. Try again in a minute.'],
    }, { ...corsHeaders(), ...retryAfter }),
    '500': responseRef('InternalError'),
    '502': failureResponse("The service refused this proxy's own credentials, clock or key (401); the details go to the proxy's log only.", {
      'credentials refused': ['The petition service could not verify this website. Try again later.'],
    }, corsHeaders()),
    '503': failureResponse("This website's key request is still waiting for the operator's decision.", {
      pending: ['This website is still waiting for permission to collect signatures for this petition. Try again later.'],
    }, { ...corsHeaders(), ...retryAfter }),
  },
};

export function proxyOperations(): Record<string, OpenApiObject> {
  const options = preflightOperation();
  return {
    '/healthz': {
      get: {
        operationId: 'health',
        summary: 'The proxy is up',
        responses: {
          '200': jsonResponse('Up.', { type: 'object', properties: { status: { const: 'ok' } }, required: ['status'], additionalProperties: false }, { up: { summary: 'Up', value: { status: 'ok' } } }, corsHeaders()),
          '403': responseRef('OriginRefused'),
        },
      },
      options,
    },
    '/api/petitions/{petition_id}': {
      parameters: [petitionParameter],
      get: {
        operationId: 'petitionSummary',
        summary: 'The petition as the service describes it, whether this website may collect signatures, and the operator notice',
        responses: {
          '200': jsonResponse('The summary (cached cacheSeconds).', schemaRef('PetitionSummary'), { accepting: { summary: 'Accepting signatures', value: exampleSummary } }, readHeaders()),
          '403': responseRef('OriginRefused'),
          '404': responseRef('PetitionNotFound'),
          '500': responseRef('InternalError'),
          '429': responseRef('ReadsLimited'),
          '503': responseRef('ReadUnavailable'),
        },
      },
      options,
    },
    '/api/petitions/{petition_id}/signatures': {
      parameters: [petitionParameter],
      get: {
        operationId: 'listSignatures',
        summary: "A page of the petition's listed signatures, with page endpoints on this proxy",
        parameters: listParameters,
        responses: {
          '200': jsonResponse('The page (cached cacheSeconds); resolve its endpoints against the proxy\'s URL.', schemaRef('SignaturePage'), {
            middle: { summary: 'The second of three pages, newest first', value: examplePage('/api/petitions') },
          }, readHeaders()),
          '400': failureResponse("page, page_size or sort is not valid, checked by the proxy by the service's own rule, without asking the service.", { 'page_size wrong': ['page_size: must be a whole number from 1 (at most 100 are returned)'] }, corsHeaders()),
          '403': responseRef('OriginRefused'),
          '404': responseRef('PetitionNotFound'),
          '500': responseRef('InternalError'),
          '429': responseRef('ReadsLimited'),
          '503': responseRef('ReadUnavailable'),
        },
      },
      post: submission,
      options,
    },
    '/api/petitions/{petition_id}/challenge': {
      parameters: [petitionParameter],
      get: {
        operationId: 'proofOfWorkChallenge',
        summary: 'A proof-of-work challenge for one signature',
        description: `A new challenge each time (altcha's v1 format), signed with a key of this proxy's, bound to the petition and expiring ${CHALLENGE_LIFETIME_SECONDS / 60} minutes after it is issued. Its solution, sent as the signature's \`proof\`, is good for one signature. \`maxnumber\` is the petition's \`proofOfWork\` setting (1 when that is 0: then no proof is asked for). Nothing is stored until a proof is spent.`,
        responses: {
          '200': jsonResponse('The challenge; never cached.', schemaRef('Challenge'), {
            challenge: {
              summary: 'A challenge for petition 42',
              value: {
                algorithm: 'SHA-256',
                challenge: '4c2e9fd3fd2d1b6a3c1f1d0c7f35b4e5f4f1b0f79d6ab9d9a8c1e2f3a4b5c6d7',
                maxnumber: PROOF_OF_WORK_DEFAULT,
                salt: '3f9a1c2b4d5e6f708192a3b4?petition=42&expires=1795597200&',
                signature: '9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c',
              },
            },
          }, { ...corsHeaders(), 'Cache-Control': header('A new challenge each time.', { const: 'no-store' }) }),
          '403': responseRef('OriginRefused'),
          '404': responseRef('PetitionNotFound'),
        },
      },
      options,
    },
    '/api/petitions/{petition_id}/signatures/recent': {
      parameters: [petitionParameter],
      get: {
        operationId: 'recentSignatures',
        summary: `The ${RECENT_COUNT} newest listed signatures`,
        responses: {
          '200': jsonResponse('Newest first (cached cacheSeconds).', { type: 'array', items: schemaRef('Signature'), maxItems: RECENT_COUNT }, { recent: { summary: 'Newest first', value: exampleSignatures } }, readHeaders()),
          '403': responseRef('OriginRefused'),
          '404': responseRef('PetitionNotFound'),
          '429': responseRef('ReadsLimited'),
          '503': responseRef('ReadUnavailable'),
        },
      },
      options,
    },
    '/api/petitions/{petition_id}/breakdown': {
      parameters: [petitionParameter],
      get: {
        operationId: 'signatureBreakdown',
        summary: 'Counted signatures by country and region, as the service gives them',
        responses: {
          '200': breakdownAnswer('The service\'s answer (cached cacheSeconds).', readHeaders()),
          '403': responseRef('OriginRefused'),
          '404': responseRef('PetitionNotFound'),
          '429': responseRef('ReadsLimited'),
          '503': responseRef('ReadUnavailable'),
        },
      },
      options,
    },
    '/callbacks/auth-keys': {
      post: {
        operationId: 'receiveAuthKeyOutcome',
        summary: "The service's outcome of this proxy's key request (the service's authKeyOutcome webhook)",
        description: 'Believed only when X-Petition-Signature matches the raw body under the secret, X-Petition-Timestamp is within 5 minutes, and that signature was never received before (kept durably for its window, so a recorded callback sent again is refused, also after a restart). Decisions are ordered by X-Petition-Timestamp: an older one than the decision known is acknowledged (200) and ignored, so a recorded "denied" cannot undo a later grant; one from the same second as the known decision is not acknowledged (503), so that the service sends it again with a later timestamp, and the proxy asks the service for the current status meanwhile. An outcome about a petition no longer configured is acknowledged (200) and ignored.',
        parameters: [
          { name: 'X-Petition-Timestamp', in: 'header', required: true, schema: { type: 'string', pattern: '^\\d+$' } },
          { name: 'X-Petition-Signature', in: 'header', required: true, schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' } },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: schemaRef('AuthKeyOutcome'), examples: outcomeExamples() } } },
        responses: {
          '200': jsonResponse('Applied (or ignored: older than the decision known, or for a petition not configured here).', schemaRef('Success'), { applied: { summary: 'Applied', value: { result: 'success' } } }, corsHeaders()),
          '400': failureResponse('Signed, but not an authorization key outcome.', { 'not an outcome': ['body: not an authorization key outcome'] }, corsHeaders()),
          '401': failureResponse('The signature headers are missing, too old or do not match the body.', {
            missing: ['X-Petition-Signature: signature headers are missing'],
            stale: ['X-Petition-Timestamp: too old or too far in the future'],
            forged: ['X-Petition-Signature: does not match the body'],
            replayed: ['X-Petition-Signature: this callback was received before'],
          }, corsHeaders()),
          '403': responseRef('OriginRefused'),
          '413': tooLarge,
          '500': responseRef('InternalError'),
          '503': failureResponse('Another decision about this key carries the same timestamp: send this one again (later).', {
            'in doubt': ['callback: another decision carries the same timestamp; send this one again'],
          }, { ...corsHeaders(), ...retryAfter }),
        },
      },
      options,
    },
    '/embed-status': {
      get: {
        operationId: 'embedStatus',
        summary: 'May the asking page use this proxy\'s API? Public, so that a refused page learns why',
        description: 'The elements ask this when a read fails: a browser reports a refused CORS request exactly like an unreachable proxy.',
        responses: {
          '200': jsonResponse('Whether the Origin sent is allowed (no Origin: a same-origin or non-browser call, allowed).', schemaRef('EmbedStatus'), {
            refused: { summary: 'A page the proxy refuses', value: { origin: 'https://elsewhere.example', origin_allowed: false } },
            allowed: { summary: 'An allowed page', value: { origin: 'https://www.example.org', origin_allowed: true } },
          }, publicHeaders()),
        },
      },
    },
    '/petition-embed.js': { get: scriptOperation('The elements: the one script a page includes', 'public, max-age=300') },
    [`/${CHUNK_FOLDER}/{chunk}`]: {
      get: scriptOperation("A chunk the script imports on demand (a language's words, the share step; hashed name)", 'public, max-age=31536000, immutable', [
        { name: 'chunk', in: 'path', required: true, description: 'A file name Vite gave, like de-B2x9kQ1a.js.', schema: { type: 'string', pattern: '^[A-Za-z0-9_][A-Za-z0-9_.-]*-[A-Za-z0-9_-]{8}\\.js$' } },
      ]),
    },
  };
}
