// When a petition closed, the moment its retention period counts from: the first of its
// operator closing it and its end_at passing. The moment is recorded (petitions.closed_at) the
// first time the service sees the petition closed, so the erasure date does not move when the
// petition is edited later; a petition opened again has no closing moment until it closes again.
import { isClosed } from '../petitions/petitions.js';
import { PetitionFieldsError } from '../petitions/petition-fields.js';
import type { PetitionStatus, Store } from '../store/store.js';

export interface ClosingState {
  status: PetitionStatus;
  end_at: number | null;
  /** The recorded moment, or null when none is recorded yet. */
  closed_at: number | null;
}

/**
 * The petition's closing moment at `now`, or null while it is open. `closedByThisWrite`: the
 * operator's write being made now is what closes it (a status of closed, or an end_at set in the
 * past), so it closed now, not at an end_at that the write itself put in the past. Otherwise an
 * unrecorded closing is its end_at when that has passed (it closed then, whoever looks later),
 * and else now (closed by status before this moment was recorded: an older version, or a write
 * through another process).
 */
export function closingMoment(petition: ClosingState, now: number, closedByThisWrite = false): number | null {
  if (!isClosed(petition, now)) return null;
  if (petition.closed_at !== null) return petition.closed_at;
  if (closedByThisWrite) return now;
  return petition.end_at !== null && petition.end_at <= now ? petition.end_at : now;
}

/**
 * In the transaction of the operator's write to a petition: records the moment the write closed
 * it, or forgets the moment when the write opened it again (a later close counts from then). A
 * petition whose signers' personal data was erased is not opened again: their emails are gone, so
 * each of them could sign a second time unnoticed.
 */
export async function recordClosingOfWrite(
  store: Store,
  petitionId: number,
  before: Pick<ClosingState, 'status' | 'end_at'>,
  after: Pick<ClosingState, 'status' | 'end_at'>,
  now: number,
): Promise<void> {
  const { closed_at: recorded, personal_data_erased_at: erased } = (await store.petitionRetention.get(petitionId))!;
  const wasClosed = isClosed(before, now);
  const moment = closingMoment({ ...after, closed_at: wasClosed ? recorded : null }, now, !wasClosed);
  if (moment === null && erased !== null) {
    const field = after.status !== before.status ? 'status' : 'end_at';
    throw new PetitionFieldsError([{ field, message: "its signers' personal data was erased, so it cannot take signatures again (each of them could sign twice)" }]);
  }
  if (moment === recorded) return;
  if (moment === null) await store.forgetClosedAt.run(petitionId);
  else await store.recordClosedAt.run(moment, petitionId);
}
