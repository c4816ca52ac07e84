// The schema version that gives Proton addresses one key (migrations/mailbox-migrations.ts), on
// the service's real database (SQLite, or PostgreSQL with SERVICE_TEST_DATABASE=postgres): rows
// keyed by the older rule are given today's key when the database is upgraded; where two rows of
// a petition come to one key, the one that has it (else the oldest) takes it and the other keeps
// its own, so no signature goes; and afterwards a Proton address typed another way is a duplicate
// (409) and one on the block list is refused (403). Look-alike domains are left as they were.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openAdmin } from '../../../src/service/admin.js';
import { MIGRATIONS } from '../../../src/service/store/migrations/migrations.js';
import { POSTGRES_MIGRATIONS } from '../../../src/service/store/migrations/postgres-schema.js';
import { failureMessages, grantedKey, signerFields, startTestService, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import { newTestDatabase, onPostgres, withDatabase } from '../test-database.js';

let dir: string;
let database: string;
let t: TestService;
let petitionId: number;

/** [email as typed, its key under the older rule] for seeded rows rewritten as older versions stored them. */
const OLDER_ROWS: Array<[string, string]> = [
  ['J.Doe+x@pm.me', 'j.doe@pm.me'],
  ['jdoe@protonmail.com', 'jdoe@protonmail.com'],
  ['someone@proton.me', 'someone@proton.me'],
  ['so.me-one@pm.me', 'so.me-one@pm.me'],
  ['Ann_B@protonmail.ch', 'ann_b@protonmail.ch'],
  ['j.doe@notproton.me', 'j.doe@notproton.me'],
];

const keys = () =>
  withDatabase(database, async (db) =>
    Object.fromEntries(
      (await db.prepare<[number], { email: string; email_identity: string }>('SELECT email, email_identity FROM signatures WHERE petition_id = ? ORDER BY id').all(petitionId)).map(
        (row) => [row.email, row.email_identity],
      ),
    ),
  );

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mailbox-migration-'));
  database = await newTestDatabase(dir);
  const admin = await openAdmin(database);
  petitionId = (await admin.createPetition('Proton signers')).petition_id;
  await admin.seed(petitionId, OLDER_ROWS.length);
  await admin.close();
  // The rows and a block entry as the version before stored them, and the schema back one version.
  await withDatabase(database, async (db) => {
    const ids = (await db.prepare<[number], { id: number }>('SELECT id FROM signatures WHERE petition_id = ? ORDER BY id').all(petitionId)).map((row) => Number(row.id));
    for (const [index, [email, key]] of OLDER_ROWS.entries()) {
      await db.prepare<[string, string, string, number]>('UPDATE signatures SET email = ?, email_identity = ?, email_domain = ? WHERE id = ?').run(email, key, key.slice(key.indexOf('@') + 1), ids[index]!);
    }
    await db.prepare<[number]>("INSERT INTO block_entries (petition_id, kind, value, created_at) VALUES (NULL, 'email', 'x.y@pm.me', ?)").run(Date.now());
    if (onPostgres) await db.prepare<[number]>('UPDATE schema_version SET version = ?').run(POSTGRES_MIGRATIONS.length - 1);
    else await db.prepare<[]>(`PRAGMA user_version = ${MIGRATIONS.length - 1}`).run();
  });
  t = await startTestService({ dbPath: database });
});
after(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

test('older Proton keys are given today\'s; of two that meet, the one that had it (else the oldest) takes it; look-alikes stay', async () => {
  assert.deepEqual(await keys(), {
    'J.Doe+x@pm.me': 'jdoe@proton.me',
    'jdoe@protonmail.com': 'jdoe@protonmail.com',
    'someone@proton.me': 'someone@proton.me',
    'so.me-one@pm.me': 'so.me-one@pm.me',
    'Ann_B@protonmail.ch': 'annb@proton.me',
    'j.doe@notproton.me': 'j.doe@notproton.me',
  });
  const block = await withDatabase(database, (db) => db.prepare<[], { value: string }>("SELECT value FROM block_entries WHERE kind = 'email'").all());
  assert.deepEqual(block.map((row) => row.value), ['xy@proton.me']);
});

test('after the upgrade, the same mailbox typed another way is a duplicate, and a blocked one is refused', async () => {
  const source = 'https://proton.example.org/';
  const key = await grantedKey({ ...t, petitionId }, source);
  const sign = (email: string) => submitSignature({ ...t, petitionId }, source, key, signerFields({ email }));
  for (const email of ['JDoe@protonmail.ch', 'ann.b+again@pm.me', 'some.one@protonmail.com']) {
    assert.deepEqual(await failureMessages(await sign(email), 409), ['email: This email address has already signed this petition'], email);
  }
  assert.deepEqual(await failureMessages(await sign('X_Y+petition@protonmail.com'), 403), ['This signature cannot be accepted.']);
  assert.equal((await sign('jdoe2@proton.me')).status, 202);
  const rows = await withDatabase(database, (db) => db.prepare<[number], { count: number }>('SELECT COUNT(*) AS count FROM signatures WHERE petition_id = ?').get(petitionId));
  assert.equal(Number(rows!.count), OLDER_ROWS.length + 1, 'only jdoe2 is a new signer');
});
