// A signature waiting for its signer's confirmation does not count yet, so neither the block
// lists added after it arrived nor a bulk invalidation made meanwhile touched it (issue 31: three
// signatures from a range the operator then blocked and invalidated counted once confirmed).
// Confirmation asks both again, in its transaction, after the petition's row is locked (as bulk
// invalidation locks it), so the two never interleave:
// - a standing (not undone) batch made since the signature arrived whose filter takes it: the
//   signature joins that batch, invalidated; undoing the batch restores it, counted, since its
//   signer confirmed;
// - a block list that takes it now: it is removed, as a submission refused 403 stores nothing.
// Either way the signer reads that the signature cannot be accepted.
import { addressOfKey } from '../store/signatures/address-key.js';
import type { Store } from '../store/store.js';
import { readInvalidationFilter, type FilterText } from './invalidation-filter.js';
import type { SubmissionScreen } from './submission-screen.js';

export type ConfirmationRefusal = 'invalidated' | 'blocked';

export class ConfirmationRecheck {
  constructor(
    private readonly store: Store,
    private readonly screen: SubmissionScreen,
  ) {}

  /** In the confirmation's transaction: null when the signature may count, else what took it (already applied). */
  async refusal(signatureId: number): Promise<ConfirmationRefusal | null> {
    const { store } = this;
    const signature = await store.signatureById.get(signatureId);
    if (!signature || signature.state !== 'unconfirmed') return null;
    for (const batch of await store.batchesStandingSince.all(signature.petition_id, signature.signed_on)) {
      const filter = readInvalidationFilter(signature.petition_id, JSON.parse(batch.filter) as FilterText);
      if (!filter.ok) continue;
      if (Number((await store.waitingMatches.get({ ...filter.params, signature_id: signatureId }))!.count) === 0) continue;
      await store.deleteConfirmation.run(signatureId);
      await store.invalidateWaiting.run({ id: signatureId, batch_id: batch.id });
      await store.countIntoBatch.run(batch.id);
      return 'invalidated';
    }
    const signer = {
      petitionId: signature.petition_id,
      email: signature.email,
      emailIdentity: signature.email_identity,
      clientAddress: signature.client_ip === null ? undefined : addressOfKey(signature.client_ip),
    };
    if (!(await this.screen.blocks(signer))) return null;
    await store.deleteConfirmation.run(signatureId);
    await store.deleteSignature.run(signatureId);
    return 'blocked';
  }
}
