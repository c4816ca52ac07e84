// Bulk invalidation's domain functions (bulk-invalidation.ts) on the service's real database (a
// SQLite file, or PostgreSQL with SERVICE_TEST_DATABASE=postgres), without HTTP: the preview's
// examples, what invalidating and undoing return, the operator's errors, the one-at-a-time
// refusal's words, and where an undo puts signatures back when their times tie with listed ones
// (signed_on, then id; a later time goes after, whatever the id), and the 1,000 ids per statement that
// keep a large batch from holding the thread. bulk-invalidation.test.ts has the whole flow through the console.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { bulkInvalidationJobs, invalidateInBulk, previewInvalidation, undoInvalidation } from '../../../src/service/abuse/bulk-invalidation.js';
import { readInvalidationFilter } from '../../../src/service/abuse/invalidation-filter.js';
import { OperatorError } from '../../../src/service/errors/operator-error.js';
import { COMMAND_LINE } from '../../../src/service/operators/audit-log.js';
import { createPetition } from '../../../src/service/petitions/petition-writes.js';
import { seedSignatures } from '../../../src/service/seed/seed.js';
import { listedInOrder } from '../../../src/service/signatures/listed-positions.js';
import type { Store } from '../../../src/service/store/store.js';
import { openTestStore, type TestStore } from '../test-database.js';

let fixture: TestStore;
let store: Store;
before(async () => {
  fixture = await openTestStore('bulk-invalidation-');
  store = fixture.store;
});
after(() => fixture.close());

function filterParams(petitionId: number, form: Record<string, string>) {
  const filter = readInvalidationFilter(petitionId, form);
  assert.ok(filter.ok);
  return filter;
}

async function listedIds(petitionId: number): Promise<number[]> {
  const listed = await listedInOrder(store, petitionId);
  assert.deepEqual(
    listed.map(([, position]) => Number(position)),
    listed.map((_, index) => Number(listed[0]![1]) + index),
    'positions stay dense',
  );
  return listed.map(([id]) => Number(id));
}

async function operatorError(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => assert.fail('accepted'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof OperatorError, String(error));
  return error.message;
}

describe('a batch of three among eight signers', () => {
  test('preview, invalidate, undo: examples newest id first, the counts returned, ties in time put back by id', async () => {
    const petitionId = await createPetition(store, { title: 'Bulk invalidation petition' }, COMMAND_LINE);
    await seedSignatures(store, petitionId, 8);
    // Seeded signers are written oldest first (ids ascend with time); read newest first, i1 … i8, the list (oldest first) is i8 … i1.
    const rows = (await store.db.prepare<[number], { id: number; signed_on: number }>('SELECT id, signed_on FROM signatures WHERE petition_id = ? ORDER BY id DESC').all(petitionId)).map(
      (row) => ({ id: Number(row.id), signedOn: Number(row.signed_on) }),
    );
    assert.equal(rows.length, 8);
    const i = (n: number) => rows[n - 1]!.id;
    const t = (n: number) => rows[n - 1]!.signedOn;
    assert.deepEqual(await listedIds(petitionId), [i(8), i(7), i(6), i(5), i(4), i(3), i(2), i(1)]);

    // Taken: i1 (the newest, largest id), i3 tied in time with the listed i4 (larger id: goes after
    // it) and i6 tied with the listed i5 (smaller id: goes before it).
    const update = store.db.prepare<[number, string | null, number]>('UPDATE signatures SET signed_on = ?, utm_source = ? WHERE id = ?');
    await update.run(t(1), 'taken', i(1));
    await update.run(t(4), 'taken', i(3));
    await update.run(t(5), 'taken', i(6));
    const { params, text } = filterParams(petitionId, { utm_source: 'taken' });

    assert.deepEqual(await previewInvalidation(store, filterParams(petitionId, { utm_source: 'nobody' }).params), { count: 0, examples: [] });
    const preview = await previewInvalidation(store, params);
    assert.equal(preview.count, 3);
    assert.deepEqual(
      preview.examples.map((example) => Number(example.id)),
      [i(1), i(3), i(6)],
    );

    const { batchId, invalidated } = await invalidateInBulk(store, params, text, COMMAND_LINE);
    assert.equal(invalidated, 3);
    assert.equal(typeof batchId, 'number');
    assert.deepEqual(await listedIds(petitionId), [i(8), i(7), i(5), i(4), i(2)]);

    assert.deepEqual(await undoInvalidation(store, batchId, COMMAND_LINE), { petitionId, restored: 3 });
    assert.deepEqual(await listedIds(petitionId), [i(8), i(7), i(6), i(5), i(4), i(3), i(2), i(1)]);

    assert.equal(await operatorError(undoInvalidation(store, batchId, COMMAND_LINE)), `batch ${batchId} is already undone`);
  });

  test('an unknown batch or petition is the operator\'s error, naming it', async () => {
    assert.equal(await operatorError(undoInvalidation(store, 987654, COMMAND_LINE)), 'batch 987654 not found');
    const { params, text } = filterParams(987654, { utm_source: 'taken' });
    assert.equal(await operatorError(invalidateInBulk(store, params, text, COMMAND_LINE)), 'petition 987654 not found');
  });
});

