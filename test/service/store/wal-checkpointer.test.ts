// The WAL is copied into the database file by a worker thread (wal-checkpointer.ts), not by the
// COMMIT of a group of signatures on the event loop: the connection's own checkpoint waits for
// 16,000 pages, as a fallback.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { Sqlite } from '../../../src/sqlite.js';
import { openDatabase } from '../../../src/service/store/engines/database.js';
import { CHECKPOINT_EVERY_MS, FALLBACK_PAGES, WalCheckpointer, checkpointLog } from '../../../src/service/store/engines/wal-checkpointer.js';
import { eventually, grantedKey, signerFields, startTestService, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import { SQLITE_ONLY } from '../test-database.js';

/**
 * Signatures in the database file alone, as a copy without its WAL reads it; -1 for a copy
 * taken while a checkpoint was writing the file (torn), read again on the next try.
 */
function inTheFileAlone(t: TestService): number {
  const copy = join(t.dir, `file-alone-${Date.now()}-${Math.random()}.db`);
  copyFileSync(t.dbPath, copy);
  let db: InstanceType<typeof Sqlite> | undefined;
  try {
    db = new Sqlite(copy, { readonly: true });
    // The schema itself may still be only in the WAL, as the rows are until a checkpoint.
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'signatures'").get()) return 0;
    return (db.prepare('SELECT COUNT(*) AS n FROM signatures').get() as { n: number }).n;
  } catch {
    return -1;
  } finally {
    db?.close();
  }
}

describe('checkpoints off the event loop', { skip: SQLITE_ONLY }, () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(() => t.close());

  test('the connection checkpoints itself only past 16,000 pages', () => {
    assert.equal(FALLBACK_PAGES, 16_000);
    const db = openDatabase(join(t.dir, 'other.db'));
    try {
      assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), FALLBACK_PAGES);
    } finally {
      db.close();
    }
  });

  test('signatures committed reach the database file within a few checkpoint periods, with no request to make them', async () => {
    const source = 'https://checkpoint.example.org/';
    const key = await grantedKey(t, source);
    for (let i = 0; i < 20; i++) assert.equal((await submitSignature(t, source, key, signerFields())).status, 202);
    const started = Date.now();
    await eventually(() => inTheFileAlone(t), (n) => n === 20, 3000);
    assert.ok(Date.now() - started < 10 * CHECKPOINT_EVERY_MS + 1000);
  });
});

describe('the checkpointer on its own', () => {
  test('reports each checkpoint, and a file that is gone as an error it tries again, without ending', async () => {
    const reports: Array<{ log?: number; error?: string }> = [];
    const checkpointer = new WalCheckpointer('/nonexistent/petition-embed/service.db', (report) => reports.push(report));
    await eventually(() => reports.length, (n) => n >= 2, 3000);
    await checkpointer.stop();
    assert.ok(reports.every((report) => report.error !== undefined), JSON.stringify(reports));
  });
});

describe('what the operator is told', () => {
  test('a failing run once with its code, the first success after it once, and nothing while all is well', () => {
    const lines: string[] = [];
    const report = checkpointLog((line) => lines.push(line));
    report({ log: 3, checkpointed: 3 });
    assert.deepEqual(lines, []);
    report({ error: 'SQLITE_BUSY' });
    report({ error: 'SQLITE_BUSY' });
    report({ error: 'SQLITE_FULL' });
    assert.deepEqual(lines, ['database checkpoint failed (SQLITE_BUSY): the WAL file grows until one succeeds; trying every 250 ms']);
    report({ log: 10, checkpointed: 10 });
    report({ log: 0, checkpointed: 0 });
    assert.deepEqual(lines.slice(1), ['database checkpoint works again']);
    report({ error: 'SQLITE_FULL' });
    assert.match(lines[2]!, /^database checkpoint failed \(SQLITE_FULL\)/);
  });

  test('a service whose database file went away says so, by its code, with no path or data', { skip: SQLITE_ONLY }, async () => {
    const t = await startTestService();
    try {
      renameSync(t.dbPath, `${t.dbPath}.away`);
      await eventually(() => t.logs.filter((line) => line.startsWith('database checkpoint failed')), (found) => found.length === 1, 3000);
      const line = t.logs.find((l) => l.startsWith('database checkpoint failed'))!;
      assert.match(line, /^database checkpoint failed \(SQLITE_CANTOPEN\)/);
      assert.ok(!line.includes(t.dir));
      renameSync(`${t.dbPath}.away`, t.dbPath);
      await eventually(() => t.logs.includes('database checkpoint works again'), Boolean, 3000);
    } finally {
      await t.close();
    }
  });
});
