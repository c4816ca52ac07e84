// The service's operations under /v1 (petitions-api.md with decisions.md): parameters, bodies and
// every status each can answer, as src/service/http/routes.ts and the rules behind it give them.
import { RECENT_COUNT } from '../../src/service/signatures/pagination.js';
import { PETITION_CLOSED } from '../../src/service/petitions/petitions.js';
import { BODY_LIMIT_BYTES } from '../../src/service/http/request-body.js';
import { ALREADY_SIGNED, NO_SIGNATURE_DATA } from '../../src/service/signatures/signature-submission.js';
import { formatProblem, problemMessage } from '../../src/shared/signer-fields.js';
import { breakdownAnswer } from './breakdown-schema.js';
import { schemaRef } from './object-schema.js';
import { examplePage, examplePetition, exampleSignatures, outcomeExamples } from './resource-examples.js';
import { failureResponse, jsonResponse, responseRef, type OpenApiObject } from './response-objects.js';
import { parameterRef, postBody } from './service-requests.js';
import { appHeaders, headersTooLargeExample, notValidHttpExample } from './service-responses.js';

/** A signed request's body, as the known-answer vectors have it (test/fixtures/signing-vectors.json). */
export interface SignedExample {
  form: string;
  json: Record<string, unknown>;
}

/** The answers every read shares: api_key, rate limits, Node's refusals, failures. */
function readResponses(): Record<string, OpenApiObject> {
  return {
    '400': responseRef('NotValidHttp'),
    '401': responseRef('ApiKeyRefused'),
    '404': responseRef('PetitionNotFound'),
    '408': responseRef('RequestTimeout'),
    '413': responseRef('HeadersTooLarge'),
    '429': responseRef('RateLimited'),
    '500': responseRef('InternalError'),
  };
}

function signedPostResponses(): Record<string, OpenApiObject> {
  return {
    '404': responseRef('PetitionNotFound'),
    '408': responseRef('RequestTimeout'),
    '413': failureResponse(
      'The body is larger than the limit (the answer closes the connection), or the headers are larger than Node accepts.',
      { 'body over the limit': [`body: larger than ${BODY_LIMIT_BYTES} bytes`], ...headersTooLargeExample },
      appHeaders(),
    ),
    '415': failureResponse('A Content-Type other than a form or JSON.', {
      'another type': ['Content-Type: must be application/x-www-form-urlencoded or application/json'],
    }, appHeaders()),
    '429': responseRef('RateLimited'),
    '500': responseRef('InternalError'),
    '503': responseRef('Unavailable'),
  };
}

const signedRequestRefusals = {
  'unknown api_key': ['api_key: missing or unknown'],
  'timestamp missing or malformed': ['timestamp: missing or not ISO 8601 with a UTC offset, like 2026-11-22T10:00:00Z'],
  'timestamp outside the window': ["timestamp: more than 5 minutes from the service's clock"],
  'endpoint not the path requested': ['endpoint: missing or not the path requested'],
  'rsig malformed': ['rsig: missing or not 64 lowercase hex digits'],
  'rsig wrong': ['rsig: does not match the request'],
};

