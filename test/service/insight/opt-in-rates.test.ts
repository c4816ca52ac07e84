// The opt-in rates on "Campaign at a glance" (issue 20) against known signatures: signed through
// the API with the opt_ins a proxy sends, moved to known days, then invalidated and erased. A
// rate is of the counted signatures whose opt-ins are known (a signature without opt_ins, as an
// older proxy sends it, is in neither side); the kept counts equal a count of the signatures
// themselves after each step; a value a proxy would not send is refused with the field's 400.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pageText } from '../console-client.js';
import { readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { failureMessages, grantedKey, signerFields, submitSignature } from '../harness.js';
import type { Pairs, TestService } from '../harness.js';
import { tableRows } from './insight-reading.js';

const source = 'https://opt-ins.example.org/';
let f: ConsoleFixture;
let t: TestService & { key: string };

before(async () => {
  f = await startConsoleFixture();
  const { petition_id } = await f.t.admin.createPetition('Opt-in rates');
  const petition = { ...f.t, petitionId: petition_id };
  t = { ...petition, key: await grantedKey(petition, source) };
});
after(() => f.close());

/** Signs through the API with `extra` fields (opt_ins), then moves the signature to `at`. */
async function sign(at: string, extra: Pairs): Promise<number> {
  const email = `${Math.random().toString(36).slice(2)}@example.org`;
  const answer = await submitSignature(t, source, t.key, [...signerFields({ email }), ...extra]);
  assert.equal(answer.status, 202, await answer.text());
  return readDatabase(f.t, async (db) => {
    await db.prepare<[number, string]>('UPDATE signatures SET signed_on = ? WHERE email = ?').run(Date.parse(at), email);
    return Number((await db.prepare<[string], { id: number }>('SELECT id FROM signatures WHERE email = ?').get(email))!.id);
  });
}

async function page(query: string): Promise<string> {
  const answer = await f.client.get(`/admin/petitions/${t.petitionId}/insight${query}`);
  assert.equal(answer.status, 200);
  return answer.body;
}

/** The bars of the opt-in chart: id and rate in percent. */
function rateBars(body: string): Array<[string, number]> {
  const svg = /<svg[^>]*aria-labelledby="opt-ins-chart-title[\s\S]*?<\/svg>/.exec(body);
  assert.ok(svg, 'the opt-in chart');
  return [...svg[0].matchAll(/<rect [^>]*data-label="([^"]*)" data-value="([\d.]+)"/g)].map((match) => [match[1]!, Number(match[2])]);
}

/** insight_opt_ins as the signatures say: per petition, day and id ('' for each known one), counted ones only. */
async function assertOptInCountsMatchSignatures(): Promise<void> {
  await readDatabase(f.t, async (db) => {
    const rows = await db.prepare<[], { petition_id: number; signed_on: number; opt_ins: string }>(
      "SELECT petition_id, signed_on, opt_ins FROM signatures WHERE state = 'counted' AND opt_ins IS NOT NULL",
    ).all();
    const truth = new Map<string, number>();
    for (const row of rows) {
      for (const id of ['', ...(row.opt_ins === '' ? [] : row.opt_ins.split(','))]) {
        const key = `${row.petition_id} ${Number(row.signed_on) - (Number(row.signed_on) % 86_400_000)} ${id}`;
        truth.set(key, (truth.get(key) ?? 0) + 1);
      }
    }
    const kept = await db.prepare<[], { petition_id: number; day: number; opt_in: string; signatures: number }>('SELECT * FROM insight_opt_ins').all();
    assert.deepEqual(
      new Map(kept.map((row) => [`${row.petition_id} ${row.day} ${row.opt_in}`, Number(row.signatures)])),
      truth,
      'insight_opt_ins as the signatures say',
    );
  });
}

describe('opt-in rates of known signatures', () => {
  const ids: number[] = [];
  before(async () => {
    ids.push(await sign('2026-06-01T23:59:59.999Z', [['opt_ins', 'news,sms']]));
    ids.push(await sign('2026-06-02T00:00:00.000Z', [['opt_ins', 'news']]));
    ids.push(await sign('2026-06-02T08:00:00.000Z', [['opt_ins', '']]));
    ids.push(await sign('2026-06-02T09:00:00.000Z', [['opt_ins', 'sms,news']]));
    // Not known: neither ticked nor not.
    ids.push(await sign('2026-06-02T10:00:00.000Z', []));
  });

  test('each id’s share of the counted signatures that say, over the window, in the chart and its table', async () => {
    const body = await page('?from=2026-06-01&to=2026-06-02');
    assert.deepEqual(tableRows(body, 'Opt-in rates'), [
      ['news', '3', '75.0 %'],
      ['sms', '2', '50.0 %'],
      ['Counted signatures that say', '4', '100.0 %'],
    ]);
    assert.deepEqual(rateBars(body), [['news', 75], ['sms', 50]]);
    assert.match(pageText(body), /4 of the 5 counted signatures in this window say which opt-ins their signer ticked/);
    assert.match(pageText(body), /shown by its id/);
    await assertOptInCountsMatchSignatures();
  });

  test('a day window ends at midnight', async () => {
    assert.deepEqual(tableRows(await page('?from=2026-06-01&to=2026-06-01'), 'Opt-in rates'), [
      ['news', '1', '100.0 %'],
      ['sms', '1', '100.0 %'],
      ['Counted signatures that say', '1', '100.0 %'],
    ]);
    assert.match(pageText(await page('?from=2026-06-03&to=2026-06-03')), /Opt-in rates .* No counted signature in this window says which opt-ins its signer ticked\./);
  });

  test('invalidation and erasure take a signature out of both sides of the rate, and undoing puts it back', async () => {
    const rates = async () => tableRows(await page('?from=2026-06-01&to=2026-06-02'), 'Opt-in rates');
    await f.client.get(`/admin/signatures/${ids[3]}`);
    assert.equal((await f.client.post(`/admin/signatures/${ids[3]}/invalidate`)).status, 303);
    assert.deepEqual(await rates(), [['news', '2', '66.7 %'], ['sms', '1', '33.3 %'], ['Counted signatures that say', '3', '100.0 %']]);
    await assertOptInCountsMatchSignatures();

    await f.client.get(`/admin/signatures/${ids[0]}`);
    assert.equal((await f.client.post(`/admin/signatures/${ids[0]}/erase`, { confirmed: 'yes' })).status, 303);
    assert.deepEqual(await rates(), [['news', '1', '50.0 %'], ['Counted signatures that say', '2', '100.0 %']]);
    assert.equal(await readDatabase(f.t, (db) => db.prepare<[number], unknown>('SELECT 1 FROM signatures WHERE id = ?').get(ids[0]!)), undefined);
    await assertOptInCountsMatchSignatures();

    await f.client.get(`/admin/signatures/${ids[1]}`);
    assert.equal((await f.client.post(`/admin/signatures/${ids[1]}/invalidate`)).status, 303);
    const body = await page('?from=2026-06-01&to=2026-06-02');
    assert.match(pageText(body), /1 of the 2 counted signatures in this window say .* None of them ticked an opt-in\./);
    assert.doesNotMatch(body, /opt-ins-chart/);
    await assertOptInCountsMatchSignatures();
  });
});

test('a value a proxy would not send is refused with the field’s 400, and nothing is stored', async () => {
  const problem = /^opt_ins: must be at most 10 opt-in ids separated by commas/;
  for (const value of ['News', 'news,,sms', ',news', 'a'.repeat(65), Array.from({ length: 11 }, (_, i) => `o${i}`).join(','), 'news sms']) {
    const email = `${Math.random().toString(36).slice(2)}@example.org`;
    const answer = await submitSignature(t, source, t.key, [...signerFields({ email }), ['opt_ins', value]]);
    const messages = await failureMessages(answer, 400);
    assert.equal(messages.length, 1, value);
    assert.match(messages[0]!, problem, value);
    assert.equal(await readDatabase(f.t, (db) => db.prepare<[string], unknown>('SELECT 1 FROM signatures WHERE email = ?').get(email)), undefined);
  }
  const ten = Array.from({ length: 10 }, (_, i) => `o${i}`).join(',');
  assert.equal((await submitSignature(t, source, t.key, [...signerFields({ email: `ten${Date.now()}@example.org` }), ['opt_ins', ten]])).status, 202);
});
