// The console's signature search and lists: by name (either order, any case, accents or not),
// by email as the duplicate rule matches addresses, by postal code however it is spaced; and
// every statement behind them reads an index, never the whole table.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase } from '../../../src/service/store/engines/database.js';
import { SqliteEngine } from '../../../src/service/store/engines/sqlite-engine.js';
import { createStore } from '../../../src/service/store/store.js';
import { ftsPrefixQuery } from '../../../src/service/store/signatures/search-keys.js';
import { pageText } from '../console-client.js';
import { startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually, getJson, grantedKey, signaturesPath, signerFields, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import { onPostgres } from '../test-database.js';

let f: ConsoleFixture;
let t: TestService;

before(async () => {
  f = await startConsoleFixture();
  t = f.t;
  await t.admin.seed(t.petitionId, 2000);
  const source = 'https://search.example.org/';
  const key = await grantedKey(t, source);
  const people: Array<Record<string, string>> = [
    { first_name: 'Émile', last_name: 'Zola', email: 'E.Zola+petition@GoogleMail.com', postal_code: '75009', country_code: 'FR', city: 'Paris' },
    { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org', postal_code: 'SW1Y 4JH' },
    { first_name: 'Adam', last_name: 'Quillfeather', email: 'adam.q@example.org', postal_code: 'SW1A 2AA' },
  ];
  for (const person of people) assert.equal((await submitSignature(t, source, key, signerFields(person))).status, 202);
  await eventually(() => getJson(t, signaturesPath(t.petitionId)), ({ body }) => body.signature_count === 2003, 3000);
});
after(() => f.close());

async function search(query: string): Promise<string> {
  const answer = await f.client.get(`/admin/petitions/${t.petitionId}/signatures?q=${encodeURIComponent(query)}`);
  assert.equal(answer.status, 200);
  return pageText(answer.body);
}

describe('searching signatures', () => {
  test('by the start of a name, first name first or last name first, in any case, with or without accents', async () => {
    for (const query of ['emile', 'Émile Z', 'ZOLA', 'zola em', '  zola   ÉMILE ']) {
      assert.match(await search(query), /Émile Zola e\.zola\+petition@googlemail\.com|Émile Zola E\.Zola\+petition@GoogleMail\.com/, query);
    }
    const ada = await search('ada lov');
    assert.match(ada, /Ada Lovelace/);
    assert.doesNotMatch(ada, /Adam Quillfeather/);
  });

  test('by a whole email address, as the duplicate rule compares them', async () => {
    assert.match(await search('ezola@gmail.com'), /Émile Zola/);
    assert.match(await search('ADA@example.org'), /Ada Lovelace/);
    assert.match(await search('nobody@example.org'), /No signatures here/);
  });

  test('by the start of a postal code, however it is spaced', async () => {
    assert.match(await search('sw1y4jh'), /Ada Lovelace/);
    const sw1 = await search('SW1');
    assert.match(sw1, /Ada Lovelace/);
    assert.match(sw1, /Adam Quillfeather/);
  });

  test('a search matching more than the page holds says so', async () => {
    assert.match(await search('a'), /More than 100 signatures match: type more of the name/);
  });

  test('every statement behind the console’s lists, counts, search and export reads an index range, never the whole table', { skip: onPostgres && 'SQLite query plans' }, async () => {
    const store = createStore(new SqliteEngine(openDatabase(t.dbPath)));
    try {
      const plan = (statement: { source: string }, ...args: unknown[]) =>
        ((store.db as SqliteEngine).db.prepare(`EXPLAIN QUERY PLAN ${statement.source}`).all(...args) as { detail: string }[]).map((row) => row.detail).join(' | ');
      const cases: Array<[string, string, RegExp]> = [
        [
          'searchByText',
          plan(store.searchByText, { petition_id: 1, match: ftsPrefixQuery(1, 'ada', 'ada'), name: 'ada', name_end: 'ada\u{10FFFF}', postal: 'ada', postal_end: 'ada\u{10FFFF}', limit: 101 }),
          /^SEARCH signatures USING INTEGER PRIMARY KEY \(rowid=\?\) \| LIST SUBQUERY 1 \| SCAN signature_search VIRTUAL TABLE INDEX \d+:M/,
        ],
        ['searchByEmail', plan(store.searchByEmail, 1, 'ada@example.org'), /USING INDEX signatures_by_email \(petition_id=\? AND email_identity=\?\)/],
        ['listedNewestFirst', plan(store.listedNewestFirst, 1, 1, 50), /USING INDEX signatures_by_listed_position \(petition_id=\? AND listed_position>\? AND listed_position<\?\)/],
        ['unlistedBefore', plan(store.unlistedBefore, 1, 1e9, 51), /USING INDEX signatures_unlisted \(petition_id=\? AND id<\?\)/],
        ['exportBatch', plan(store.exportBatch, 1, 0, 2000), /SEARCH signatures USING INTEGER PRIMARY KEY \(rowid>\?\)/],
        ['unlistedCount', plan(store.unlistedCount, 1), /USING (COVERING )?INDEX signatures_unlisted \(petition_id=\?\)/],
        ['invalidatedCount', plan(store.invalidatedCount, 1), /USING (COVERING )?INDEX signatures_by_state \(petition_id=\? AND state=\?\)/],
      ];
      for (const [name, detail, expected] of cases) {
        assert.match(detail, expected, `${name}: ${detail}`);
        assert.doesNotMatch(detail, /SCAN signatures|USE TEMP B-TREE/, `${name}: ${detail}`);
      }
    } finally {
      await store.db.close();
    }
  });
});

describe('browsing signatures', () => {
  test('listed ones newest first by page number; the unlisted ones (hidden here) page by id', async () => {
    const first = pageText((await f.client.get(`/admin/petitions/${t.petitionId}/signatures`)).body);
    assert.match(first, /Listed signatures, newest first: page 1 of 39/);
    assert.match(first, /Adam Quillfeather .* Ada Lovelace .* Émile Zola/, 'newest first');
    const last = await f.client.get(`/admin/petitions/${t.petitionId}/signatures?page=39`);
    assert.doesNotMatch(pageText(last.body), /Older signatures/);
    const unlisted = pageText((await f.client.get(`/admin/petitions/${t.petitionId}/signatures?view=unlisted`)).body);
    assert.match(unlisted, /Not listed \(100\)/);
    assert.match(unlisted, /Counted, name hidden/);
    const next = /href="([^"]*view=unlisted&amp;before=\d+)"/.exec(f.client.lastPage)![1]!.replace('&amp;', '&');
    assert.match(pageText((await f.client.get(next)).body), /Counted, name hidden/);
  });
});
