// docs/openapi/service.yaml: the Petitions API v1 service under /v1, its error body, the 405s of
// every path, and the key-request outcome it posts to callback endpoints (a webhook).
import { readFileSync } from 'node:fs';
import { callbackSignature } from '../../src/shared/signing.js';
import { trendingAlertSchema, trendingAlertWebhook } from './alert-webhook.js';
import { schemaRef } from './object-schema.js';
import { exampleOutcomes, outcomeExamples } from './resource-examples.js';
import { authKeyOutcomeSchema, serviceFailureSchema, petitionIdBodySchema, petitionResourceSchema, signaturePageSchema, signatureSchema, successSchema } from './resource-schemas.js';
import { signatureBreakdownSchema } from './breakdown-schema.js';
import type { OpenApiObject } from './response-objects.js';
import { serviceOperations, type SignedExample } from './service-operations.js';
import { serviceParameters, serviceRequestSchemas } from './service-requests.js';
import { methodNotAllowed, methodNotAllowedName, methodNotAllowedResponse, serviceHeaders, serviceResponses } from './service-responses.js';
import { signerFieldsSchema } from './signer-schema.js';

/** The methods OpenAPI can describe besides HEAD, which every path answers as it answers GET. */
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'patch', 'trace'] as const;

const DESCRIPTION = `The interface of a large petition site's public API v1 (petitions-api.md with decisions.md):
read a petition's signatures, submit signatures on behalf of signers, and request the petition
authorization keys that submissions need. docs/api.md explains it in prose.

Every request carries the consumer's public api_key (GET: query string; POST: a body parameter,
or the query string). The two POSTs are signed (timestamp, endpoint, rsig: see SigningParameters).

Every failure, on every path, answers {"result":"failure","messages":[…]}, requests Node's HTTP
parser refuses included. A method a path does not have is 405 with Allow; HEAD is answered as GET
without a body; an unknown path under /v1 is 404 "not found: no such path in this API". Every answer
the service makes itself carries Cache-Control: no-store and X-Content-Type-Options: nosniff.`;

interface SigningVector {
  body_sent: string;
  params_in_order: [string, string][];
  rsig: string;
}

/** The known-answer vectors as form and JSON examples: the examples are real signed requests. */
function signedExamples(): { signature: SignedExample; keyRequest: SignedExample } {
  const vectors = JSON.parse(readFileSync(new URL('../../test/fixtures/signing-vectors.json', import.meta.url), 'utf8')) as { rsig: SigningVector[] };
  const example = (vector: SigningVector): SignedExample => ({
    form: vector.body_sent,
    json: { ...Object.fromEntries(vector.params_in_order), rsig: vector.rsig },
  });
  const keyRequest = vectors.rsig.find((vector) => vector.params_in_order.some(([name]) => name === 'callback_endpoint'))!;
  const signature = vectors.rsig.find((vector) => vector.params_in_order.some(([name]) => name === 'first_name'))!;
  return { signature: example(signature), keyRequest: example(keyRequest) };
}

/** The methods a path takes, as its Allow header lists them. */
function allowOf(item: OpenApiObject): string {
  return METHODS.filter((method) => method in item)
    .flatMap((method) => (method === 'get' ? ['GET', 'HEAD'] : [method.toUpperCase()]))
    .join(', ');
}

/** Each path's own operations, then a 405 for every other method. */
function withMethodNotAllowed(paths: Record<string, OpenApiObject>): Record<string, OpenApiObject> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const others = METHODS.filter((method) => !(method in item)).map((method) => [method, methodNotAllowed(allowOf(item))]);
      return [path, { ...item, ...Object.fromEntries(others) }];
    }),
  );
}

/** One 405 answer for each set of methods some path takes. */
function methodNotAllowedResponses(paths: Record<string, OpenApiObject>): Record<string, OpenApiObject> {
  const allows = new Set(Object.values(paths).map(allowOf));
  return Object.fromEntries([...allows].map((allow) => [methodNotAllowedName(allow), methodNotAllowedResponse(allow)]));
}

async function outcomeWebhook(): Promise<OpenApiObject> {
  const timestamp = '1795341600';
  const signature = await callbackSignature('s3cr3t-token', timestamp, JSON.stringify(exampleOutcomes.granted));
  return {
    post: {
      operationId: 'authKeyOutcome',
      summary: "A key request's outcome, posted to its callback_endpoint",
      description:
        'Each status change (granted, denied, revoked) is one delivery. A request\'s deliveries arrive one at a time, in order. Receivers verify X-Petition-Signature in constant time and refuse timestamps more than 5 minutes from their clock. Redirects are never followed (the payload carries the key).',
      parameters: [
        { name: 'X-Petition-Timestamp', in: 'header', required: true, description: 'Unix seconds when this attempt was signed.', schema: { type: 'string', pattern: '^\\d+$' }, example: timestamp },
        {
          name: 'X-Petition-Signature',
          in: 'header',
          required: true,
          description: 'sha256= and the lowercase hex HMAC-SHA256, keyed with the consumer\'s secret, of TIMESTAMP + "." + the raw body. Example: secret s3cr3t-token, the "granted" example body as JSON.stringify writes it.',
          schema: { type: 'string', pattern: '^sha256=[0-9a-f]{64}$' },
          example: signature,
        },
      ],
      requestBody: { required: true, content: { 'application/json': { schema: schemaRef('AuthKeyOutcome'), examples: outcomeExamples() } } },
      responses: {
        '2XX': { description: 'Acknowledged: this delivery is done.' },
        default: {
          description:
            'Anything else, or no answer within 10 s: retried, first after about 5 s, doubling, at most an hour apart, with ±20 % jitter, for 24 hours after the change. Deliveries are kept in the database, so a restart loses none.',
        },
      },
    },
  };
}

export async function serviceDocument(version: string): Promise<OpenApiObject> {
  const { signature, keyRequest } = signedExamples();
  const operations = serviceOperations(signature, keyRequest);
  return {
    openapi: '3.1.0',
    info: { title: 'Petitions API v1 (the petition service)', version, description: DESCRIPTION, license: { name: 'MIT', identifier: 'MIT' } },
    servers: [
      { url: 'http://127.0.0.1:4010/v1', description: 'npx petition-embed service, with its default host and port' },
      { url: '{origin}/v1', description: 'Any deployment', variables: { origin: { default: 'https://petitions.example.org' } } },
    ],
    paths: withMethodNotAllowed(operations),
    webhooks: { authKeyOutcome: await outcomeWebhook(), trendingAlert: await trendingAlertWebhook() },
    components: {
      schemas: {
        Failure: serviceFailureSchema,
        Success: successSchema,
        Signature: signatureSchema,
        SignatureBreakdown: signatureBreakdownSchema,
        SignaturePage: signaturePageSchema('/v1/petitions'),
        Petition: petitionResourceSchema,
        PetitionId: petitionIdBodySchema,
        AuthKeyOutcome: authKeyOutcomeSchema,
        TrendingAlert: trendingAlertSchema,
        SignerFields: signerFieldsSchema(),
        ...serviceRequestSchemas,
      },
      parameters: serviceParameters,
      responses: { ...serviceResponses, ...methodNotAllowedResponses(operations) },
      headers: serviceHeaders,
    },
  };
}
