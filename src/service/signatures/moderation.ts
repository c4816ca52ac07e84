// The operator's decisions on one signature: hide its name from the list (it still counts), show
// it again, or invalidate it (it no longer counts). Either way the list stays dense
// (listed-positions.ts), the count changes in the same transaction, and the audit log says who
// did it.
import type { Actor } from '../operators/audit-log.js';
import { recordAudit } from '../operators/audit-log.js';
import { closeListedGap, openListedGap } from './listed-positions.js';
import { OperatorError } from '../errors/operator-error.js';
import type { SignatureRecord } from '../store/signatures/signature-admin-store.js';
import type { Store } from '../store/store.js';

export async function existingSignature(store: Store, id: number): Promise<SignatureRecord> {
  const signature = await store.signatureById.get(id);
  if (!signature) throw new OperatorError(`signature ${id} not found`);
  return signature;
}

/**
 * Takes a signature out of the list and out of the count (`counted` 1) or only out of the list,
 * updating the petition's listed range. The signature's row has already left its position.
 */
export async function recordRemoval(store: Store, signature: Pick<SignatureRecord, 'petition_id' | 'listed_position'>, counted: 0 | 1): Promise<void> {
  const petition = (await store.petitionForUpdate.get(signature.petition_id))!;
  const range =
    signature.listed_position === null
      ? { first: petition.first_listed_position, last: petition.last_listed_position }
      : await closeListedGap(store, petition, signature.listed_position);
  await store.recordSignatureRemoved.run({ id: petition.id, ...range, counted });
}

/** The name leaves the public list; the signature still counts. */
export async function hideSignature(store: Store, id: number, actor: Actor, now = Date.now()): Promise<void> {
  await store.db.transaction(async () => {
    const signature = await existingSignature(store, id);
    if (signature.hidden === 1) throw new OperatorError(`signature ${id} is already hidden`);
    if (signature.state === 'invalidated') throw new OperatorError(`signature ${id} is invalidated, so it is not listed`);
    await store.hideSignature.run(id);
    await recordRemoval(store, signature, 0);
    await recordAudit(store, actor, 'signature hidden', `signature ${id}`, `petition ${signature.petition_id}`, now);
  });
}

/**
 * Whether an operator hid this name, and so may show it again. A signer may ask to be hidden
 * when signing (the same `hidden` flag): that choice is theirs, and no operator undoes it. The
 * audit log is where an operator's hiding is recorded, in the transaction that hid it.
 */
export async function hiddenByOperator(store: Store, signature: Pick<SignatureRecord, 'id' | 'hidden' | 'state'>): Promise<boolean> {
  if (signature.hidden !== 1 || signature.state === 'invalidated') return false;
  const latest = await store.latestAuditAction.get({ subject: `signature ${signature.id}`, first: 'signature hidden', second: 'signature shown' });
  return latest?.action === 'signature hidden';
}

/**
 * The name an operator hid goes back into the list, at its place in time order (signed_on, then
 * id, as the list is kept); an unconfirmed signature's name is listed once it is confirmed.
 */
export async function showSignature(store: Store, id: number, actor: Actor, now = Date.now()): Promise<void> {
  await store.db.transaction(async () => {
    const signature = await existingSignature(store, id);
    if (signature.hidden === 0) throw new OperatorError(`signature ${id} is already shown in the list`);
    if (signature.state === 'invalidated') throw new OperatorError(`signature ${id} is invalidated, so it is not listed`);
    if (!(await hiddenByOperator(store, signature))) throw new OperatorError(`signature ${id} was hidden at its signer’s request, so it stays hidden`);
    if (signature.state === 'unconfirmed') {
      await store.showSignature.run({ id, position: null });
    } else {
      const petition = (await store.petitionForUpdate.get(signature.petition_id))!;
      const before = await store.listedBefore.get({ petition_id: petition.id, signed_on: signature.signed_on, id });
      const { position, first, last } = await openListedGap(store, petition, before?.listed_position ?? null);
      await store.showSignature.run({ id, position });
      await store.recordListedRange.run({ id: petition.id, first, last });
    }
    await recordAudit(store, actor, 'signature shown', `signature ${id}`, `petition ${signature.petition_id}`, now);
  });
}

/** The signature no longer counts and is not listed; its details stay for the record. */
export async function invalidateSignature(store: Store, id: number, actor: Actor, now = Date.now()): Promise<void> {
  await store.db.transaction(async () => {
    const signature = await existingSignature(store, id);
    if (signature.state === 'invalidated') throw new OperatorError(`signature ${id} is already invalidated`);
    // An unconfirmed signature's link must not bring it back.
    if (signature.state === 'unconfirmed') await store.deleteConfirmation.run(id);
    await store.invalidateSignature.run(id);
    await recordRemoval(store, signature, signature.state === 'counted' ? 1 : 0);
    await recordAudit(store, actor, 'signature invalidated', `signature ${id}`, `petition ${signature.petition_id}`, now);
  });
}
