// A signer withdraws their own signature through a link (the proxy's thank-you, or their
// confirmation mail): confirmed or not, listed or hidden, it is deleted like an erasure of that
// one signature (count and listed positions follow, the WAL is checkpointed so secure_delete
// leaves none of its bytes) and audited by ids only. The link is used up with it. An
// invalidated signature stays for the record: its links no longer work.
import { isWithdrawalToken } from '../../shared/withdrawal-token.js';
import { secretTokenHash } from '../http/secret-token.js';
import { recordAudit, SIGNER } from '../operators/audit-log.js';
import { recordRemoval } from './moderation.js';
import type { WithdrawalTarget } from '../store/signatures/withdrawal-store.js';
import type { PetitionRow, Store } from '../store/store.js';

export type WithdrawalLink = { kind: 'ready'; petition: PetitionRow; signerName: string } | { kind: 'unknown' };
export type WithdrawalOutcome = { kind: 'withdrawn'; petition: PetitionRow } | { kind: 'unknown' };

async function withdrawable(store: Store, token: string): Promise<WithdrawalTarget | undefined> {
  // The service's own tokens and the proxies' have one format: anything else is not looked up.
  if (!isWithdrawalToken(token)) return undefined;
  const target = await store.withdrawalByTokenHash.get(secretTokenHash(token));
  return target && target.state !== 'invalidated' ? target : undefined;
}

export async function readWithdrawalLink(store: Store, token: string): Promise<WithdrawalLink> {
  const target = await withdrawable(store, token);
  if (!target) return { kind: 'unknown' };
  const petition = (await store.petitionById.get(target.petition_id))!;
  return { kind: 'ready', petition, signerName: `${target.first_name} ${target.last_name}`.trim() };
}

/** `truncateWal`: the checkpoint thread's truncation (signer-erasure.ts says why), so the signer's bytes leave the WAL. */
export async function withdrawSignature(store: Store, token: string, truncateWal: () => Promise<void>, now = Date.now()): Promise<WithdrawalOutcome> {
  const outcome = await store.db.transaction(async (): Promise<WithdrawalOutcome> => {
    const target = await withdrawable(store, token);
    if (!target) return { kind: 'unknown' };
    const id = target.signature_id;
    if (target.state === 'unconfirmed') await store.deleteConfirmation.run(id);
    // Its withdrawal links go with it (ON DELETE CASCADE): the link is used up.
    await store.deleteSignature.run(id);
    await recordRemoval(store, target, target.state === 'counted' ? 1 : 0);
    await recordAudit(store, SIGNER, 'signature withdrawn', `signature ${id}`, `petition ${target.petition_id}`, now);
    return { kind: 'withdrawn', petition: (await store.petitionById.get(target.petition_id))! };
  });
  // A reader that keeps the WAL from being emptied leaves it to the thread's next checkpoint.
  if (outcome.kind === 'withdrawn') await truncateWal().catch(() => undefined);
  return outcome;
}
