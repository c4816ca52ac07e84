// The demo's set-up (`npm start`): its petition written through the same rules as the console's
// (title, overview, target, goal), and a demo operator who can sign in to the console, kept
// across starts and added to a demo folder made before the console existed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_OPERATOR_EMAIL, DEMO_PETITION_TITLE, loadOrCreateDemoState } from '../../src/dev/demo-state.js';
import { openAdmin } from '../../src/service/admin.js';
import { openDatabase } from '../../src/service/store/engines/database.js';
import { SqliteEngine } from '../../src/service/store/engines/sqlite-engine.js';
import { authenticateOperator } from '../../src/service/operators/operators.js';
import { createStore } from '../../src/service/store/store.js';
import { onPostgres } from './test-database.js';

test('the demo petition has its text, target and goal, and the demo operator signs in; a second start reuses both', { skip: onPostgres && 'the demo runs on SQLite' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-state-'));
  const dbPath = join(dir, 'service.db');
  try {
    const state = await loadOrCreateDemoState(dir, dbPath, 20);
    assert.equal(statSync(join(dir, 'demo.json')).mode & 0o777, 0o600, 'the sign-in is in a file only its owner reads');
    const admin = await openAdmin(dbPath);
    const petition = await admin.petition(state.petitionId);
    await admin.close();
    assert.equal(petition.title, DEMO_PETITION_TITLE);
    assert.match(petition.overview, /only green space/);
    assert.deepEqual(petition.targets, [{ name: 'Riverside City Council' }]);
    assert.equal(petition.goal, 5000);
    assert.equal(petition.signature_count, 20);

    const store = createStore(new SqliteEngine(openDatabase(dbPath)));
    try {
      const operator = await authenticateOperator(store, state.operatorEmail, state.operatorPassword);
      assert.equal(operator?.email, DEMO_OPERATOR_EMAIL);
      assert.equal(operator?.must_change_password, 0, 'the demo sign-in works as printed, with no password to choose first');
    } finally {
      await store.db.close();
    }
    assert.deepEqual(await loadOrCreateDemoState(dir, dbPath, 20), state);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a demo folder from before the console gets its operator', { skip: onPostgres && 'the demo runs on SQLite' }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-state-'));
  const dbPath = join(dir, 'service.db');
  try {
    const { operatorEmail: _email, operatorPassword: _password, ...older } = await loadOrCreateDemoState(dir, dbPath, 0);
    const store = createStore(new SqliteEngine(openDatabase(dbPath)));
    await store.db.prepare('DELETE FROM operators').run();
    await store.db.close();
    writeFileSync(join(dir, 'demo.json'), JSON.stringify(older));
    const upgraded = await loadOrCreateDemoState(dir, dbPath, 0);
    assert.equal(upgraded.petitionId, older.petitionId);
    assert.equal(upgraded.operatorEmail, DEMO_OPERATOR_EMAIL);
    assert.equal(JSON.parse(readFileSync(join(dir, 'demo.json'), 'utf8')).operatorPassword, upgraded.operatorPassword);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
