// docs/openapi/proxy.yaml: the signing proxy's own routes, the ones the browser elements call,
// the service's callback, and the script files.
import { authKeyOutcomeSchema, challengeSchema, embedStatusSchema, proofSchema, proxyFailureSchema, petitionSummarySchema, signaturePageSchema, signatureReceivedSchema, signatureSchema, successSchema } from './resource-schemas.js';
import { signatureBreakdownSchema } from './breakdown-schema.js';
import type { OpenApiObject } from './response-objects.js';
import { proxyOperations } from './proxy-operations.js';
import { proxyHeaders, proxyResponses } from './proxy-responses.js';
import { signerFieldsSchema } from './signer-schema.js';

const DESCRIPTION = `The routes of the signing proxy a site owner runs beside its pages: the browser elements read
a petition and submit signatures here, and the proxy signs them with the credentials it holds
(which never reach the browser) and talks to the petition service (service.yaml).

Origins: a request whose Origin is present and not the publicUrl's origin or one of allowedOrigins
is refused with 403 on every path but the public ones; an allowed Origin gets
Access-Control-Allow-Origin and Access-Control-Expose-Headers: Retry-After, and preflights are
answered. A request without Origin (the service's callback, curl, same-origin reads) is not
checked. Public to every origin (Access-Control-Allow-Origin: *): the elements' script, its chunks
and /embed-status, so that a page the proxy refuses still loads the elements, which explain why.

Every failure answers {"result":"failure","messages":[…]}, with Cache-Control: no-store, and every
answer carries Vary: Origin. The public reads (the petition, its pages, recent signers and
breakdown) carry an ETag and a Cache-Control a shared cache in front of the proxy can use
(s-maxage: the proxy's own cacheSeconds; stale-if-error: its staleForSeconds), and answer 304
without a body to a matching If-None-Match; what is one visitor's (a challenge, a signature's 202)
says no-store.
A method a route does not have is 404 "not found" (the proxy has no 405); a POST over the body
limit is 413 before routing; HEAD is answered as GET without a body. Requests Node's HTTP parser
refuses get the error body too: 400 "request: not valid HTTP", 413 "headers: larger than the
server accepts", 408 "request: not received in time" (headers within 10 s, the whole request
within 30 s). An idle keep-alive connection is closed after 5 s; beyond 256 open connections from
one address, or 4,096 in all, new ones are closed unanswered.`;

export function proxyDocument(version: string): OpenApiObject {
  return {
    openapi: '3.1.0',
    info: { title: 'Signing proxy (petition-embed)', version, description: DESCRIPTION, license: { name: 'MIT', identifier: 'MIT' } },
    servers: [
      { url: 'http://127.0.0.1:4020', description: 'npx petition-embed proxy, with its default host and port' },
      { url: '{publicUrl}', description: "The proxy's publicUrl", variables: { publicUrl: { default: 'https://proxy.example.org' } } },
    ],
    paths: proxyOperations(),
    components: {
      schemas: {
        Failure: proxyFailureSchema,
        Success: successSchema,
        SignatureReceived: signatureReceivedSchema,
        Signature: signatureSchema,
        SignatureBreakdown: signatureBreakdownSchema,
        SignaturePage: signaturePageSchema('/api/petitions'),
        PetitionSummary: petitionSummarySchema,
        EmbedStatus: embedStatusSchema,
        AuthKeyOutcome: authKeyOutcomeSchema,
        SignerFields: signerFieldsSchema(),
        Challenge: challengeSchema,
        ProofOfWork: proofSchema,
      },
      responses: proxyResponses,
      headers: proxyHeaders,
    },
  };
}
