// The signing proxy's routes (src/proxy/app.ts, api-routes.ts, callback-routes.ts,
// asset-routes.ts) and every status each can answer.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, RECENT_COUNT } from '../../src/service/signatures/pagination.js';
import { CHUNK_FOLDER } from '../../vite.config.js';
import { breakdownAnswer } from './breakdown-schema.js';
import { petitionId, schemaRef } from './object-schema.js';
import { examplePage, exampleSignatures, exampleSummary, outcomeExamples } from './resource-examples.js';
import { failureResponse, header, jsonResponse, responseRef, type OpenApiObject } from './response-objects.js';
import { PROOF_OF_WORK_DEFAULT } from '../../src/proxy/config/config.js';
import { CHALLENGE_LIFETIME_SECONDS } from '../../src/proxy/proof/proof-of-work.js';

import { submission, tooLarge } from './proxy-submission.js';
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


export function proxyOperations(): Record<string, OpenApiObject> {
  const options = preflightOperation();
  return {
    '/healthz': {
      get: {
        operationId: 'health',
        summary: 'The proxy is up',
        responses: {
          '200': jsonResponse('Up, with the version of petition-embed it runs.', {
            type: 'object',
            properties: { status: { const: 'ok' }, version: { type: 'string', description: "The package's version (package.json)", examples: ['0.2.0'] } },
            required: ['status', 'version'],
            additionalProperties: false,
          }, { up: { summary: 'Up', value: { status: 'ok', version: '0.2.0' } } }, corsHeaders()),
          '403': responseRef('OriginRefused'),
          '503': failureResponse('The last write to the data folder failed (a full disk, a read-only file system): signatures are answered 503 until one works again.', {
            'disk full': ['the data folder cannot be written (disk full, SQLITE_FULL)'],
          }, { ...corsHeaders(), ...retryAfter }),
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
          '304': responseRef('ReadNotModified'),
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
          '304': responseRef('ReadNotModified'),
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
        description: `A new challenge each time (altcha's v1 format), signed with a key of this proxy's, bound to the petition and to its difficulty, and expiring ${CHALLENGE_LIFETIME_SECONDS / 60} minutes after it is issued. Its solution, sent as the signature's \`proof\`, is good for one signature, if the petition asks no more of it then: \`maxnumber\` is the petition's \`proofOfWork\` setting (1 when that is 0: then no proof is asked for), and a solution whose challenge's \`maxnumber\` is below the setting when it is sent (raised meanwhile) is refused as \`too_easy\`. At most rateLimit.challengesPerIpPerMinute (30) per client network a minute. Nothing is stored until a proof is spent.`,
        responses: {
          '200': jsonResponse('The challenge; never cached.', schemaRef('Challenge'), {
            challenge: {
              summary: 'A challenge for petition 42',
              value: {
                algorithm: 'SHA-256',
                challenge: '4c2e9fd3fd2d1b6a3c1f1d0c7f35b4e5f4f1b0f79d6ab9d9a8c1e2f3a4b5c6d7',
                maxnumber: PROOF_OF_WORK_DEFAULT,
                salt: '3f9a1c2b4d5e6f708192a3b4?petition=42&maxnumber=1000000&issuer=5be0c4f19a2d&expires=1795597200&',
                signature: '9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c',
              },
            },
          }, { ...corsHeaders(), 'Cache-Control': header('A new challenge each time.', { const: 'no-store' }) }),
          '403': responseRef('OriginRefused'),
          '404': responseRef('PetitionNotFound'),
          '429': failureResponse('Too many challenges for this client network in the last minute (rateLimit.challengesPerIpPerMinute, 30; an IPv6 client counts by its /64).', {
            'rate limited': ['Too many proof-of-work challenges from your network in the last minute. Try again in a minute.'],
          }, { ...corsHeaders(), ...retryAfter }),
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
          '304': responseRef('ReadNotModified'),
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
          '304': responseRef('ReadNotModified'),
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
