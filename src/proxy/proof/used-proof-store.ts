// The challenges whose solutions were already spent on a signature, kept until the challenge
// expires, so that a solution is good for one signature, also after a restart. The domain sees
// only this interface; used-proof-sqlite.ts is the Node implementation.

export interface UsedProofStore {
  /**
   * Records `challenge` as used until `expiresAt` (epoch ms); false when it was used already.
   * Forgets those whose time is over (their proofs are refused as expired by then), so the
   * store holds at most one challenge lifetime's worth of signatures.
   */
  use(challenge: string, expiresAt: number, now: number): Promise<boolean>;
}
