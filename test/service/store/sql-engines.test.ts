// The engines under the store (sql-engine.ts): SQLite's keeps every other caller's statement out
// of an open transaction; PostgreSQL's placeholders are SQLite's, translated once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sqlite } from '../../../src/sqlite.js';
import { toPostgresPlaceholders } from '../../../src/service/store/engines/postgres-engine.js';
import { SqliteEngine } from '../../../src/service/store/engines/sqlite-engine.js';

test('SQLite: a statement from outside an open transaction waits for it, so a rollback never takes it along', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'sqlite-engine-'));
  const engine = new SqliteEngine(new Sqlite(join(dir, 'engine.db')));
  try {
    await engine.prepare('CREATE TABLE t (name TEXT NOT NULL)').run();
    const insert = engine.prepare<[string]>('INSERT INTO t (name) VALUES (?)');
    let outsideDone = false;
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    // Another caller, outside the transaction, writes while the transaction waits.
    const outside = (async () => {
      await opened;
      await insert.run('outside');
      outsideDone = true;
    })();
    const failing = engine.transaction(async () => {
      await insert.run('inside');
      open();
      await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(outsideDone, false, 'the outside write waits for the transaction');
      throw new Error('rolled back');
    });
    await assert.rejects(failing, /rolled back/);
    await outside;
    assert.deepEqual(await engine.prepare('SELECT name FROM t ORDER BY name').all(), [{ name: 'outside' }]);
    // A transaction begun inside another joins it.
    await engine.transaction(async () => {
      await insert.run('outer');
      await engine.transaction(() => insert.run('inner'));
    });
    assert.equal((await engine.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM t').get())!.n, 3);
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("PostgreSQL placeholders: ? in order, @name by name (one number each), nothing inside quotes", () => {
  assert.deepEqual(toPostgresPlaceholders('SELECT * FROM t WHERE a = ? AND b > ?'), { text: 'SELECT * FROM t WHERE a = $1 AND b > $2', names: null });
  assert.deepEqual(toPostgresPlaceholders("UPDATE t SET a = @a, b = @b WHERE c = @a AND d = '@x?' AND e = \"@y\""), {
    text: "UPDATE t SET a = $1, b = $2 WHERE c = $1 AND d = '@x?' AND e = \"@y\"",
    names: ['a', 'b'],
  });
  assert.deepEqual(toPostgresPlaceholders('SELECT @now::bigint - 5'), { text: 'SELECT $1::bigint - 5', names: ['now'] });
  assert.throws(() => toPostgresPlaceholders('SELECT ? + @a'), /mixes/);
});
