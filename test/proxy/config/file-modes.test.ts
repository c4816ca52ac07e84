// The proxy's files hold signers' personal data (the outbox) and secrets (the keys): the data
// folder it creates is 0700, and the outbox database, its -wal and -shm, and the key file are
// 0600, under the usual umask that would otherwise leave them readable by everyone.
import assert from 'node:assert/strict';
import { Sqlite } from '../../../src/sqlite.js';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openOutboxDatabase, outboxPath } from '../../../src/proxy/outbox/outbox-sqlite.js';
import { QUEUED_MESSAGE } from '../../../src/proxy/outbox/submissions.js';
import { Stack, eventually, keysDecided, signer, received } from '../stack.js';

// Each test file runs in its own process, so this umask is this file's alone.
process.umask(0o022);

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('after a real submission went through the outbox', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack().start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('the data folder is 0700; the outbox database, its -wal and -shm, and auth-keys.json are 0600', async () => {
    const petition = stack.petitionIds[0]!;
    await stack.stopService();
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: signer(stack, { first_name: 'Private', last_name: 'Files' }),
    });
    assert.deepEqual(received(answer.json()), { result: 'success', messages: [QUEUED_MESSAGE] });
    await stack.startService();
    await eventually(() => stack.logs.some((line) => /outbox: submission #\d+ .* delivered/.test(line)), 10_000, 'the delivery');

    // While the proxy runs: SQLite keeps the -wal and -shm files as long as the database is open.
    const dataDir = stack.config.dataDir;
    const database = outboxPath(dataDir);
    assert.equal(modeOf(dataDir), '700');
    for (const file of [database, `${database}-wal`, `${database}-shm`, join(dataDir, 'auth-keys.json')]) {
      assert.equal(modeOf(file), '600', file);
    }
  });
});

test('an outbox an earlier version left readable (database, -wal, -shm) is made private; the folder is the operator\'s', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'proxy-modes-'));
  try {
    chmodSync(dataDir, 0o755);
    const database = outboxPath(dataDir);
    new Sqlite(database).close();
    for (const file of [`${database}-wal`, `${database}-shm`]) writeFileSync(file, '');
    for (const file of [database, `${database}-wal`, `${database}-shm`]) assert.equal(modeOf(file), '644', file);

    const store = openOutboxDatabase(dataDir);
    try {
      for (const file of [database, `${database}-wal`, `${database}-shm`]) assert.equal(modeOf(file), '600', file);
      assert.equal(modeOf(dataDir), '755');
    } finally {
      store.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
