// A signer's erasure request: every signature their email address made (on any petition, and
// any still queued) is deleted, counts and listed positions follow, and the write-ahead log is
// checkpointed and truncated, so that with secure_delete (database.ts) none of their details is
// left in the database file or its WAL. The truncation is the checkpoint thread's
// (wal-checkpointer.ts): it takes turns with that thread's own checkpoints, which a checkpoint on
// the service's connection could collide with (then the old pages stayed, in the file too, until
// the next one), and it waits for readers off the event loop. The audit entry names ids only.
import type { Actor } from '../operators/audit-log.js';
import { recordAudit } from '../operators/audit-log.js';
import { existingSignature, recordRemoval } from './moderation.js';
import type { Store } from '../store/store.js';

export interface Erasure {
  /** The signatures deleted, by id. */
  signatureIds: number[];
  petitionIds: number[];
  /** False when another process kept the WAL from being emptied: it holds the old pages until the next checkpoint. */
  walTruncated: boolean;
}

export async function eraseSigner(store: Store, signatureId: number, actor: Actor, truncateWal: () => Promise<void>, now = Date.now()): Promise<Erasure> {
  const erased = await store.db.transaction(async () => {
    const { email_identity: identity } = await existingSignature(store, signatureId);
    const signatures = await store.signaturesOfEmail.all(identity);
    for (const signature of signatures) {
      if (signature.state === 'unconfirmed') await store.deleteConfirmation.run(signature.id);
      await store.deleteSignature.run(signature.id);
      await recordRemoval(store, signature, signature.state === 'counted' ? 1 : 0);
    }
    await store.deleteQueuedOfEmail.run(identity);
    const signatureIds = signatures.map(({ id }) => id);
    const petitionIds = [...new Set(signatures.map(({ petition_id }) => petition_id))];
    await recordAudit(store, actor, 'signer erased', `signature ${signatureId}`, `signatures ${signatureIds.join(', ')}; petitions ${petitionIds.join(', ')}`, now);
    return { signatureIds, petitionIds };
  });
  const walTruncated = await truncateWal().then(
    () => true,
    () => false,
  );
  return { ...erased, walTruncated };
}
