// The bytes leave the SQLite file (README "How long personal data is kept"): before the erasure
// the signers' emails, phones, reasons and street addresses, and a hidden signer's name, are in
// the database file or its WAL; after it (secure_delete, and the WAL emptied) neither holds any
// of them, read as raw bytes. SQLite only: PostgreSQL's files are the server's (see the README
// on VACUUM).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually } from '../harness.js';
import { SQLITE_ONLY } from '../test-database.js';
import { closedAt, DAY_MS, signPetition, testSweep } from './retention-fixture.js';

let f: ConsoleFixture;

before(async () => {
  f = await startConsoleFixture();
});
after(() => f.close());

/** The database file and its WAL, as bytes on disk. */
function fileBytes(path: string): Buffer {
  const wal = `${path}-wal`;
  return Buffer.concat([readFileSync(path), existsSync(wal) ? readFileSync(wal) : Buffer.alloc(0)]);
}

test('after the erasure neither the database file nor its WAL holds an erased email, phone, reason, street address or hidden name', { skip: SQLITE_ONLY }, async () => {
  const t = f.t;
  const { petition_id: id } = await t.admin.createPetition('Bytes');
  const signers = await signPetition(t, id, 5);
  const hidden = signers.at(-1)!;
  const typed = signers.flatMap((signer) => [signer.email, signer.phone, signer.reason, signer.address]).concat(hidden.lastName);
  const { store, close } = await testSweep(t, 1, { now: 0 });
  try {
    // The search index takes the new rows in first (the service's upkeep), so its copy is in the file too.
    await eventually(() => store.searchBacklog.get(), (backlog) => backlog!.indexed_through >= backlog!.latest, 10_000);
    const before = fileBytes(t.dbPath);
    for (const text of typed) assert.ok(before.includes(text), `${text} is in the file or its WAL before`);

    await t.admin.updatePetition(id, { status: 'closed' });
    const clock = { now: (await closedAt(t, id))! + DAY_MS };
    const log: string[] = [];
    const { sweep: due, close: closeDue } = await testSweep(t, 1, clock, log);
    try {
      await due.sweep();
    } finally {
      await closeDue();
    }
    // The erasure itself cut the WAL (a reader in the service could have kept it from doing so: the log would say).
    assert.equal(log.length, 1);
    assert.match(log[0]!, / s$/, log[0]);
    const left = fileBytes(t.dbPath);
    for (const text of typed) assert.ok(!left.includes(text), `${text} is still in the file or its WAL`);
  } finally {
    await close();
  }
});
