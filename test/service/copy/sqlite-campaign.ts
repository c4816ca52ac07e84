// A service on SQLite holding rows of every kind, made as operators, consumers and signers make
// them (the API, the admin commands, the console), for admin copy-to-postgres's tests: seeded
// history, signatures with origins, opt-ins and hidden names, key requests granted, denied and
// revoked with their callback deliveries, an invalidation batch, and the campaign state of the
// backup tests (block list, paper batch, confirmed and waiting signers, a dismissed alert).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pageText } from '../console-client.js';
import { readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { authKeysPath, grantedKey, keyRequestFields, signedPost, signerFields, submitSignature } from '../harness.js';
import type { Pairs } from '../harness.js';
import { startMailCatcher } from '../mail-catcher.js';
import type { MailCatcher } from '../mail-catcher.js';
import { withDatabase } from '../test-database.js';
import { makeCampaignState, TREND } from '../backup/campaign-state.js';

export const SOURCE = 'https://copy.example.org/';
const SEEDED = 2_000;
/** Signed through the API: every second one hidden, each with an origin and opt-ins. */
const SIGNED = 24;

export interface SqliteCampaign {
  f: ConsoleFixture;
  catcher: MailCatcher;
  /** The key granted for SOURCE on the fixture's petition. */
  key: string;
  close(): Promise<void>;
}

/** The service's options, the same for the PostgreSQL service started on the copy. */
export function campaignOptions(catcher: MailCatcher) {
  return {
    smtp: { url: catcher.url, from: 'Petitions <petitions@example.org>' },
    trend: TREND,
    // Nothing listens there: the alert's delivery stays pending, a row to copy.
    alertWebhook: { url: 'http://127.0.0.1:9/alerts', secret: 'a webhook secret of at least 32 characters' },
  };
}

async function signWithOrigins(f: ConsoleFixture, key: string): Promise<void> {
  for (let i = 0; i < SIGNED; i++) {
    const extra: Pairs = [
      ['client_address', `192.0.2.${i + 1}`],
      ['utm_source', i % 3 === 0 ? 'newsletter' : 'social'],
      ['referrer_host', 'news.example.com'],
      ['opt_ins', i % 2 === 0 ? 'updates' : ''],
      ['hidden', i % 2 === 0 ? 'true' : '0'],
    ];
    // A reason with the characters COPY's text format escapes.
    const fields = signerFields({ reason: i === 0 ? 'Because\ttabs,\nnew lines and a \\ backslash' : `Reason ${i}` });
    const answer = await submitSignature(f.t, SOURCE, key, [...fields, ...extra]);
    assert.equal(answer.status, 202, await answer.text());
  }
}

/** One key request of each ending: granted (the main key), denied and revoked. */
async function decideKeyRequests(f: ConsoleFixture): Promise<void> {
  for (const [source, decide] of [
    ['https://denied.example.org/', (id: number) => f.t.admin.deny(id)],
    ['https://revoked.example.org/', async (id: number) => (await f.t.admin.grant(id), f.t.admin.revoke(id))],
  ] as const) {
    assert.equal((await signedPost(f.t, authKeysPath(f.t.petitionId), keyRequestFields(source))).status, 202);
    const request = (await f.t.admin.listAuthKeys()).find((row) => row.source === source)!;
    await decide(request.id);
  }
}

async function invalidateOneNetwork(f: ConsoleFixture): Promise<void> {
  const base = `/admin/petitions/${f.t.petitionId}/bulk-invalidation`;
  await f.client.get(base);
  const answer = await f.client.post(base, { range: '192.0.2.0/30' });
  assert.equal(answer.status, 303, pageText(answer.body));
}

/** Every table of the SQLite file that holds no row (the search index's tables aside). */
export async function emptyTables(database: string): Promise<string[]> {
  return withDatabase(database, async (db) => {
    const tables = await db.prepare<[], string>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' AND name NOT LIKE 'signature_search%' ORDER BY name", { pluck: true }).all();
    const empty: string[] = [];
    for (const table of tables) if ((await db.prepare<[], number>(`SELECT count(*) FROM ${table}`, { pluck: true }).get()) === 0) empty.push(table);
    return empty;
  });
}

/** Makes the campaign on a new SQLite service, then stops the service (the copy wants it stopped). */
export async function makeSqliteCampaign(): Promise<SqliteCampaign> {
  const catcher = await startMailCatcher();
  const dbPath = join(mkdtempSync(join(tmpdir(), 'copy-source-')), 'service.db');
  const f = await startConsoleFixture({ dbPath, ...campaignOptions(catcher) });
  await f.t.admin.seed(f.t.petitionId, SEEDED);
  const key = await grantedKey(f.t, SOURCE);
  await signWithOrigins(f, key);
  await decideKeyRequests(f);
  await makeCampaignState(f, catcher);
  await invalidateOneNetwork(f);
  const [hidden] = await readDatabase(f.t, (db) => db.prepare<[], { id: number }>('SELECT id FROM signatures WHERE hidden = 0 ORDER BY id LIMIT 1').all());
  await f.t.admin.hideName(Number(hidden!.id));
  await f.t.service.close();
  return {
    f,
    catcher,
    key,
    async close() {
      await f.t.admin.close();
      await catcher.close();
      rmSync(f.t.dir, { recursive: true, force: true });
      rmSync(dirname(dbPath), { recursive: true, force: true });
    },
  };
}
