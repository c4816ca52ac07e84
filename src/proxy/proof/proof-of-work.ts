// The proof of work that guards signature submission (docs/api.md "Proof of work"; the decision
// in the spec's decisions.md "Integrity"): challenges issued here, HMAC-signed, bound to one
// petition and to their difficulty, expiring, and each solution good for one signature.
// Verified in this process with altcha-lib's v1 API, never by a third party.
//
// v1 rather than v2: a v1 challenge is one SHA-256 per try with a bounded worst case (at most
// `maxnumber` tries, half on average), so a person's wait has a ceiling, the browser's solver is
// a few lines over Web Crypto, and checking a proof costs the proxy one hash and one HMAC. v2's
// key-prefix search has no ceiling (a slow device can be unlucky) and needs its key derivation
// in the browser.
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import * as v from 'valibot';
import { PROOF_ALGORITHM, PROOF_FIELD, type Challenge, type ProofProblem } from '../../shared/proof.js';
import { PROOF_OF_WORK_MAX } from '../config/config.js';
import { ProxyError } from '../errors/proxy-error.js';
import type { UsedProofStore } from './used-proof-store.js';

/** How long a challenge may be solved and used: time to fill in the form at leisure. */
export const CHALLENGE_LIFETIME_SECONDS = 30 * 60;

/**
 * The longest salt this proxy issues (24 hex, `?petition=` up to 15 digits, `&maxnumber=` eight,
 * `&issuer=` twelve hex, `&expires=` ten: 108): with room.
 */
export const SALT_MAX_LENGTH = 128;

const hex64 = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));

const proofSchema = v.strictObject({
  algorithm: v.literal(PROOF_ALGORITHM),
  challenge: hex64,
  number: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(PROOF_OF_WORK_MAX)),
  salt: v.pipe(v.string(), v.maxLength(SALT_MAX_LENGTH), v.regex(/^[\x21-\x7e]+$/)),
  signature: hex64,
});

/**
 * A submission's `proof` at its longest as JSON, every character written as \uXXXX: the body
 * limit makes room for it (app.ts).
 */
export const PROOF_JSON_MAX_BYTES =
  6 * (`"${PROOF_FIELD}":{"algorithm":"","challenge":"","number":,"salt":"","signature":""},`.length + PROOF_ALGORITHM.length + 64 + SALT_MAX_LENGTH + 64) +
  String(PROOF_OF_WORK_MAX).length;

const MESSAGES: Record<ProofProblem, (petitionId: number) => string> = {
  missing: (id) => `${PROOF_FIELD}: required: solve a challenge from GET /api/petitions/${id}/challenge and send its solution`,
  malformed: () => `${PROOF_FIELD}: must be an object with the challenge's algorithm, challenge, salt and signature and the number found`,
  forged: () => `${PROOF_FIELD}: does not solve a challenge issued by this proxy`,
  expired: () => `${PROOF_FIELD}: the challenge has expired: solve a new one`,
  other_petition: () => `${PROOF_FIELD}: the challenge was issued for another petition`,
  too_easy: () => `${PROOF_FIELD}: the petition now asks for a harder proof of work than this challenge's: solve a new one`,
  used: () => `${PROOF_FIELD}: the challenge was already used for a signature: solve a new one`,
};

/** The message of a refused proof (also the API reference's example). */
export function proofRefusalMessage(petitionId: number, code: ProofProblem): string {
  return MESSAGES[code](petitionId);
}

function refused(petitionId: number, code: ProofProblem): ProxyError {
  return new ProxyError(400, [proofRefusalMessage(petitionId, code)], { problems: [{ field: PROOF_FIELD, code }] });
}

export interface ProofOfWorkOptions {
  /** The proxy's API secret: the challenges' HMAC key is derived from it, never the secret itself. */
  secret: string;
  /** A petition's `proofOfWork` setting: the most tries a challenge needs; 0 turns the proof off. */
  difficultyOf: (petitionId: number) => number;
  used: UsedProofStore;
  /** Says once per other issuer that its proofs are spent here too (README.md "One proxy per secret"). */
  log?: (line: string) => void;
  now?: () => number;
}

