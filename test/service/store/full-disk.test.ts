// The service's SQLite file on a full file system of the test's own (a small tmpfs): no write's
// failure goes unseen, and after the outage the WAL is cut back before writes resume, so the
// space just freed is not eaten again and the WAL does not keep a full disk's size for good.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { Sqlite } from '../../../src/sqlite.js';
import { SqliteEngine } from '../../../src/service/store/engines/sqlite-engine.js';
import { WAL_SIZE_LIMIT_BYTES } from '../../../src/service/store/engines/database.js';
import { eventually, grantedKey, signerFields, startTestService, submitSignature } from '../harness.js';
import { mountTmpfs, tmpfsUnavailable } from '../../../support/tmpfs.js';
import { SQLITE_ONLY } from '../test-database.js';
import { rawRequest } from '../../api-reference/coverage.js';

const noTmpfs = tmpfsUnavailable();
const skip = SQLITE_ONLY || (noTmpfs ?? false);

test('an INSERT … RETURNING read for one row fails loudly when its commit cannot be written', { skip }, async () => {
  const disk = mountTmpfs(1024);
  const db = new Sqlite(join(disk.dir, 'engine.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
    const engine = new SqliteEngine(db);
    const insert = engine.prepare<[string], { id: number }>('INSERT INTO t (v) VALUES (?) RETURNING id');
    disk.fill();
    let answered = 0;
    let failure: unknown;
    for (let i = 0; i < 200 && failure === undefined; i++) {
      await insert.get('x'.repeat(2000)).then(() => answered++, (error: unknown) => (failure = error));
    }
    assert.equal((failure as { code?: string } | undefined)?.code, 'SQLITE_FULL');
    // Every insert that answered with its id is in the table: none was lost at its commit.
    assert.equal((db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n, answered);
  } finally {
    db.close();
    disk.close();
  }
});

test('after a full disk the WAL is cut back before writes resume, and freeing what was missing is enough', { skip }, async () => {
  const disk = mountTmpfs(64 * 1024);
  const t = await startTestService({ dbPath: join(disk.dir, 'service.db') });
  const wal = `${t.dbPath}-wal`;
  const healthz = () => rawRequest(Number(new URL(t.baseUrl).port), 'GET', '/healthz', ['Connection: close'], '');
  // A reader holding its snapshot keeps every later page in the WAL, as a long export would.
  const reader = new Sqlite(t.dbPath, { readonly: true });
  try {
    const source = 'https://wal.example.org/';
    const key = await grantedKey(t, source);
    reader.exec('BEGIN');
    reader.prepare('SELECT COUNT(*) FROM signatures').get();
    await t.admin.seed(t.petitionId, 20_000);
    const grown = statSync(wal).size;
    assert.ok(grown > 2 * WAL_SIZE_LIMIT_BYTES, `the WAL grew to ${grown} bytes only`);

    const filler = disk.fill();
    let refused: Response | undefined;
    for (let i = 0; i < 50 && !refused; i++) {
      const answer = await submitSignature(t, source, key, signerFields());
      if (answer.status !== 202) refused = answer;
    }
    assert.equal(refused?.status, 503);
    const health = await healthz();
    assert.equal(health.status, 503);
    assert.deepEqual(JSON.parse(health.body ?? ''), { result: 'failure', messages: ['service unavailable: its disk is full (SQLITE_FULL)'] });

    reader.exec('COMMIT');
    // Freed: the WAL's own size, which is all its pages can need in the database file.
    truncateSync(filler, Math.max(0, statSync(filler).size - grown));
    const resumed = await eventually(() => submitSignature(t, source, key, signerFields()), (r) => r.status === 202, 15_000);
    assert.equal(resumed.status, 202);
    assert.ok(statSync(wal).size <= WAL_SIZE_LIMIT_BYTES, `the WAL kept ${statSync(wal).size} bytes`);
    // And writes go on: the WAL does not grow back into the space just freed.
    for (let i = 0; i < 100; i++) assert.equal((await submitSignature(t, source, key, signerFields())).status, 202, `signature ${i} after recovery`);
    assert.equal(JSON.parse((await healthz()).body ?? '').status, 'ok');
  } finally {
    reader.close();
    await t.close();
    disk.close();
  }
});

test('a WAL that grew while a reader held it is cut back to 4 MiB once checkpointed, not kept at its largest', { skip: SQLITE_ONLY }, async () => {
  const t = await startTestService();
  const wal = `${t.dbPath}-wal`;
  const reader = new Sqlite(t.dbPath, { readonly: true });
  try {
    const source = 'https://wal-limit.example.org/';
    const key = await grantedKey(t, source);
    reader.exec('BEGIN');
    reader.prepare('SELECT COUNT(*) FROM signatures').get();
    await t.admin.seed(t.petitionId, 20_000);
    assert.ok(statSync(wal).size > 2 * WAL_SIZE_LIMIT_BYTES, `the WAL grew to ${statSync(wal).size} bytes only`);
    reader.exec('COMMIT');
    // Once the checkpoints have caught up, the next commit starts the WAL again and cuts it back.
    const size = await eventually(
      async () => {
        assert.equal((await submitSignature(t, source, key, signerFields())).status, 202);
        return statSync(wal).size;
      },
      (bytes) => bytes <= WAL_SIZE_LIMIT_BYTES,
      10_000,
    );
    assert.ok(size <= WAL_SIZE_LIMIT_BYTES, `the WAL kept ${size} bytes`);
  } finally {
    reader.close();
    await t.close();
  }
});
