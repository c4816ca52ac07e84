// The recheck at confirmation (confirmation-recheck.ts) on the service's real database (a SQLite
// file, or PostgreSQL with SERVICE_TEST_DATABASE=postgres), without HTTP or mail: only a signature
// still waiting is judged (a counted one on the block list stays), a batch whose stored filter
// cannot be read any more is passed over for the next, and what took the signature is named.
// confirmation-recheck.test.ts has the signer's side, over SMTP and the console.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { addBlockEntry } from '../../../src/service/abuse/block-list.js';
import { ConfirmationRecheck } from '../../../src/service/abuse/confirmation-recheck.js';
import { SubmissionScreen } from '../../../src/service/abuse/submission-screen.js';
import { COMMAND_LINE } from '../../../src/service/operators/audit-log.js';
import { createPetition } from '../../../src/service/petitions/petition-writes.js';
import { seedSignatures } from '../../../src/service/seed/seed.js';
import type { Store } from '../../../src/service/store/store.js';
import { openTestStore, type TestStore } from '../test-database.js';

let fixture: TestStore;
let store: Store;
before(async () => {
  fixture = await openTestStore('confirmation-recheck-');
  store = fixture.store;
});
after(() => fixture.close());

async function stateOf(id: number): Promise<{ state: string; batch: number | null } | undefined> {
  const row = await store.db.prepare<[number], { state: string; batch: number | null }>('SELECT state, invalidation_batch_id AS batch FROM signatures WHERE id = ?').get(id);
  return row && { state: row.state, batch: row.batch === null ? null : Number(row.batch) };
}

test('a waiting signature is blocked or joins the first batch that can still be read; a counted one, or none, is left alone', async () => {
  const petitionId = await createPetition(store, { title: 'Recheck petition' }, COMMAND_LINE);
  await seedSignatures(store, petitionId, 3);
  const [counted, waitingBlocked, waitingTaken] = (
    await store.db.prepare<[number], { id: number; email: string }>('SELECT id, email FROM signatures WHERE petition_id = ? ORDER BY id').all(petitionId)
  ).map((row) => ({ id: Number(row.id), email: row.email }));
  const wait = store.db.prepare<[string | null, number]>("UPDATE signatures SET state = 'unconfirmed', listed_position = NULL, utm_source = ? WHERE id = ?");
  await wait.run(null, waitingBlocked!.id);
  await wait.run('taken', waitingTaken!.id);
  for (const signer of [counted!, waitingBlocked!]) await addBlockEntry(store, { kind: 'email', value: signer.email, petitionId: null }, COMMAND_LINE);
  // A batch whose filter no longer reads (none at all), made first, and one that takes the waiting signer.
  const now = Date.now();
  await store.insertInvalidationBatch.get({ petition_id: petitionId, filter: '{}', created_at: now });
  const taking = Number((await store.insertInvalidationBatch.get({ petition_id: petitionId, filter: JSON.stringify({ utm_source: 'taken' }), created_at: now }))!.id);

  const recheck = new ConfirmationRecheck(store, new SubmissionScreen(store));
  assert.equal(await recheck.refusal(987654), null);
  assert.equal(await recheck.refusal(counted!.id), null);
  assert.deepEqual(await stateOf(counted!.id), { state: 'counted', batch: null });

  assert.equal(await recheck.refusal(waitingBlocked!.id), 'blocked');
  assert.equal(await stateOf(waitingBlocked!.id), undefined);

  assert.equal(await recheck.refusal(waitingTaken!.id), 'invalidated');
  assert.deepEqual(await stateOf(waitingTaken!.id), { state: 'invalidated', batch: taking });
});
