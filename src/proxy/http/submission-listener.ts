// On Node, a browser's signature taken ahead of the Hono app: the same steps (signature-intake.ts),
// the same origin rule (origin-policy.ts's apiCorsHeaders) and the same failure body (failure.ts's
// failureAnswer), without the Web Request and Response the app's Node adapter builds for each
// request, which cost about a fifth of the proxy's CPU per submission (docs/benchmarks.md
// "Through the proxy"). Whatever this does not settle (another method, a query, an unknown
// petition, a refused origin) goes to the app, which stays the one complete implementation and
// the only one on other runtimes.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { apiCorsHeaders, type OriginRules } from '../visitors/origin-policy.js';
import { failureAnswer, unexpectedFailure } from './failure.js';
import { NOT_SHARED } from './read-answer.js';
import { PETITION_ID_PATTERN } from './petition-id.js';
import type { SignatureIntake } from './signature-intake.js';

/** The route the app answers as POST /api/petitions/:id/signatures (petition-id.ts's spelling), without a query. */
const SUBMISSION_PATH = new RegExp(`^/api/petitions/(${PETITION_ID_PATTERN})/signatures$`);

export interface SubmissionListenerOptions {
  intake: SignatureIntake;
  origins: OriginRules;
  petitionIds: ReadonlySet<number>;
  /** The body, at most the app's body limit, else a 413 ProxyError (app.ts's bodyTooLarge). */
  readBody: (request: IncomingMessage) => Promise<string>;
  /** The address the request is counted against (client-address.ts). */
  clientAddress: (request: IncomingMessage) => string;
  log: (line: string) => void;
}

export function submissionListener(options: SubmissionListenerOptions, app: RequestListener): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST') return app(request, response);
    const match = SUBMISSION_PATH.exec(request.url ?? '');
    const petitionId = match ? Number(match[1]) : NaN;
    if (!options.petitionIds.has(petitionId)) return app(request, response);
    const cors = apiCorsHeaders(options.origins, request.headers.origin);
    if (!cors) return app(request, response);
    void answer(options, petitionId, cors, request, response);
  };
}

async function answer(
  options: SubmissionListenerOptions,
  petitionId: number,
  cors: Record<string, string>,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  let status = 202;
  // A 202 carries the signer's withdrawal link: no cache may keep it (read-answer.ts).
  let headers: Record<string, string> = { ...NOT_SHARED };
  let body: unknown;
  try {
    body = await options.intake.submit(petitionId, {
      contentType: request.headers['content-type'],
      readBody: () => options.readBody(request),
      clientAddress: () => options.clientAddress(request),
    });
  } catch (error) {
    ({ status, headers, body } = failureAnswer(unexpectedFailure(error, `POST ${request.url}`, options.log)));
  }
  const text = JSON.stringify(body);
  response.writeHead(status, { ...cors, ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(text)) });
  response.end(text);
}
