// GET /challenge's rule: a client network gets so many challenges a minute
// (rateLimit.challengesPerIpPerMinute, per network as every per-visitor limit), counted before
// the HMAC is spent on one. A form needs one per touch and one per refused proof; a script that
// stockpiles challenges (1,500 from one address in 6 s before this limit) gets 429.
import type { Challenge } from '../../shared/proof.js';
import { ProxyError } from '../errors/proxy-error.js';
import type { LimitWatch } from '../metrics/limit-watch.js';
import type { ClientLimit } from '../visitors/client-limit.js';
import type { ProofOfWork } from './proof-of-work.js';

export interface ChallengeIssuerOptions {
  proofs: ProofOfWork;
  /** Challenges per client network (rateLimit.challengesPerIpPerMinute). */
  rateLimit: ClientLimit;
  /** Says once per episode that the limit refuses. */
  limits?: LimitWatch;
}

export class ChallengeIssuer {
  constructor(private readonly options: ChallengeIssuerOptions) {}

  /** A new challenge of the petition's for the client at `clientAddress`, or the 429 that says when to ask again. */
  async issue(petitionId: number, clientAddress: string): Promise<Challenge> {
    const decision = await this.options.rateLimit.take(clientAddress);
    if (!decision.allowed) {
      this.options.limits?.reached('challenges_per_network');
      throw new ProxyError(429, ['Too many proof-of-work challenges from your network in the last minute. Try again in a minute.'], {
        retryAfter: decision.retryAfterSeconds,
      });
    }
    return this.options.proofs.challenge(petitionId);
  }
}
