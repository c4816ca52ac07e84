// The browser's routes under /api/petitions/:id (docs/openapi/proxy.yaml). Thin: parse,
// call the domain, answer. Only configured petitions exist here.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ReadAnswer } from '../reads/read-cache.js';
import { ProxyError } from '../errors/proxy-error.js';
import type { ReadSharing } from '../reads/read-sharing.js';
import { ifNoneMatchHolds } from './if-none-match.js';
import { petitionIdOf } from './petition-id.js';
import { NOT_SHARED, readAnswerHeaders } from './read-answer.js';
import type { PetitionReads } from '../reads/petition-reads.js';
import type { ChallengeIssuer } from '../proof/challenge-issuer.js';
import type { SignatureIntake } from './signature-intake.js';

export interface ApiRoutesOptions {
  petitionIds: ReadonlySet<number>;
  reads: PetitionReads;
  /** A signature's steps from its request to its answer. */
  intake: SignatureIntake;
  /** Issues the challenges a signature's proof of work solves, so many per client network. */
  challenges: ChallengeIssuer;
  clientAddress: (c: Context) => string;
  /** The POST's body, within the body limit (app.ts). */
  readBody: (c: Context) => Promise<string>;
}

/** A read's answer, or 304 without a body when the request's If-None-Match already has it. */
function answer(c: Context, result: ReadAnswer, sharing: ReadSharing): Response {
  for (const [name, value] of Object.entries(readAnswerHeaders(result, sharing))) c.header(name, value);
  return ifNoneMatchHolds(c.req.header('if-none-match'), result.etag) ? c.body(null, 304) : c.body(result.body, 200);
}

export function apiRoutes(options: ApiRoutesOptions): Hono<{ Variables: { petitionId: number } }> {
  const app = new Hono<{ Variables: { petitionId: number } }>();

  const knownPetition: MiddlewareHandler<{ Variables: { petitionId: number } }> = async (c, next) => {
    const petitionId = petitionIdOf(c.req.param('id') ?? '');
    if (!options.petitionIds.has(petitionId)) throw new ProxyError(404, ['petition not found']);
    c.set('petitionId', petitionId);
    return next();
  };
  app.use('/:id', knownPetition);
  app.use('/:id/*', knownPetition);

  const clientOf = (c: Context) => () => options.clientAddress(c);
  const { reads } = options;
  app.get('/:id', async (c) => answer(c, await reads.summary(c.get('petitionId'), clientOf(c)), reads.sharing));
  app.get('/:id/signatures', async (c) =>
    answer(c, await reads.page(c.get('petitionId'), (name) => c.req.query(name), clientOf(c)), reads.sharing),
  );
  // A new challenge each time: never cached, by the browser or anything between.
  app.get('/:id/challenge', async (c) => {
    c.header('Cache-Control', NOT_SHARED['Cache-Control']);
    return c.json(await options.challenges.issue(c.get('petitionId'), options.clientAddress(c)));
  });
  app.get('/:id/breakdown', async (c) => answer(c, await reads.breakdown(c.get('petitionId'), clientOf(c)), reads.sharing));
  app.get('/:id/signatures/recent', async (c) => answer(c, await reads.recent(c.get('petitionId'), clientOf(c)), reads.sharing));

  // The answer carries the signer's withdrawal link: theirs alone.
  app.post('/:id/signatures', async (c) =>
    c.json(
      await options.intake.submit(c.get('petitionId'), {
        contentType: c.req.header('content-type'),
        readBody: () => options.readBody(c),
        clientAddress: () => options.clientAddress(c),
      }),
      202,
      NOT_SHARED,
    ),
  );

  return app;
}
