// The proxy's issuer id (proof/used-proof-sqlite.ts): made once in state.sqlite, at the first
// start, and only read after that, so a proxy restarting on a data folder it cannot write to
// (a full disk) still starts, with the same id.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { openStateDatabase, stateDatabasePath } from '../../../src/proxy/config/state-database.js';
import { usedProofsInSqlite } from '../../../src/proxy/proof/used-proof-sqlite.js';
import { Sqlite } from '../../../src/sqlite.js';

const dataDir = mkdtempSync(join(tmpdir(), 'issuer-id-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

test('made at the first start, read unchanged by a later start that cannot write', async () => {
  const first = openStateDatabase(dataDir);
  const issuer = await usedProofsInSqlite(first).issuer();
  first.close();
  assert.match(issuer, /^[0-9a-f]{12}$/);
  // Read-only stands in for a disk that takes no write: any write at start would throw here.
  const unwritable = new Sqlite(stateDatabasePath(dataDir), { readonly: true, fileMustExist: true });
  try {
    assert.equal(await usedProofsInSqlite(unwritable).issuer(), issuer);
  } finally {
    unwritable.close();
  }
});
