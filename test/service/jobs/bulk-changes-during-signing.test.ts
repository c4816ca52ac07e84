// Bulk invalidation and its undo on a petition of 100,000 signers never hold the service's
// event loop 500 ms (issue 29): half the signatures, the earlier half, are invalidated (so the
// rest of the list moves up) and restored, a chunk at a time; in one statement each held the
// loop 0.56 s and 0.84 s. The list stays dense and the count right, and each change logs its
// start and its end with counts only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pageText } from '../console-client.js';
import { assertDense, readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { onPostgres } from '../test-database.js';
import { measureLoopDelay } from './heavy-job-progress.js';

const SIGNERS = 100_000;
/** A change made in one stretch holds the loop 1.2 s here; 200 ms was seen exceeded by the machine's noise (368 ms) with npm test's two files at a time. */
const LOOP_DELAY_BOUND_MS = 500;

describe('bulk invalidation of 100,000 signers while signers are served', () => {
  let f: ConsoleFixture;
  let petitionId: number;
  let middle: string;
  const base = () => `/admin/petitions/${petitionId}/bulk-invalidation`;

  before(async () => {
    f = await startConsoleFixture();
    petitionId = f.t.petitionId;
    await f.t.admin.seed(petitionId, SIGNERS);
    // The seed's WAL checkpointed first (SQLite): a commit that finds the WAL past the fallback
    // size checkpoints on the service's thread, a hold of the seed's making, not the job's.
    if (!onPostgres) await readDatabase(f.t, async (db) => void (await db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').all()));
    const span = (await readDatabase(f.t, (db) =>
      db.prepare<[number], { first: number; last: number }>('SELECT MIN(signed_on) AS first, MAX(signed_on) AS last FROM signatures WHERE petition_id = ?').get(petitionId),
    ))!;
    // A minute in the middle of the seeded signatures, as the filter's "before" field takes it.
    middle = new Date(Number(span.first) + (Number(span.last) - Number(span.first)) / 2).toISOString().slice(0, 16).replace('T', ' ');
  });
  after(() => f.close());

  test('invalidating the earlier half and undoing it each keep the loop held under 500 ms, and the list dense', async (t) => {
    const listedBefore = (await assertDense(f.t, petitionId)).rows;
    await f.client.get(base());
    let delay = await measureLoopDelay();
    const invalidated = await f.client.post(base(), { before: middle });
    let held = delay.stop();
    assert.equal(invalidated.status, 303, pageText(invalidated.body));
    t.diagnostic(`the invalidation held the event loop at most ${held.maxMs.toFixed(0)} ms`);
    assert.ok(held.maxMs < LOOP_DELAY_BOUND_MS, `the invalidation held the event loop ${held.maxMs.toFixed(0)} ms`);
    const state = await assertDense(f.t, petitionId);
    const taken = SIGNERS - state.signatureCount;
    assert.ok(taken > SIGNERS / 3 && taken < (SIGNERS * 2) / 3, `${taken} invalidated`);
    assert.ok(state.rows < listedBefore - SIGNERS / 3, 'the invalidated ones left the list');

    const batch = (await readDatabase(f.t, (db) => db.prepare<[number], { id: number }>('SELECT id FROM invalidation_batches WHERE petition_id = ?').get(petitionId)))!;
    await f.client.get(base());
    delay = await measureLoopDelay();
    const undone = await f.client.post(`/admin/invalidation-batches/${batch.id}/undo`);
    held = delay.stop();
    assert.equal(undone.status, 303, pageText(undone.body));
    t.diagnostic(`the undo held the event loop at most ${held.maxMs.toFixed(0)} ms`);
    assert.ok(held.maxMs < LOOP_DELAY_BOUND_MS, `the undo held the event loop ${held.maxMs.toFixed(0)} ms`);
    const restored = await assertDense(f.t, petitionId);
    assert.equal(restored.signatureCount, SIGNERS);
    assert.equal(restored.rows, listedBefore);
  });

  test('each change logs its start and its end, with counts only', () => {
    const lines = f.t.logs.filter((line) => line.startsWith(`bulk invalidation of petition ${petitionId} `));
    assert.equal(lines.length, 4);
    assert.match(lines[0]!, /^bulk invalidation of petition \d+ started$/);
    assert.match(lines[1]!, /^bulk invalidation of petition \d+ finished: batch \d+: \d+ signatures invalidated in \d+\.\d\d s$/);
    assert.match(lines[2]!, /^bulk invalidation of petition \d+ started$/);
    assert.match(lines[3]!, /^bulk invalidation of petition \d+ finished: batch \d+: \d+ signatures restored in \d+\.\d\d s$/);
  });
});
