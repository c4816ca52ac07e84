// The schema version that adds the kept counts (issue 20) fills them from the signatures already
// there: a database with seeded signatures in every state is taken back to the version before
// (its counts and triggers dropped) and opened again; its counts then equal the signatures'.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../../src/service/admin.js';
import { INSIGHT_MIGRATIONS } from '../../../src/service/store/migrations/insight-migrations.js';
import { MIGRATIONS } from '../../../src/service/store/migrations/migrations.js';
import { POSTGRES_INSIGHT_MIGRATIONS } from '../../../src/service/store/migrations/postgres-insight-schema.js';
import { POSTGRES_MIGRATIONS } from '../../../src/service/store/migrations/postgres-schema.js';
import { newTestDatabase, onPostgres, withDatabase } from '../test-database.js';
import { assertCountsMatchSignatures } from './insight-reading.js';

let dir: string;
let database: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'insight-backfill-'));
  database = await newTestDatabase(dir);
  const admin = await openAdmin(database);
  const { petition_id: open } = await admin.createPetition('Counted at once');
  const { petition_id: confirming } = await admin.createPetition('Confirmed signers');
  await admin.seed(open, 300);
  await admin.seed(confirming, 40);
  await admin.updatePetition(confirming, { title: 'Confirmed signers', confirm_signers: 'true' });
  await admin.close();
});
after(() => rmSync(dir, { recursive: true, force: true }));

// The versions after the counts' (paper signatures, opt-in rates) are taken back too, so they apply again after it.
const DROP_OPT_INS_SQLITE = `DROP TRIGGER insight_opt_ins_added; DROP TRIGGER insight_opt_ins_removed; DROP TRIGGER insight_opt_ins_changed;
  DROP TABLE insight_opt_ins; ALTER TABLE signatures DROP COLUMN opt_ins`;
const DROP_OPT_INS_POSTGRES = `DROP TABLE insight_opt_ins; DROP TRIGGER insight_opt_ins_added ON signatures;
  DROP TRIGGER insight_opt_ins_changed ON signatures; DROP TRIGGER insight_opt_ins_removed ON signatures;
  DROP FUNCTION insight_opt_ins_added(); DROP FUNCTION insight_opt_ins_changed(); DROP FUNCTION insight_opt_in_count(signatures, integer);
  ALTER TABLE signatures DROP COLUMN opt_ins`;
const DROP_PAPER = `DROP INDEX signatures_by_paper_batch; ALTER TABLE signatures DROP COLUMN paper_batch_id;
  ALTER TABLE signatures DROP COLUMN channel; DROP TABLE paper_batches`;
// And the search index's (SQLite only), which gives the three B-tree indexes back.
const DROP_SEARCH_SQLITE = `DROP TRIGGER search_signature_removed; DROP TABLE signature_search; DROP TABLE search_progress;
  CREATE INDEX signatures_by_name ON signatures(petition_id, name_key); CREATE INDEX signatures_by_surname ON signatures(petition_id, surname_key);
  CREATE INDEX signatures_by_postal_code ON signatures(petition_id, postal_key)`;
// And the retention period's (its opt-in trigger goes with the opt-ins' above, before its column).
const DROP_RETENTION = `ALTER TABLE petitions DROP COLUMN retain_days_after_close; ALTER TABLE petitions DROP COLUMN closed_at;
  ALTER TABLE petitions DROP COLUMN personal_data_erased_at; ALTER TABLE signatures DROP COLUMN erased_at`;
const DROP_SQLITE = `${DROP_SEARCH_SQLITE}; ${DROP_OPT_INS_SQLITE}; ${DROP_RETENTION}; ${DROP_PAPER}; DROP TRIGGER insight_signature_added; DROP TRIGGER insight_signature_removed; DROP TRIGGER insight_signature_changed;
  DROP TABLE insight_hours; DROP TABLE insight_places; DROP TABLE insight_sources; DROP TABLE insight_confirmations;
  PRAGMA user_version = ${MIGRATIONS.indexOf(INSIGHT_MIGRATIONS[0]!)}`;
const DROP_POSTGRES = `${DROP_OPT_INS_POSTGRES}; ${DROP_RETENTION}; ${DROP_PAPER}; DROP TABLE insight_hours, insight_places, insight_sources, insight_confirmations;
  DROP TRIGGER insight_signatures_added ON signatures; DROP TRIGGER insight_signature_changed ON signatures;
  DROP TRIGGER insight_signature_removed ON signatures;
  DROP FUNCTION insight_signatures_added(); DROP FUNCTION insight_signature_changed(); DROP FUNCTION insight_count(signatures, integer);
  UPDATE schema_version SET version = ${POSTGRES_MIGRATIONS.indexOf(POSTGRES_INSIGHT_MIGRATIONS[0]!)}`;

test('opened again at the version before, the database counts what it holds: every state, place, source and waiting signer', async () => {
  await withDatabase(database, async (db) => {
    // Seeded signers are counted; make some of every other state and give some a source.
    await db.prepare("UPDATE signatures SET state = 'invalidated', listed_position = NULL WHERE id % 7 = 0").run();
    await db.prepare("UPDATE signatures SET state = 'unconfirmed', listed_position = NULL WHERE id % 11 = 0 AND petition_id = 2").run();
    await db.prepare("UPDATE signatures SET utm_source = 'newsletter', referrer_host = 'news.example.com' WHERE id % 3 = 0").run();
    await assertCountsMatchSignatures(db);
    for (const statement of (onPostgres ? DROP_POSTGRES : DROP_SQLITE).split(';')) await db.prepare(statement).run();
  });
  await withDatabase(database, async (db) => {
    await assertCountsMatchSignatures(db);
    const funnel = await db.prepare<[], { stage: string; signatures: number }>('SELECT stage, SUM(signatures) AS signatures FROM insight_confirmations GROUP BY stage ORDER BY stage').all();
    const states = await db.prepare<[], { state: string; n: number }>("SELECT state, COUNT(*) AS n FROM signatures WHERE petition_id = 2 GROUP BY state ORDER BY state").all();
    const of = (state: string) => states.find((row) => row.state === state)?.n ?? 0;
    assert.ok(of('unconfirmed') > 0 && of('counted') > 0);
    assert.deepEqual(funnel, [
      { stage: 'confirmed', signatures: of('counted') },
      { stage: 'submitted', signatures: of('counted') + of('unconfirmed') },
    ]);
  });
});
