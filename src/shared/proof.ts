// The proof of work a signature carries from the form to the proxy (docs/api.md "Proof of work"):
// altcha's v1 challenge, as GET /api/petitions/{id}/challenge answers it, and its solution, sent
// as the submission's `proof`. Shared so that the element and the proxy agree on one shape.

/** The one hash the proxy issues challenges in. */
export const PROOF_ALGORITHM = 'SHA-256';

/** The submission field that carries the solution. */
export const PROOF_FIELD = 'proof';

export interface Challenge {
  algorithm: typeof PROOF_ALGORITHM;
  /** SHA-256 (hex) of `salt` followed by the secret number, in decimal. */
  challenge: string;
  /** The largest number the solver may have to try. */
  maxnumber: number;
  /**
   * Random hex, then `?petition=…&maxnumber=…&expires=…&`: covered by `signature`, so none can be
   * changed (the proxy refuses a solution whose `maxnumber` is below the petition's difficulty now).
   */
  salt: string;
  /** HMAC-SHA-256 (hex) of `challenge` with the proxy's key. */
  signature: string;
}

export interface Proof {
  algorithm: typeof PROOF_ALGORITHM;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

/** Why the proxy refused a proof: the `code` of its `{ field: "proof", code }` problem. */
export const PROOF_PROBLEMS = ['missing', 'malformed', 'forged', 'expired', 'other_petition', 'too_easy', 'used'] as const;
export type ProofProblem = (typeof PROOF_PROBLEMS)[number];
