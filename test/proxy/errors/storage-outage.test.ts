// Which failures are the storage's (a 503 with Retry-After for the signer), told by code on Node
// and by message on a Durable Object, and the operator told once per episode.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ProxyError } from '../../../src/proxy/errors/proxy-error.js';
import { isStorageFailure, StorageOutage } from '../../../src/proxy/errors/storage-outage.js';

const coded = (code: string) => Object.assign(new Error('x'), { code });

test('storage failures by code, extended SQLite codes included, and by a Durable Object\'s message', () => {
  for (const code of ['SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_IOERR_WRITE', 'SQLITE_READONLY', 'SQLITE_CANTOPEN', 'SQLITE_PERM', 'ENOSPC', 'EDQUOT', 'EIO', 'EROFS']) {
    assert.ok(isStorageFailure(coded(code)), code);
  }
  assert.ok(isStorageFailure(new Error('database or disk is full: SQLITE_FULL')));
  // Look-alikes and other faults are not: they stay what they are (a 500, a refusal).
  for (const code of ['SQLITE_BUSY', 'SQLITE_CONSTRAINT', 'SQLITE_FULLNESS', 'XSQLITE_FULL', 'ENOSPC2', 'ECONNREFUSED', '']) {
    assert.ok(!isStorageFailure(coded(code)), code);
  }
  assert.ok(!isStorageFailure(new TypeError('Cannot read properties of undefined')));
  assert.ok(!isStorageFailure(null));
});

test('a storage failure becomes a 503 with Retry-After 30; one line when it begins, one when a write works again', async () => {
  const lines: string[] = [];
  let now = 1_000;
  const outage = new StorageOutage((line) => lines.push(line), () => now);
  for (let i = 0; i < 3; i++) {
    await assert.rejects(outage.guard(() => Promise.reject(coded('SQLITE_FULL'))), (error: unknown) => {
      assert.ok(error instanceof ProxyError);
      assert.equal(error.status, 503);
      assert.equal(error.details.retryAfter, 30);
      return true;
    });
  }
  assert.deepEqual(outage.state, { failing: true, cause: 'SQLITE_FULL', since: 1_000 });
  // Another kind of error passes through untouched and ends nothing.
  const other = new Error('not storage');
  await assert.rejects(outage.guard(() => Promise.reject(other)), (error) => error === other);
  assert.equal(outage.state.failing, true);
  now = 13_400;
  assert.equal(await outage.guard(async () => 'stored'), 'stored');
  assert.deepEqual(outage.state, { failing: false });
  assert.deepEqual(lines, [
    'data folder cannot be written (disk full, SQLITE_FULL): signatures are answered 503 until it can',
    'data folder writable again after 12 s',
  ]);
});
