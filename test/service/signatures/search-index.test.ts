// The console's search index on SQLite (issue 22): an FTS5 table filled after the commit that
// answered the signer, by the queue worker's tick and before each search
// (src/service/signatures/search-index.ts), never in that commit. PostgreSQL keeps its B-tree
// search indexes in the commit, so these tests read the SQLite file itself.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SEARCH_MIGRATIONS } from '../../../src/service/store/migrations/search-migrations.js';
import { MIGRATIONS } from '../../../src/service/store/migrations/migrations.js';
import { SEARCH_WAITS_FOR_BATCHES, indexWaitingSignatures } from '../../../src/service/signatures/search-index.js';
import { searchSignatures } from '../../../src/service/signatures/signature-directory.js';
import { createStore, type Store } from '../../../src/service/store/store.js';
import { eventually, grantedKey, signerFields, startTestService, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import { SQLITE_ONLY, withDatabase } from '../test-database.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';
import { openAdmin, type ServiceAdmin } from '../../../src/service/admin.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SOURCE = 'https://search-index.example.org/';

async function withStore<T>(where: { dbPath: string }, use: (store: Store) => Promise<T>): Promise<T> {
  const store = createStore(await openStoreEngine(where.dbPath));
  try {
    return await use(store);
  } finally {
    await store.db.close();
  }
}

const progress = (where: { dbPath: string }) =>
  withDatabase(where.dbPath, async (db) => (await db.prepare<[], { indexed_through: number; latest: number }>(
    'SELECT indexed_through, (SELECT max(id) FROM signatures) AS latest FROM search_progress',
  ).get())!);

const names = (rows: Array<{ first_name: string; last_name: string }>) => rows.map((row) => `${row.first_name} ${row.last_name}`);

describe('the search index, filled after the commit', { skip: SQLITE_ONLY }, () => {
  let t: TestService;
  let key: string;
  before(async () => {
    t = await startTestService();
    key = await grantedKey(t, SOURCE);
  });
  after(() => t.close());

  test('nothing is indexed in the commit that answers; the worker indexes it within about a second, unasked', async () => {
    // The worker's tick may index a signature between its 202 and the read below: one of three
    // read unindexed shows the answer's commit left it out (indexed there, none ever would be).
    let seenUnindexed = false;
    for (let i = 0; i < 3 && !seenUnindexed; i++) {
      const before = await progress(t);
      const answer = await submitSignature(t, SOURCE, key, signerFields({ first_name: 'Tickly', last_name: `Indexed${'x'.repeat(i)}`, email: `tickly${i}@example.org` }));
      assert.equal(answer.status, 202);
      const right = await progress(t);
      assert.equal(right.latest, before.latest + 1);
      seenUnindexed = right.indexed_through < right.latest;
    }
    assert.ok(seenUnindexed, 'not indexed in the answer’s commit');
    const started = Date.now();
    await eventually(() => progress(t), (p) => p.indexed_through === p.latest, 3000);
    assert.ok(Date.now() - started < 3000);
  });

  test('a search right after the 202 finds the signature: the search catches up first', async () => {
    const answer = await submitSignature(t, SOURCE, key, signerFields({ first_name: 'Prompta', last_name: 'Foundling', email: 'prompta@example.org', postal_code: 'EC1A 1BB', country_code: 'GB', city: 'London', state_province: '' }));
    assert.equal(answer.status, 202);
    await withStore(t, async (store) => {
      assert.deepEqual(names((await searchSignatures(store, t.petitionId, 'prompta f')).rows), ['Prompta Foundling']);
      assert.deepEqual(names((await searchSignatures(store, t.petitionId, 'FOUNDLING')).rows), ['Prompta Foundling']);
      assert.deepEqual(names((await searchSignatures(store, t.petitionId, 'ec1a')).rows), ['Prompta Foundling']);
      // Another petition's search does not see it.
      assert.deepEqual((await searchSignatures(store, t.petitionId + 1, 'prompta')).rows, []);
    });
  });

  test('text with no letter or digit finds nothing, and quotes are only text', async () => {
    await withStore(t, async (store) => {
      for (const query of ['-', "'", '"', '*', '( )', '^']) assert.deepEqual((await searchSignatures(store, t.petitionId, query)).rows, [], query);
      assert.deepEqual((await searchSignatures(store, t.petitionId, 'prompta" OR "a')).rows, []);
    });
  });

  test('a signature deleted leaves the index; its id, given again to a new signer, is indexed as new', async () => {
    await withStore(t, async (store) => {
      await indexWaitingSignatures(store, 10);
      const top = (await progress(t)).latest;
      // The highest row goes (as erasure deletes it); SQLite gives its id to the next row.
      await withDatabase(t.dbPath, (db) => db.prepare<[number]>('DELETE FROM signatures WHERE id = ?').run(top));
      assert.equal((await progress(t)).indexed_through, top - 1);
      const answer = await submitSignature(t, SOURCE, key, signerFields({ first_name: 'Reusa', last_name: 'Sameid', email: 'reusa@example.org' }));
      assert.equal(answer.status, 202);
      assert.equal((await progress(t)).latest, top, 'the id came back');
      assert.deepEqual(names((await searchSignatures(store, t.petitionId, 'reusa')).rows), ['Reusa Sameid']);
      // One deleted right after its 202 (indexed or not yet) is not found later, and the rest still are.
      const fleeting = await submitSignature(t, SOURCE, key, signerFields({ first_name: 'Fleeting', last_name: 'Row', email: 'fleeting@example.org' }));
      assert.equal(fleeting.status, 202);
      await withDatabase(t.dbPath, async (db) => {
        await db.prepare<[number]>('DELETE FROM signatures WHERE id = ?').run((await progress(t)).latest);
      });
      assert.deepEqual((await searchSignatures(store, t.petitionId, 'fleeting')).rows, []);
      assert.deepEqual(names((await searchSignatures(store, t.petitionId, 'reusa')).rows), ['Reusa Sameid']);
    });
  });
});

/** A database with one petition and no service on it: nothing indexes but what a test calls. */
async function quietDatabase(): Promise<{ dbPath: string; petitionId: number; admin: ServiceAdmin; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'search-index-'));
  const dbPath = join(dir, 'service.db');
  const admin = await openAdmin(dbPath);
  const { petition_id: petitionId } = await admin.createPetition('Quiet');
  return {
    dbPath,
    petitionId,
    admin,
    async close() {
      await admin.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('a search waits for at most three batches of 20,000 ids', { skip: SQLITE_ONLY }, () => {
  let t: Awaited<ReturnType<typeof quietDatabase>>;
  before(async () => {
    t = await quietDatabase();
  });
  after(() => t.close());

  test('60,001 signatures waiting: one search indexes 60,000 of them, the next batch the last one', async () => {
    assert.equal(SEARCH_WAITS_FOR_BATCHES, 3);
    await withStore(t, async (store) => {
      await indexWaitingSignatures(store, 10);
      const from = (await progress(t)).indexed_through;
      // Written as one statement, as a bulk load would (a seed indexes what it adds).
      await store.db.prepare<[number]>(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60001)
        INSERT INTO signatures (petition_id, email_identity, email, first_name, last_name, address, city, state_province,
          postal_code, country_code, hidden, signed_on, name_key, surname_key, postal_key)
        SELECT ?, 'bulk' || i || '@example.org', 'bulk' || i || '@example.org', 'Bulk', 'Signer', '1 Main St', 'Lyon', '',
          '69001', 'FR', 0, 1, 'bulk signer', 'signer bulk', '69001' FROM n`).run(t.petitionId);
      assert.equal((await progress(t)).latest, from + 60_001);
      await searchSignatures(store, t.petitionId, 'a');
      assert.equal((await progress(t)).indexed_through, from + 60_000);
      assert.equal(await indexWaitingSignatures(store, 1), false, 'one batch takes the last id');
      assert.equal((await progress(t)).indexed_through, from + 60_001);
    });
  });
});

describe('the schema version that adds the index', { skip: SQLITE_ONLY }, () => {
  let t: Awaited<ReturnType<typeof quietDatabase>>;
  before(async () => {
    t = await quietDatabase();
  });
  after(() => t.close());

  test('a seed is searchable when the command ends', async () => {
    await t.admin.seed(t.petitionId, 500);
    const p = await progress(t);
    assert.equal(p.indexed_through, p.latest);
  });

  test('indexes the signatures already there, and their B-tree indexes go', async () => {
    await withDatabase(t.dbPath, async (db) => {
      for (const statement of [
        'DROP TRIGGER search_signature_removed', 'DROP TABLE signature_search', 'DROP TABLE search_progress',
        'CREATE INDEX signatures_by_name ON signatures(petition_id, name_key)',
        'CREATE INDEX signatures_by_surname ON signatures(petition_id, surname_key)',
        'CREATE INDEX signatures_by_postal_code ON signatures(petition_id, postal_key)',
        // The versions after the index's apply again after it: the retention period's columns go
        // (its opt-in trigger, which names one of them, replaced by one it drops again).
        'DROP TRIGGER insight_opt_ins_changed',
        'CREATE TRIGGER insight_opt_ins_changed AFTER UPDATE OF state ON signatures BEGIN SELECT 1; END',
        'ALTER TABLE petitions DROP COLUMN retain_days_after_close',
        'ALTER TABLE petitions DROP COLUMN closed_at',
        'ALTER TABLE petitions DROP COLUMN personal_data_erased_at',
        'ALTER TABLE signatures DROP COLUMN erased_at',
        `PRAGMA user_version = ${MIGRATIONS.indexOf(SEARCH_MIGRATIONS[0]!)}`,
      ]) await db.prepare(statement).run();
    });
    await withStore(t, async (store) => {
      const p = await progress(t);
      assert.equal(p.indexed_through, p.latest, 'all indexed by the migration itself');
      const someone = (await store.db.prepare<[], { first_name: string; last_name: string }>('SELECT first_name, last_name FROM signatures WHERE hidden = 0 ORDER BY id DESC LIMIT 1').get())!;
      const found = await searchSignatures(store, t.petitionId, `${someone.last_name} ${someone.first_name}`);
      assert.ok(names(found.rows).includes(`${someone.first_name} ${someone.last_name}`));
      const indexes = await store.db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('signatures_by_name', 'signatures_by_surname', 'signatures_by_postal_code')").all();
      assert.deepEqual(indexes, []);
    });
  });
});
