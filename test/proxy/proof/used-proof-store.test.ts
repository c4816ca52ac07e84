// The spent proofs' store on Node (proof/used-proof-sqlite.ts over used-proof-sql.ts), over a
// state database in memory: a challenge spent once until its expiry and forgotten from it, the
// issuer id made once and kept, and the count of other issuers' proofs as `proxy doctor` reads it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { proofsFromOtherIssuers, usedProofsInSqlite } from '../../../src/proxy/proof/used-proof-sqlite.js';
import { newIssuerId } from '../../../src/proxy/proof/used-proof-store.js';
import { Sqlite } from '../../../src/sqlite.js';

test('a challenge is spent once until its expiry, forgotten from its expiry on, others untouched', async () => {
  const db = new Sqlite(':memory:');
  const used = usedProofsInSqlite(db);
  assert.equal(await used.use('a', 1000, 0), true);
  assert.equal(await used.use('b', 5000, 0), true);
  assert.equal(await used.use('a', 1000, 999), false, 'a millisecond before its expiry');
  assert.equal(await used.use('a', 2000, 1000), true, 'at its expiry, forgotten');
  assert.equal(await used.use('b', 5000, 1000), false, 'one not yet expired is kept');
  assert.deepEqual(db.prepare('SELECT challenge, expires_at FROM used_proofs ORDER BY challenge').all(), [
    { challenge: 'a', expires_at: 2000 },
    { challenge: 'b', expires_at: 5000 },
  ]);
});

test('the issuer id: 12 hex digits, made once per database and read back by each later store', async () => {
  const db = new Sqlite(':memory:');
  const issuer = await usedProofsInSqlite(db).issuer();
  assert.match(issuer, /^[0-9a-f]{12}$/);
  assert.equal(await usedProofsInSqlite(db).issuer(), issuer);
  assert.deepEqual(db.prepare('SELECT id, issuer FROM proof_issuer').all(), [{ id: 1, issuer }]);
  assert.notEqual(await usedProofsInSqlite(new Sqlite(':memory:')).issuer(), issuer);
});

test('new issuer ids: 12 lower-case hex digits, leading zeros kept, each its own', () => {
  const ids = Array.from({ length: 200 }, () => newIssuerId());
  for (const id of ids) assert.match(id, /^[0-9a-f]{12}$/);
  assert.equal(new Set(ids).size, 200);
});

test('other issuers\' proofs: none before the table exists; then counted per issuer with their first and last time, the latest first', async () => {
  const db = new Sqlite(':memory:');
  assert.deepEqual(proofsFromOtherIssuers(db), []);
  const used = usedProofsInSqlite(db);
  assert.deepEqual(proofsFromOtherIssuers(db), []);
  await used.spentFromOther('aaaaaaaaaaaa', 100);
  await used.spentFromOther('bbbbbbbbbbbb', 200);
  await used.spentFromOther('aaaaaaaaaaaa', 300);
  await used.spentFromOther('cccccccccccc', 250);
  assert.deepEqual(proofsFromOtherIssuers(db), [
    { issuer: 'aaaaaaaaaaaa', spent: 2, firstSpentAt: 100, lastSpentAt: 300 },
    { issuer: 'cccccccccccc', spent: 1, firstSpentAt: 250, lastSpentAt: 250 },
    { issuer: 'bbbbbbbbbbbb', spent: 1, firstSpentAt: 200, lastSpentAt: 200 },
  ]);
});