test('undo: a signature signed after a listed one goes back after it, though its id is smaller', async () => {
  const petitionId = await createPetition(store, { title: 'Bulk invalidation, a late signer' }, COMMAND_LINE);
  await seedSignatures(store, petitionId, 3);
  const rows = (await store.db.prepare<[number], { id: number; signed_on: number }>('SELECT id, signed_on FROM signatures WHERE petition_id = ? ORDER BY id').all(petitionId)).map(
    (row) => ({ id: Number(row.id), signedOn: Number(row.signed_on) }),
  );
  const [first, second, third] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
  assert.deepEqual(await listedIds(petitionId), [first.id, second.id, third.id]);
  // The smallest id, signed a second after the newest.
  await store.db.prepare<[number, number]>("UPDATE signatures SET signed_on = ?, utm_source = 'late' WHERE id = ?").run(third.signedOn + 1000, first.id);
  const { params, text } = filterParams(petitionId, { utm_source: 'late' });
  const { batchId } = await invalidateInBulk(store, params, text, COMMAND_LINE);
  assert.deepEqual(await listedIds(petitionId), [second.id, third.id]);
  await undoInvalidation(store, batchId, COMMAND_LINE);
  assert.deepEqual(await listedIds(petitionId), [second.id, third.id, first.id]);
});

test('2,000 matches are invalidated and restored 1,000 per statement, never all at once nor an empty one', async () => {
  const petitionId = await createPetition(store, { title: 'Bulk invalidation in chunks' }, COMMAND_LINE);
  await seedSignatures(store, petitionId, 2000);
  const sizes = { invalidated: [] as number[], restored: [] as number[] };
  // The real statements, their lists of ids measured on the way.
  const measured: Store = {
    ...store,
    invalidateIds: { ...store.invalidateIds, run: (p) => (sizes.invalidated.push((JSON.parse(p.ids) as number[]).length), store.invalidateIds.run(p)) },
    restoreBatchMembers: { ...store.restoreBatchMembers, run: (p) => (sizes.restored.push((JSON.parse(p.ids) as number[]).length), store.restoreBatchMembers.run(p)) },
  };
  const { params, text } = filterParams(petitionId, { name: '*' });
  assert.equal((await previewInvalidation(store, params)).count, 2000);
  const { batchId, invalidated } = await invalidateInBulk(measured, params, text, COMMAND_LINE);
  assert.equal(invalidated, 2000);
  assert.deepEqual(sizes.invalidated, [1000, 1000]);
  assert.deepEqual(await undoInvalidation(measured, batchId, COMMAND_LINE), { petitionId, restored: 2000 });
  assert.deepEqual(sizes.restored, [1000, 1000]);
});

test('one bulk invalidation of a petition at a time: the second is refused in the operator\'s words; the log names the job', () => {
  const lines: string[] = [];
  const jobs = bulkInvalidationJobs((line) => lines.push(line));
  const running = jobs.begin(3);
  assert.throws(() => jobs.begin(3), {
    message: 'A bulk invalidation of this petition, or its undo, is being made: it is already running. Try again when it has finished.',
  });
  running.end({ outcome: 'finished', detail: '2 signatures' });
  jobs.begin(3).end({ outcome: 'cancelled', detail: '' });
  assert.equal(lines[0], 'bulk invalidation of petition 3 started');
  assert.match(lines[1]!, /^bulk invalidation of petition 3 finished: 2 signatures in \d+\.\d\d s$/);
});
