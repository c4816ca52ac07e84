// The browser's routes under /api/petitions/:id (docs/openapi/proxy.yaml). Thin: parse,
// call the domain, answer. Only configured petitions exist here.
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { OptIn } from '../../shared/consent.js';
import { PROOF_FIELD } from '../../shared/proof.js';
import { everyCountry } from '../../shared/addresses/every-country.js';
import { validateSigner } from '../../shared/signature-schema.js';
import { checkConsent } from '../outbox/consent-check.js';
import type { ReadAnswer } from '../reads/read-cache.js';
import { ProxyError } from './failure.js';
import { petitionIdOf } from './petition-id.js';
import type { PetitionReads } from '../reads/petition-reads.js';
import type { ClientLimit } from '../visitors/client-limit.js';
import type { Submissions } from '../outbox/submissions.js';
import type { ProofOfWork } from '../proof/proof-of-work.js';

/**
 * The form's hidden honeypot input. People never see it, so never fill it; bots that fill every
 * field get the answer a queued signature gets, and the signature is not sent anywhere.
 */
export const HONEYPOT_FIELD = 'website';

export interface ApiRoutesOptions {
  petitionIds: ReadonlySet<number>;
  reads: PetitionReads;
  submissions: Submissions;
  /** Issues the challenges a signature's proof of work solves, and checks and spends the proofs. */
  proofs: ProofOfWork;
  /** Signatures per client network (rateLimit.signaturesPerIpPerMinute). */
  rateLimit: ClientLimit;
  clientAddress: (c: Context) => string;
  /** The opt-ins a petition offers, from the configuration. */
  optInsOf: (petitionId: number) => readonly OptIn[];
  /** The POST's body, within the body limit (app.ts). */
  readBody: (c: Context) => Promise<string>;
  log: (line: string) => void;
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
  let honeypotCatches = 0;

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
    return c.json(await options.proofs.challenge(c.get('petitionId')));
  });
  app.get('/:id/breakdown', async (c) => answer(c, await options.reads.breakdown(c.get('petitionId'), clientOf(c))));
  app.get('/:id/signatures/recent', async (c) => answer(c, await options.reads.recent(c.get('petitionId'), clientOf(c))));

  app.post('/:id/signatures', async (c) => {
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/json')) {
      throw new ProxyError(415, ['Content-Type: send the signature as application/json']);
    }
    const text = await options.readBody(c);
    let fields: unknown;
    try {
      fields = JSON.parse(text);
    } catch {
      throw new ProxyError(400, ['body: must be a JSON object with the signer\'s fields']);
    }
    const validation = validateSigner(fields, everyCountry);
    if (!validation.success) throw ProxyError.fields(validation.problems);

    const honeypot = (fields as Record<string, unknown>)[HONEYPOT_FIELD];
    // Only a filled-in trap counts: a client that sends the empty field as null is a person.
    if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
      honeypotCatches++;
      options.log(`honeypot: submission ignored (${honeypotCatches} since start)`);
      return c.json(options.submissions.ignoredAnswer(), 202);
    }

    const decision = await options.rateLimit.take(options.clientAddress(c));
    if (!decision.allowed) {
      throw new ProxyError(429, ['Too many signatures from your network in the last minute. Try again in a minute.'], {
        retryAfter: decision.retryAfterSeconds,
      });
    }
    const petitionId = c.get('petitionId');
    const consent = checkConsent(fields as Record<string, unknown>, options.optInsOf(petitionId));
    if (!consent.ok) throw new ProxyError(400, consent.problems);
    // Last before the signature goes anywhere (service or outbox), so a refused one spends no proof.
    await options.proofs.accept(petitionId, (fields as Record<string, unknown>)[PROOF_FIELD]);
    return c.json(await options.submissions.submit(petitionId, validation.output, consent.consent, options.clientAddress(c)), 202);
  });

  return app;
}
