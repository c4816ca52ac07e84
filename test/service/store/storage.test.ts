// The database file as an operator's disk treats it: created private, refused at start when it
// cannot be written, and, while writes fail (disk full, the file moved away), 503 with
// Retry-After instead of 500 or a 202 into a file that is gone, logged once, recovered unaided.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../../src/service/admin.js';
import { startService } from '../../../src/service/index.js';
import { DatabaseNotWritableError } from '../../../src/service/store/engines/store-engine.js';
import { spawnService } from '../child-service.js';
import { eventually, getJson, grantedKey, signerFields, startTestService, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import { mountTmpfs, tmpfsUnavailable } from '../../../support/tmpfs.js';
import { SQLITE_ONLY } from '../test-database.js';
import { rawRequest } from '../../api-reference/coverage.js';

const mode = (path: string) => statSync(path).mode & 0o777;
const healthz = (t: TestService) => rawRequest(Number(new URL(t.baseUrl).port), 'GET', '/healthz', ['Connection: close'], '');
const noTmpfs = tmpfsUnavailable();

test('the data folder it creates is 0700, the database and its WAL and SHM files 0600', { skip: SQLITE_ONLY }, async () => {
  const root = mkdtempSync(join(tmpdir(), 'service-modes-'));
  const dbPath = join(root, 'new', 'folder', 'service.db');
  try {
    const service = await startService({ dbPath, port: 0, log: () => {} });
    try {
      assert.equal(mode(join(root, 'new')), 0o700);
      assert.equal(mode(join(root, 'new', 'folder')), 0o700);
      for (const path of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) assert.equal(mode(path), 0o600, path);
    } finally {
      await service.close();
    }
    // A file an earlier version left world-readable is made private when opened.
    chmodSync(dbPath, 0o644);
    await (await openAdmin(dbPath)).close();
    assert.equal(mode(dbPath), 0o600);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a database path that cannot be written: the service refuses to start, saying why', { skip: SQLITE_ONLY }, async () => {
  const root = mkdtempSync(join(tmpdir(), 'service-unwritable-'));
  try {
    writeFileSync(join(root, 'not-a-folder'), '');
    const dbPath = join(root, 'not-a-folder', 'service.db');
    await assert.rejects(startService({ dbPath, port: 0, log: () => {} }), (error: Error) => {
      assert.ok(error instanceof DatabaseNotWritableError);
      assert.match(error.message, / has a file in the way of its folder \(ENOTDIR\): check --db: it names the database file$/);
      return true;
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('on a read-only file system the service does not start; once writable again it does', { skip: SQLITE_ONLY || (noTmpfs ?? false) }, async () => {
  const disk = mountTmpfs(4096);
  try {
    const dbPath = join(disk.dir, 'service.db');
    const admin = await openAdmin(dbPath);
    await admin.createConsumer('read-only');
    await admin.close();
    disk.readOnly();
    const refused = await spawnService(['--db', dbPath]).then(
      () => assert.fail('the service started on a read-only file system'),
      (error: Error) => error.message,
    );
    assert.match(refused, /petition service not started: the database .* cannot be opened for writing \((EROFS|SQLITE_READONLY)/);
    disk.readWrite();
    const service = await spawnService(['--db', dbPath]);
    service.child.kill('SIGTERM');
    assert.equal(await service.exited, 0);
  } finally {
    disk.close();
  }
});

/** Submits until one answer is not 202; returns the answers given. */
async function signUntilRefused(t: TestService, source: string, key: string, max = 50): Promise<Response[]> {
  const answers: Response[] = [];
  for (let i = 0; i < max; i++) {
    const answer = await submitSignature(t, source, key, signerFields());
    answers.push(answer);
    if (answer.status !== 202) break;
  }
  return answers;
}

async function assertOutageAnswer(response: Response): Promise<void> {
  assert.equal(response.status, 503);
  assert.equal(response.headers.get('retry-after'), '5');
  assert.deepEqual(await response.json(), { result: 'failure', messages: ['service unavailable: its storage cannot be written; try again shortly'] });
}

test('the disk fills up: 503 with Retry-After while it is full, logged once, writes resume once there is room', { skip: SQLITE_ONLY || (noTmpfs ?? false) }, async () => {
  const disk = mountTmpfs(4096);
  const t = await startTestService({ dbPath: join(disk.dir, 'service.db') });
  try {
    const source = 'https://full.example.org/';
    const key = await grantedKey(t, source);
    const accepted = (await signUntilRefused(t, source, key, 3)).filter((r) => r.status === 202).length;
    const filler = disk.fill();
    const answers = await signUntilRefused(t, source, key);
    const refused = answers.at(-1)!;
    await assertOutageAnswer(refused);
    for (let i = 0; i < 3; i++) await assertOutageAnswer(await submitSignature(t, source, key, signerFields()));
    assert.equal((await getJson(t, `/v1/petitions/${t.petitionId}`)).status, 200, 'reads go on');
    assert.equal(t.logs.filter((line) => line.startsWith('database cannot be written')).length, 1, t.logs.join('\n'));
    assert.match(t.logs.find((line) => line.startsWith('database cannot be written'))!, /\(SQLITE_FULL\)/);

    unlinkSync(filler);
    const resumed = await eventually(() => submitSignature(t, source, key, signerFields()), (r) => r.status === 202, 5000);
    assert.equal(resumed.status, 202);
    assert.ok(t.logs.some((line) => /^database writable again after \d+ s$/.test(line)), t.logs.join('\n'));
    const total = accepted + answers.filter((r) => r.status === 202).length + 1;
    const count = await eventually(() => getJson(t, `/v1/petitions/${t.petitionId}`), (r) => r.body.signature_count === total, 3000);
    assert.equal(count.body.signature_count, total, 'every signature answered 202 is counted');
  } finally {
    await t.close();
    disk.close();
  }
});

test('the data folder moved away under the running service: 503, not a 202 into a file that is gone; back in place, it carries on', { skip: SQLITE_ONLY }, async () => {
  const t = await startTestService();
  const away = `${t.dir}-away`;
  try {
    const source = 'https://moved.example.org/';
    const key = await grantedKey(t, source);
    assert.equal((await submitSignature(t, source, key, signerFields())).status, 202);
    renameSync(t.dir, away);
    await assertOutageAnswer(await submitSignature(t, source, key, signerFields()));
    await assertOutageAnswer(await submitSignature(t, source, key, signerFields()));
    assert.equal(t.logs.filter((line) => line.startsWith('database cannot be written (the database file was moved or deleted)')).length, 1, t.logs.join('\n'));
    // The container's health check sees the outage too (src/container/health-check.ts). Over a
    // bare socket: /healthz is outside the service's API reference (docs/openapi/service.yaml, /v1).
    assert.equal((await healthz(t)).status, 503);
    renameSync(away, t.dir);
    const resumed = await eventually(() => submitSignature(t, source, key, signerFields()), (r) => r.status === 202, 5000);
    assert.equal(resumed.status, 202);
    assert.equal(JSON.parse((await healthz(t)).body ?? '').status, 'ok');
    const count = await eventually(() => getJson(t, `/v1/petitions/${t.petitionId}`), (r) => r.body.signature_count === 2, 3000);
    assert.equal(count.body.signature_count, 2);
  } finally {
    try {
      renameSync(away, t.dir);
    } catch {
      // already back in place
    }
    await t.close();
  }
});
