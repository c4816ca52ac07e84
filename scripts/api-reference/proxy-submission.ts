// The proxy's POST of a signature (src/proxy/http/api-routes.ts) and every answer it can give:
// the largest operation of proxy-operations.ts, on its own.
import { BODY_LIMIT_BYTES } from '../../src/proxy/app.js';
import { HONEYPOT_FIELD } from '../../src/proxy/http/signature-intake.js';
import { STORAGE_MESSAGE } from '../../src/proxy/errors/storage-outage.js';
import { PETITION_CLOSED_MESSAGE, QUEUED_MESSAGE } from '../../src/proxy/outbox/submissions.js';
import { ATTRIBUTION_PARAMETERS, ATTRIBUTION_VALUE_MAX_LENGTH, LANGUAGE_TAG, OPT_IN_ID, REFERRER_MAX_LENGTH } from '../../src/shared/consent.js';
import { formatProblem, problemMessage } from '../../src/shared/signer-fields.js';
import { schemaRef } from './object-schema.js';
import { failureResponse, headerRef, jsonResponse, responseRef, type OpenApiObject } from './response-objects.js';
import { PROOF_FIELD, PROOF_PROBLEMS } from '../../src/shared/proof.js';
import { proofRefusalMessage } from '../../src/proxy/proof/proof-of-work.js';
import { corsHeaders, retryAfter } from './proxy-responses.js';

/** 43 base64url characters, as newWithdrawalToken (src/shared/withdrawal-token.ts) makes them. */
const EXAMPLE_WITHDRAWAL_TOKEN = 'q8Zx3vN1bT0pLw6fH2sKc9GmYa4dRj7uEo5iXn_Ub-M';

/** A body over the proxy's limit, for every POST that takes one. */
export const tooLarge = failureResponse(`The body is larger than ${BODY_LIMIT_BYTES} bytes.`, { 'body over the limit': [`body: must be at most ${BODY_LIMIT_BYTES} bytes`] }, corsHeaders());

export const submission: OpenApiObject = {
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
    }, { ...corsHeaders(), 'Cache-Control': headerRef('NoStore') }),
    '400': {
      description:
        "The body is not JSON, or the signer's fields break the rules: one \"field: message\" each, in form order, and each problem as (field, code) in `problems`, for the browser to say in the signer's language. Or the proof of work is missing, malformed, forged or tampered with, expired, issued for another petition, easier than the petition asks now (`too_easy`: its proofOfWork was raised after the challenge was issued), or already spent (field `proof`): checked after the signer's fields and consent, before the signature goes to the service or the outbox.",
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
    '503': failureResponse("This website's key request is still waiting for the operator's decision, or the proxy's data folder cannot be written (a full disk, say): the signature was not received, and the signer tries again after Retry-After.", {
      pending: ['This website is still waiting for permission to collect signatures for this petition. Try again later.'],
      'data folder not writable': [STORAGE_MESSAGE],
    }, { ...corsHeaders(), ...retryAfter }),
  },
};

