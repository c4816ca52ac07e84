// Keeps a petition's listed positions dense when a signature leaves the list (hidden,
// invalidated, erased) or comes back (shown again), so that paging by position range
// (pagination.ts) stays right: the rows on the shorter side of the gap move one step, and the
// petition's first or last position follows. Run inside the transaction that moves the signature.
import { giveLoopTurn } from '../jobs/loop-slices.js';
import type { PetitionRow, Store } from '../store/store.js';

export interface ListedRange {
  first: number;
  last: number;
}

/**
 * Closes the gap at `position`, whose row must already have left it (listed_position NULL).
 * Returns the petition's new range.
 */
export async function closeListedGap(store: Store, petition: Pick<PetitionRow, 'id' | 'first_listed_position' | 'last_listed_position'>, position: number): Promise<ListedRange> {
  const { first_listed_position: first, last_listed_position: last } = petition;
  if (position < first || position > last) throw new Error('position outside the listed range');
  const below = position - first;
  const above = last - position;
  // Two steps (park far away, then land) so that no step puts two rows on one position.
  if (below <= above) {
    if (below > 0) {
      await store.parkListedPositions.run({ petition_id: petition.id, from: first, to: position - 1, by: 1 });
      await store.landParkedPositions.run({ petition_id: petition.id });
    }
    return { first: first + 1, last };
  }
  await store.parkListedPositions.run({ petition_id: petition.id, from: position + 1, to: last, by: -1 });
  await store.landParkedPositions.run({ petition_id: petition.id });
  return { first, last: last - 1 };
}

/**
 * Opens a gap for a signature coming back into the list right after the listed one at
 * `after` (null: before every listed one), moving the shorter side of the list one step away.
 * Returns the position the signature takes and the petition's new range.
 */
export async function openListedGap(
  store: Store,
  petition: Pick<PetitionRow, 'id' | 'first_listed_position' | 'last_listed_position'>,
  after: number | null,
): Promise<{ position: number } & ListedRange> {
  const { first_listed_position: first, last_listed_position: last } = petition;
  const at = after === null ? first : after + 1;
  if (at - first <= last - at + 1) {
    if (at > first) {
      await store.parkListedPositions.run({ petition_id: petition.id, from: first, to: at - 1, by: -1 });
      await store.landParkedPositions.run({ petition_id: petition.id });
    }
    return { position: at - 1, first: first - 1, last };
  }
  await store.parkListedPositions.run({ petition_id: petition.id, from: at, to: last, by: 1 });
  await store.landParkedPositions.run({ petition_id: petition.id });
  return { position: at, first, last: last + 1 };
}

/**
 * Rows read, and moved, per statement when a whole list is read or renumbered: a few
 * milliseconds each, with a turn of the event loop between them (a petition of 100,000 in one
 * statement held the service's thread for a third of a second).
 */
const READ_CHUNK = 2_000;
const MOVE_CHUNK = 500;

/** The petition's listed signatures in list order ([id, position, signed_on]), read a chunk at a time. */
export async function listedInOrder(store: Store, petitionId: number): Promise<Array<[id: number, position: number, signedOn: number]>> {
  const listed: Array<[number, number, number]> = [];
  // Positions may run below zero (a signature shown again before the first one).
  for (let after = Number.MIN_SAFE_INTEGER; ; ) {
    await giveLoopTurn();
    const rows = await store.listedAfter.all(petitionId, after, READ_CHUNK);
    for (const row of rows) listed.push(row);
    if (rows.length < READ_CHUNK) return listed;
    after = rows[rows.length - 1]![1];
  }
}

/**
 * Gives the petition's listed signatures, in `order` (each with its current position, null for
 * one coming back into the list), the dense positions from the petition's first one on, for a
 * change of many at once (bulk invalidation and its undo, src/service/abuse/; a paper batch's
 * removal): only the rows whose position changes are written, a chunk per statement, all parked
 * far above the list and then landed a range of positions at a time, so the unique index never
 * sees two rows on one position. Returns the new range.
 */
export async function renumberListed(
  store: Store,
  petition: Pick<PetitionRow, 'id' | 'first_listed_position'>,
  order: ReadonlyArray<{ id: number; position: number | null }>,
): Promise<ListedRange> {
  const first = petition.first_listed_position;
  const moves: Array<[number, number]> = [];
  order.forEach(({ id, position }, index) => {
    if (position !== first + index) moves.push([id, first + index]);
  });
  for (let start = 0; start < moves.length; start += MOVE_CHUNK) {
    await giveLoopTurn();
    await store.parkAtPositions.run(JSON.stringify(moves.slice(start, start + MOVE_CHUNK)));
  }
  // Every position a moved row goes to is free once all are parked: the rows left in place
  // already hold their own, and no two moves share one.
  for (let start = 0; start < moves.length; start += MOVE_CHUNK) {
    const targets = moves.slice(start, start + MOVE_CHUNK);
    await giveLoopTurn();
    await store.landParkedBetween.run({ petition_id: petition.id, from: targets[0]![1], to: targets[targets.length - 1]![1] });
  }
  return { first, last: first + order.length - 1 };
}
