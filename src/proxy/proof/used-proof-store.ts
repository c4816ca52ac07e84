// The challenges whose solutions were already spent on a signature, kept until the challenge
// expires, so that a solution is good for one signature, also after a restart; and who issued
// them. Each proxy keeps its own: proxies sharing a secret accept each other's challenges but
// not each other's spent proofs, so this proxy marks its challenges with an issuer id of its own
// and counts the proofs from other issuers spent here (`proxy doctor` reports them; README.md
// "One proxy per secret"). The domain sees only this interface; used-proof-sqlite.ts is the Node
// implementation.

/** Proofs spent here that another proxy, sharing this one's secret, issued. */
export interface ProofsFromOtherIssuer {
  issuer: string;
  spent: number;
  /** Epoch ms. */
  firstSpentAt: number;
  lastSpentAt: number;
}

export interface UsedProofStore {
  /**
   * Records `challenge` as used until `expiresAt` (epoch ms); false when it was used already.
   * Forgets those whose time is over (their proofs are refused as expired by then), so the
   * store holds at most one challenge lifetime's worth of signatures.
   */
  use(challenge: string, expiresAt: number, now: number): Promise<boolean>;
  /** This proxy's issuer id: made at its first use, then kept with the spent proofs. */
  issuer(): Promise<string>;
  /** Counts a proof spent here at `at` whose challenge another proxy, `issuer`, issued. */
  spentFromOther(issuer: string, at: number): Promise<void>;
}

/** A new issuer id: 12 hex digits, enough to tell a handful of proxies apart. */
export function newIssuerId(): string {
  return [...crypto.getRandomValues(new Uint8Array(6))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