export function serviceOperations(signature: SignedExample, keyRequest: SignedExample): Record<string, OpenApiObject> {
  return {
    '/petitions/get_id': {
      get: {
        operationId: 'getPetitionId',
        summary: 'Find a petition by its own page',
        parameters: [parameterRef('api_key'), parameterRef('petition_url')],
        responses: {
          ...readResponses(),
          '200': jsonResponse('The id of the petition whose url this is.', schemaRef('PetitionId'), { found: { summary: 'Found', value: { petition_id: 42 } } }, appHeaders()),
          '400': failureResponse('petition_url missing or blank, or Node refused the request as not valid HTTP.', {
            'petition_url missing': ['petition_url: is required'],
            ...notValidHttpExample,
          }, appHeaders()),
          '404': failureResponse('No petition has this url (or it is not a URL).', { 'no such petition': ['petition not found'] }, appHeaders()),
        },
      },
    },
    '/petitions/{petition_id}': {
      parameters: [parameterRef('petition_id')],
      get: {
        operationId: 'getPetition',
        summary: 'A petition',
        parameters: [parameterRef('api_key')],
        responses: {
          ...readResponses(),
          '200': jsonResponse('The petition as API v1 returned it.', schemaRef('Petition'), { open: { summary: 'An open petition with a goal and an end', value: examplePetition } }, appHeaders()),
        },
      },
    },
    '/petitions/{petition_id}/signatures': {
      parameters: [parameterRef('petition_id')],
      get: {
        operationId: 'listSignatures',
        summary: 'A page of the listed signatures',
        description: 'Any page is served in time that does not grow with the page number.',
        parameters: [parameterRef('api_key'), parameterRef('page'), parameterRef('page_size'), parameterRef('sort')],
        responses: {
          ...readResponses(),
          '200': jsonResponse('The page.', schemaRef('SignaturePage'), { middle: { summary: 'The second of three pages, newest first', value: examplePage('/v1/petitions') } }, appHeaders()),
          '400': failureResponse('page, page_size or sort is not valid (one message each), or Node refused the request as not valid HTTP.', {
            'page_size and sort wrong': ['page_size: must be a whole number from 1 (at most 100 are returned)', 'sort: must be time_asc or time_desc'],
            'page wrong': ['page: must be a whole number from 1'],
            ...notValidHttpExample,
          }, appHeaders()),
        },
      },
      post: {
        operationId: 'submitSignature',
        summary: 'Add a signature (signed with the authorization key)',
        description: `Checked in this order: an empty body (400 "${NO_SIGNATURE_DATA}"), api_key (401), rate limit (429), petition (404), no signer fields or only blank ones (400), a closed petition (403), timestamp and endpoint (401), the key request found by petition + consumer + source and auth_key if sent (401; revoked 403), rsig (401), the signer's fields and the origin fields client_address, utm_source and referrer_host and the opt-ins ticked, opt_ins (400), an email at a disposable mail service (400 on email), a signer on the operator's block list (403 "This signature cannot be accepted."), the same signed request again or an email that already signed (409). Success: the signature is durably queued and listed within about a second.`,
        parameters: [parameterRef('api_key_in_post')],
        requestBody: postBody('SignatureSubmission', signature.form, signature.json),
        responses: {
          ...signedPostResponses(),
          '202': jsonResponse('The signature is durably queued. On a petition that confirms signers (confirm_signers), it counts and is listed once its signer has followed the emailed link.', schemaRef('Success'), { queued: { summary: 'Queued', value: { result: 'success' } } }, appHeaders()),
          '400': failureResponse("No signer data, a JSON body that is not an object of single values, or the signer's fields break the rules (one message each, in form order); or Node refused the request as not valid HTTP.", {
            'no signature data': [NO_SIGNATURE_DATA],
            'signer fields': [formatProblem({ field: 'email', message: problemMessage('email', 'email_format') }), formatProblem({ field: 'country_code', message: problemMessage('country_code', 'unknown_country') })],
            'JSON not an object': ['body: must be a JSON object of parameters'],
            'nested JSON value': ['first_name: must be text, a number, true or false'],
            ...notValidHttpExample,
          }, appHeaders()),
          '401': failureResponse('The api_key, timestamp, endpoint or rsig is wrong, or the authorization key is unknown, not granted or not for this source.', {
            ...signedRequestRefusals,
            'authorization key refused': ['auth_key: unknown, not granted, or not for this source'],
          }, appHeaders()),
          '403': failureResponse('The petition is closed (by the operator, or past its end_at), or the authorization key was revoked.', {
            closed: [PETITION_CLOSED],
            revoked: ['auth_key: this authorization key has been revoked'],
          }, appHeaders()),
          '409': failureResponse('This email address already signed the petition (compared lower-cased, and without dots and +tags where the provider ignores them), or this very signed request was received before. An address still waiting for its confirmation may sign again (202): that mails its link again, to the details first given, which are never replaced (at most 3 mails a day).', {
            duplicate: [ALREADY_SIGNED],
          }, appHeaders()),
        },
      },
    },
    '/petitions/{petition_id}/signatures/recent': {
      parameters: [parameterRef('petition_id')],
      get: {
        operationId: 'recentSignatures',
        summary: `The ${RECENT_COUNT} newest listed signatures`,
        parameters: [parameterRef('api_key')],
        responses: {
          ...readResponses(),
          '200': jsonResponse(
            `At most ${RECENT_COUNT} listed signatures, newest first, with no paging information.`,
            { type: 'array', items: schemaRef('Signature'), maxItems: RECENT_COUNT },
            { recent: { summary: 'Newest first', value: exampleSignatures } },
            appHeaders(),
          ),
        },
      },
    },
    '/petitions/{petition_id}/signatures/breakdown': {
      parameters: [parameterRef('petition_id')],
      get: {
        operationId: 'signatureBreakdown',
        summary: 'Counted signatures by country and region, small groups withheld',
        parameters: [parameterRef('api_key')],
        responses: { ...readResponses(), '200': breakdownAnswer('Read from the per-day counts, never the signatures.', appHeaders()) },
      },
    },
    '/petitions/{petition_id}/auth_keys': {
      parameters: [parameterRef('petition_id')],
      post: {
        operationId: 'requestAuthKey',
        summary: 'Request an authorization key (signed, AUTH_KEY empty)',
        description:
          'A request is identified by petition, consumer and source. Checked in this order: api_key (401), rate limit (429), petition (404), timestamp, endpoint and rsig (401), fields (400). The first request is answered 202 and its outcome is posted to callback_endpoint (the authKeyOutcome webhook); the same request again is answered 202 while it is pending (no second callback), and 200 with the outcome once decided.',
        parameters: [parameterRef('api_key_in_post')],
        requestBody: postBody('KeyRequestSubmission', keyRequest.form, keyRequest.json),
        callbacks: { outcome: { '{$request.body#/callback_endpoint}': { $ref: '#/webhooks/authKeyOutcome' } } },
        responses: {
          ...signedPostResponses(),
          '200': jsonResponse('The request was decided before: its outcome, as the callback carried it.', schemaRef('AuthKeyOutcome'), outcomeExamples(), appHeaders()),
          '202': jsonResponse('A new request, or one still pending: the outcome goes to the callback.', schemaRef('Success'), { accepted: { summary: 'Accepted', value: { result: 'success' } } }, appHeaders()),
          '400': failureResponse('A field is missing, blank, too long or not valid, callback_endpoint is not allowed, or the JSON body is not an object of single values (one message each); or Node refused the request as not valid HTTP.', {
            fields: ['source: is required', 'requester_email: must be an email address, like name@example.com'],
            'callback_endpoint not allowed': ['callback_endpoint: must be an http or https URL'],
            'JSON not valid': ['body: is not valid JSON'],
            ...notValidHttpExample,
          }, appHeaders()),
          '401': failureResponse('The api_key, timestamp, endpoint or rsig is wrong.', signedRequestRefusals, appHeaders()),
        },
      },
    },
  };
}
