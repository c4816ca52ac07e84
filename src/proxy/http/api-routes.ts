// The browser's routes under /api/petitions/:id (docs/openapi/proxy.yaml). Thin: parse,
// call the domain, answer. Only configured petitions exist here.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { ReadAnswer } from '../reads/read-cache.js';
import { ProxyError } from '../errors/proxy-error.js';
import { petitionIdOf } from './petition-id.js';
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

/** Marks a read the service could not answer, served from the proxy's last good answers. */
const STALE_HEADER = 'X-Petition-Stale';

/** The headers of a read's answer besides the origin rules' (also cached-read-listener.ts's). */
export function readAnswerHeaders(result: ReadAnswer): Record<string, string> {
  return result.stale
    ? { 'Content-Type': 'application/json; charset=utf-8', [STALE_HEADER]: '1' }
    : { 'Content-Type': 'application/json; charset=utf-8' };
}

function answer(c: Context, result: ReadAnswer): Response {
  for (const [name, value] of Object.entries(readAnswerHeaders(result))) c.header(name, value);
  return c.body(result.body, 200);
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
  app.get('/:id', async (c) => answer(c, await options.reads.summary(c.get('petitionId'), clientOf(c))));
  app.get('/:id/signatures', async (c) =>
    answer(c, await options.reads.page(c.get('petitionId'), (name) => c.req.query(name), clientOf(c))),
  );
  // A new challenge each time: never cached, by the browser or anything between.
  app.get('/:id/challenge', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await options.challenges.issue(c.get('petitionId'), options.clientAddress(c)));
  });
  app.get('/:id/breakdown', async (c) => answer(c, await options.reads.breakdown(c.get('petitionId'), clientOf(c))));
  app.get('/:id/signatures/recent', async (c) => answer(c, await options.reads.recent(c.get('petitionId'), clientOf(c))));

  app.post('/:id/signatures', async (c) =>
    c.json(
      await options.intake.submit(c.get('petitionId'), {
        contentType: c.req.header('content-type'),
        readBody: () => options.readBody(c),
        clientAddress: () => options.clientAddress(c),
      }),
      202,
    ),
  );

  return app;
}