export class ProofOfWork {
  readonly #options: ProofOfWorkOptions;
  readonly #now: () => number;
  #key: Promise<string> | undefined;
  /** Other issuers already named in the log since start. */
  readonly #othersLogged = new Set<string>();

  constructor(options: ProofOfWorkOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /**
   * A new challenge for a petition. With the proof turned off, a trivial one, so the form works
   * the same. Its `maxnumber` is also a parameter of the salt, which the signature covers: a
   * solution says, unforgeably, how hard its challenge was (accept() compares that with now). So
   * is this proxy's issuer id, which tells a challenge another proxy with the secret issued.
   */
  async challenge(petitionId: number): Promise<Challenge> {
    const maxnumber = Math.max(this.#options.difficultyOf(petitionId), 1);
    const challenge = await createChallenge({
      algorithm: PROOF_ALGORITHM,
      hmacKey: await this.#hmacKey(),
      maxNumber: maxnumber,
      expires: new Date(this.#now() + CHALLENGE_LIFETIME_SECONDS * 1000),
      params: { petition: String(petitionId), maxnumber: String(maxnumber), issuer: await this.#options.used.issuer() },
    });
    return { ...challenge, algorithm: PROOF_ALGORITHM, maxnumber };
  }

  /**
   * Checks a submission's proof and spends it, or throws the 400 that says why not. Spent only
   * once everything else about the proof is right, in one step with the check that it was not
   * spent before (two submissions racing with one proof: one wins).
   */
  async accept(petitionId: number, proof: unknown): Promise<void> {
    const difficulty = this.#options.difficultyOf(petitionId);
    if (difficulty === 0) return;
    if (proof === undefined || proof === null) throw refused(petitionId, 'missing');
    const parsed = v.safeParse(proofSchema, proof);
    if (!parsed.success) throw refused(petitionId, 'malformed');
    // The library's own expiry check reads the system clock; the proxy's clock decides instead.
    if (!(await verifySolution(parsed.output, await this.#hmacKey(), false))) throw refused(petitionId, 'forged');
    const params = extractParams(parsed.output);
    const expiresAt = Number(params['expires']) * 1000;
    const now = this.#now();
    if (!(now < expiresAt)) throw refused(petitionId, 'expired');
    if (params['petition'] !== String(petitionId)) throw refused(petitionId, 'other_petition');
    // Raising a petition's difficulty applies to challenges already out: one issued easier (or
    // before difficulties were bound, without the parameter) is refused, and the form solves a
    // new one. A challenge harder than needed, after the difficulty went down, still counts.
    if (!(Number(params['maxnumber']) >= difficulty)) throw refused(petitionId, 'too_easy');
    if (!(await this.#options.used.use(parsed.output.challenge, expiresAt, now))) throw refused(petitionId, 'used');
    await this.#countOtherIssuer(params['issuer'], now);
  }

  /**
   * A proof another proxy with this secret issued, spent here: it may have bought a signature
   * there too, since each proxy remembers only its own spent proofs. Accepted (proxies behind one
   * load balancer may share a secret), but counted for `proxy doctor` and logged once per issuer.
   */
  async #countOtherIssuer(issuer: string | undefined, now: number): Promise<void> {
    if (issuer === undefined || issuer === (await this.#options.used.issuer())) return;
    await this.#options.used.spentFromOther(issuer, now);
    if (this.#othersLogged.has(issuer)) return;
    this.#othersLogged.add(issuer);
    this.#options.log?.(
      `proof of work: a proof issued by another proxy with this secret (issuer ${issuer}) was spent here: ` +
        'each proxy keeps its own spent proofs, so a solution can buy a signature at each; run one Node proxy per secret (README.md "One proxy per secret")',
    );
  }

  #hmacKey(): Promise<string> {
    this.#key ??= deriveHmacKey(this.#options.secret);
    return this.#key;
  }
}

/** HMAC(secret, purpose): a key of its own, so nothing signed for browsers is signed with the API secret. */
async function deriveHmacKey(secret: string): Promise<string> {
  const encoder = new TextEncoder();
  // Not extractable: nothing here exports it, so no test can tell (the mutant is equivalent).
  // Stryker disable next-line BooleanLiteral
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const derived = await crypto.subtle.sign('HMAC', key, encoder.encode('petition-embed proof of work challenges'));
  return [...new Uint8Array(derived)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
