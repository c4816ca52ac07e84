// Bulk invalidation through the console: a preview counts what the invalidation then takes;
// the count, the API's list (dense positions) and the CSV export follow; undoing a batch
// restores exactly its signatures to their places, also when a later batch overlapped its
// filter; the audit log carries the filter and the counts; a range's neighbour outside it and
// the time window's ends are where the filter says.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pageText } from '../console-client.js';
import { assertDense, everyListedThroughApi, readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { getJson, grantedKey, signerFields, submitSignature } from '../harness.js';
import type { Pairs, TestService } from '../harness.js';

let f: ConsoleFixture;
let t: TestService;
let key: string;
const source = 'https://www.example.org/bulk';
const base = () => `/admin/petitions/${t.petitionId}/bulk-invalidation`;

async function sign(origin: Pairs, overrides: Record<string, string> = {}): Promise<void> {
  const response = await submitSignature(t, source, key, [...signerFields(overrides), ...origin]);
  assert.equal(response.status, 202, await response.text());
}

async function count(): Promise<number> {
  return (await getJson(t, `/v1/petitions/${t.petitionId}`)).body.signature_count;
}

async function exportedEmails(): Promise<string[]> {
  await f.client.get(`/admin/petitions/${t.petitionId}`);
  const csv = (await f.client.post(`/admin/petitions/${t.petitionId}/export`)).body;
  return [...csv.matchAll(/"([^"]+@[^"]+)"/g)].map((match) => match[1]!).sort();
}

async function preview(filter: Record<string, string>): Promise<{ status: number; text: string }> {
  await f.client.get(base());
  const answer = await f.client.post(`${base()}/preview`, filter);
  return { status: answer.status, text: pageText(answer.body) };
}

function matched(text: string): number {
  if (/No counted signature matches/.test(text)) return 0;
  return Number(/([\d,]+) counted signatures? match/.exec(text)![1]!.replace(/,/g, ''));
}

async function invalidate(filter: Record<string, string>): Promise<void> {
  await f.client.get(base());
  const answer = await f.client.post(base(), filter);
  assert.equal(answer.status, 303, pageText(answer.body));
}

async function batchIds(): Promise<number[]> {
  return readDatabase(t, async (db) =>
    (await db.prepare<[number], { id: number }>('SELECT id FROM invalidation_batches WHERE petition_id = ? ORDER BY id').all(t.petitionId)).map((row) => Number(row.id)),
  );
}

async function undo(batchId: number): Promise<void> {
  await f.client.get(base());
  const answer = await f.client.post(`/admin/invalidation-batches/${batchId}/undo`);
  assert.equal(answer.status, 303, pageText(answer.body));
}

before(async () => {
  f = await startConsoleFixture();
  t = f.t;
  key = await grantedKey(t, source);
  await t.admin.seed(t.petitionId, 40);
  // Interleaved, so that restored signatures must go back between others.
  for (let i = 0; i < 12; i++) {
    await sign([['client_address', `203.0.113.${i * 20}`], ['utm_source', i % 2 === 0 ? 'bot-campaign' : 'newsletter']]);
    await sign([['client_address', `198.51.100.${i}`]], { email: `spam${i}.${process.pid}@Spam.Example.org`, first_name: 'Jo', last_name: `Smith${i}` });
    await sign([['client_address', '2001:db8::1'], ['referrer_host', 'news.example.com']]);
  }
  // The neighbours just outside 203.0.113.0/24, on both sides.
  await sign([['client_address', '203.0.114.0']]);
  await sign([['client_address', '203.0.112.255']]);
});
after(() => f.close());

describe('bulk invalidation', () => {
  test('a CIDR filter: the preview\'s count is what is invalidated; its neighbours outside stay; count, list and export follow', async () => {
    const countBefore = await count();
    const listedBefore = await everyListedThroughApi(t, t.petitionId);
    const exportBefore = await exportedEmails();
    const shown = await preview({ range: '203.0.113.0/24' });
    assert.equal(shown.status, 200);
    assert.equal(matched(shown.text), 12, shown.text);
    await invalidate({ range: '203.0.113.0/24' });
    assert.equal(await count(), countBefore - 12);
    const state = await assertDense(t, t.petitionId);
    assert.equal(state.rows, listedBefore.length - 12);
    assert.equal((await everyListedThroughApi(t, t.petitionId)).length, listedBefore.length - 12);
    assert.equal((await exportedEmails()).length, exportBefore.length - 12);
    assert.equal(matched((await preview({ range: '203.0.113.0/24' })).text), 0, 'nothing left to take');
    assert.equal(matched((await preview({ range: '203.0.114.0/32' })).text), 1, 'the neighbour above is still counted');
    assert.equal(matched((await preview({ range: '203.0.112.255' })).text), 1, 'the neighbour below is still counted');

    const audit = pageText((await f.client.get('/admin/audit')).body);
    const [batch] = await batchIds();
    assert.match(audit, new RegExp(`signatures invalidated in bulk petition ${t.petitionId} batch ${batch}: 12 signatures; filter \\{"range":"203\\.0\\.113\\.0/24"\\}`));

    await undo(batch!);
    assert.equal(await count(), countBefore);
    await assertDense(t, t.petitionId);
    assert.deepEqual(await everyListedThroughApi(t, t.petitionId), listedBefore, 'every signature back in its place');
    assert.deepEqual(await exportedEmails(), exportBefore);
    assert.match(pageText((await f.client.get('/admin/audit')).body), new RegExp(`bulk invalidation undone petition ${t.petitionId} batch ${batch}: 12 signatures restored`));
    const again = await f.client.post(`/admin/invalidation-batches/${batch}/undo`);
    assert.equal(again.status, 409, 'a batch is undone once');
  });

  test('a range means what a block entry means: ::/0 takes the IPv6 signers only; an IPv4 range takes NAT64 and 6to4 signers', async () => {
    // The 12 signers from 2001:db8::1, and none of the IPv4 ones (the seeded, 198.51.100.x, ...).
    assert.equal(matched((await preview({ range: '::/0' })).text), 12);
    assert.equal(matched((await preview({ range: '::/1' })).text), 12, '::/1 spans the IPv4 keys too, and takes none of them');
    assert.equal(matched((await preview({ range: '8000::/1' })).text), 0);
    assert.equal(matched((await preview({ range: '2001:db8::/32' })).text), 12);
    // 198.51.100.0 to .11 signed as IPv4; the same network written as NAT64 and 6to4 is one filter.
    for (const range of ['198.51.100.0/28', '64:ff9b::198.51.100.0/124', '2002:c633:6400::/44']) {
      assert.equal(matched((await preview({ range })).text), 12, range);
    }
  });

  test('overlapping batches: each undo restores exactly its own signatures', async () => {
    const countBefore = await count();
    const listedBefore = await everyListedThroughApi(t, t.petitionId);
    // The domain filter takes Spam.Example.org's 12 signers; the name pattern overlaps it (and
    // finds only what is still counted: nobody is in two batches).
    assert.equal(matched((await preview({ domain: 'example.org', name: 'jo smith1*' })).text), 3, 'Smith1, Smith10, Smith11 (example.org takes its subdomains)');
    await invalidate({ domain: 'spam.example.org' });
    assert.equal(matched((await preview({ name: 'JO SMITH' })).text), 0);
    await invalidate({ utm_source: 'bot-campaign' });
    await invalidate({ referrer_host: 'news.example.com', range: '2001:db8::/64' });
    const [, first, second, third] = await batchIds();
    assert.equal(await count(), countBefore - 12 - 6 - 12);
    await undo(first!);
    assert.equal(await count(), countBefore - 6 - 12);
    await assertDense(t, t.petitionId);
    await undo(third!);
    await undo(second!);
    assert.equal(await count(), countBefore);
    assert.deepEqual(await everyListedThroughApi(t, t.petitionId), listedBefore);
  });

  test('the time window takes signatures from its start (inclusive) to its end (exclusive), by the second in UTC', async () => {
    const times = await readDatabase(t, async (db) =>
      (await db.prepare<[number], { signed_on: number }>("SELECT signed_on FROM signatures WHERE petition_id = ? AND state = 'counted' ORDER BY signed_on").all(t.petitionId)).map((row) => Number(row.signed_on)),
    );
    const seconds = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
    const within = (from: number, before: number) => times.filter((time) => time >= from && time < before).length;
    // From the first second that holds a signature, to the second after the newest one.
    const start = Math.floor(times[0]! / 1000) * 1000;
    const newest = times[times.length - 1]!;
    const end = Math.floor(newest / 1000) * 1000;
    assert.equal(matched((await preview({ from: seconds(start) })).text), times.length, 'from is inclusive');
    assert.equal(matched((await preview({ from: seconds(start + 1000) })).text), within(start + 1000, Infinity));
    assert.equal(matched((await preview({ before: seconds(end) })).text), within(0, end), 'before is exclusive');
    assert.equal(matched((await preview({ before: seconds(end + 1000) })).text), times.length);
    assert.equal(matched((await preview({ from: seconds(start), before: seconds(end + 1000) })).text), times.length);

    // A signature exactly on a second: in a window from it, not in one that ends at it.
    const exact = Date.UTC(2030, 0, 1, 12, 0, 0);
    await readDatabase(t, (db) =>
      db.prepare<[number, number]>("UPDATE signatures SET signed_on = ? WHERE id = (SELECT MAX(id) FROM signatures WHERE petition_id = ? AND state = 'counted')").run(exact, t.petitionId),
    );
    assert.equal(matched((await preview({ from: '2030-01-01 12:00:00' })).text), 1, 'from its very millisecond');
    assert.equal(matched((await preview({ from: '2030-01-01 12:00:01' })).text), 0);
    assert.equal(matched((await preview({ from: '2030-01-01 11:00', before: '2030-01-01 12:00' })).text), 0, 'before excludes its very millisecond');
    assert.equal(matched((await preview({ from: '2030-01-01 11:00', before: '2030-01-01 12:00:01' })).text), 1);
  });

  test('% and _ in a name pattern are letters, not wildcards; a domain takes its subdomains, never a longer name ending like it', async () => {
    await sign([['client_address', '192.0.2.201']], { email: `pct.${process.pid}@lookalike.example.net`, first_name: 'Ann', last_name: '100% Lee' });
    await sign([['client_address', '192.0.2.202']], { email: `und.${process.pid}@badlookalike.example.net`, first_name: 'Ann', last_name: 'X_Lee' });
    await sign([['client_address', '192.0.2.203']], { email: `plain.${process.pid}@sub.lookalike.example.net`, first_name: 'Ann', last_name: '1000 Lee' });
    await sign([['client_address', '192.0.2.204']], { email: `other.${process.pid}@example.net`, first_name: 'Ann', last_name: 'XY Lee' });
    assert.equal(matched((await preview({ name: '100%' })).text), 1, '100% is not 100 followed by anything (1000 Lee)');
    assert.equal(matched((await preview({ name: 'x_lee' })).text), 1, '_ is not any one letter (XY Lee would not match anyway; X_Lee does)');
    assert.equal(matched((await preview({ name: 'ann x_' })).text), 1, 'Ann X_Lee, not Ann XY Lee');
    assert.equal(matched((await preview({ name: 'ann 100%*' })).text), 1, 'a glob keeps % literal');
    assert.equal(matched((await preview({ domain: 'lookalike.example.net' })).text), 2, 'the domain and its subdomain sub.lookalike.example.net');
    assert.equal(matched((await preview({ domain: 'badlookalike.example.net' })).text), 1);
    assert.equal(matched((await preview({ domain: 'example.net' })).text), 4, 'every subdomain of example.net');
  });

  test('a filter that cannot be read is a form error at its field; none at all is refused; nothing changes', async () => {
    const countBefore = await count();
    for (const [filter, message] of [
      [{ range: '203.0.113.0/33' }, 'Enter an IP address or a CIDR range'],
      [{ domain: 'not a domain' }, 'Enter an email domain'],
      [{ from: '2026-02-30 10:00' }, 'Enter a time in UTC'],
      [{ from: '2026-05-01 10:00', before: '2026-05-01 10:00' }, 'The end of the time window must be after its start'],
      [{}, 'Fill in at least one filter'],
    ] as const) {
      await f.client.get(base());
      const answer = await f.client.post(base(), filter);
      assert.equal(answer.status, 400, JSON.stringify(filter));
      assert.match(pageText(answer.body), new RegExp(`There is a problem ${message}`));
    }
    assert.equal(await count(), countBefore);
    const forged = await f.client.post(base(), { range: '0.0.0.0/0', csrf: null });
    assert.equal(forged.status, 403);
    assert.equal(await count(), countBefore);
  });
});
