// The edge of a console session's idle timeout: a session last used a millisecond under thirty
// minutes ago goes on; at exactly thirty minutes it has ended. Called with `now` set, on a real
// database, so the edge is hit exactly; a fresh session for each instant, since a check that
// finds a session alive records its use and one that finds it expired deletes it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMAND_LINE } from '../../../src/service/operators/audit-log.js';
import { currentSession, startSession } from '../../../src/service/operators/console-sessions.js';
import { createOperator } from '../../../src/service/operators/operators.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';
import { createStore } from '../../../src/service/store/store.js';
import type { Store } from '../../../src/service/store/store.js';
import { newTestDatabase } from '../test-database.js';

/** The spec's thirty minutes written out, not the constant: a changed constant must fail here too. */
const THIRTY_MINUTES_MS = 30 * 60_000;
const SIGNED_IN_AT = Date.parse('2026-11-22T10:00:00Z');

let dir: string;
let store: Store;
let operatorId: number;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'console-sessions-'));
  store = createStore(await openStoreEngine(await newTestDatabase(dir)));
  ({ operator_id: operatorId } = await createOperator(store, 'operator@example.org', 'correct horse battery staple', COMMAND_LINE));
});
after(async () => {
  await store.db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Whether a session opened at SIGNED_IN_AT and not used since is still open `idleMs` later. */
async function openAfterIdle(idleMs: number): Promise<boolean> {
  const { token } = await startSession(store, operatorId, SIGNED_IN_AT);
  return (await currentSession(store, token, SIGNED_IN_AT + idleMs)) !== null;
}

test('a session idle a millisecond under thirty minutes goes on; at exactly thirty minutes, and after, it has ended', async () => {
  assert.equal(await openAfterIdle(THIRTY_MINUTES_MS - 1), true);
  assert.equal(await openAfterIdle(THIRTY_MINUTES_MS), false, 'the idle timeout ends a session at its edge');
  assert.equal(await openAfterIdle(THIRTY_MINUTES_MS + 1), false);
});

test('a session used just before its idle timeout starts a new thirty minutes from that use', async () => {
  const { token } = await startSession(store, operatorId, SIGNED_IN_AT);
  const usedAt = SIGNED_IN_AT + THIRTY_MINUTES_MS - 1;
  assert.ok(await currentSession(store, token, usedAt));
  assert.ok(await currentSession(store, token, usedAt + THIRTY_MINUTES_MS - 1));
});
