// "Campaign at a glance" (issue 20) against known signatures: signed through the API (the group
// commit writes them and their counts), then moved to known times, so each chart's table and
// bars can be checked to the signature, at the exact edges of hours and days (UTC). The counts
// follow hiding (nothing), invalidation, bulk invalidation and its undo, withdrawal, erasure,
// confirmation and expiry, agree with the petition page's totals, and equal a count of the
// signatures themselves after each step.
import { EVERY_COUNTRY } from '../../../src/shared/addresses/countries/every-country.js';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { confirmWaiting, removeExpiredUnconfirmed } from '../../../src/service/confirmation/signer-confirmation.js';
import { ConfirmationRecheck } from '../../../src/service/abuse/confirmation-recheck.js';
import { SubmissionScreen } from '../../../src/service/abuse/submission-screen.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';
import { createStore, type Store } from '../../../src/service/store/store.js';
import { newWithdrawalToken } from '../../../src/shared/withdrawal-token.js';
import { pageText } from '../console-client.js';
import { readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { grantedKey, signerFields, submitSignature, urlOf } from '../harness.js';
import type { Pairs, TestService } from '../harness.js';
import { assertCountsMatchSignatures, chartBars, tableRows } from './insight-reading.js';

const source = 'https://insight.example.org/';
let f: ConsoleFixture;
let store: Store;

before(async () => {
  f = await startConsoleFixture();
  // A second connection, as the mailer's or the upkeep's would be, for the confirmation rules.
  store = createStore(await openStoreEngine(f.t.dbPath));
});
after(async () => {
  await store.db.close();
  await f.close();
});

async function newPetition(title: string, fields: Record<string, string> = {}): Promise<TestService & { key: string }> {
  const { petition_id } = await f.t.admin.createPetition(title);
  if (Object.keys(fields).length > 0) await f.t.admin.updatePetition(petition_id, { title, ...fields });
  const t = { ...f.t, petitionId: petition_id };
  return { ...t, key: await grantedKey(t, source) };
}

/** Signs through the API, then moves the signature to `at` (ISO, UTC). */
async function sign(t: TestService & { key: string }, at: string, fields: Record<string, string>, origin: Pairs = []): Promise<number> {
  const email = `${Math.random().toString(36).slice(2)}@example.org`;
  // A postal code the country's address rules take: the data's own example.
  const postal_code = fields['country_code'] ? (EVERY_COUNTRY[fields['country_code']]?.postalExamples?.[0] ?? '') : undefined;
  const answer = await submitSignature(t, source, t.key, [...signerFields({ email, ...(postal_code === undefined ? {} : { postal_code }), ...fields }), ...origin]);
  assert.equal(answer.status, 202, await answer.text());
  return readDatabase(f.t, async (db) => {
    await db.prepare<[number, string]>('UPDATE signatures SET signed_on = ? WHERE email = ?').run(Date.parse(at), email);
    return Number((await db.prepare<[string], { id: number }>('SELECT id FROM signatures WHERE email = ?').get(email))!.id);
  });
}

async function insightPage(t: TestService, query = ''): Promise<{ status: number; body: string }> {
  const answer = await f.client.get(`/admin/petitions/${t.petitionId}/insight${query}`);
  return { status: answer.status, body: answer.body };
}

/** The petition page's totals, by their terms. */
async function petitionTotals(t: TestService): Promise<Record<string, string>> {
  const page = (await f.client.get(`/admin/petitions/${t.petitionId}`)).body;
  return Object.fromEntries([...page.matchAll(/<dt>([^<]+)<\/dt><dd>([\d,]+)/g)].map((match) => [match[1]!, match[2]!]));
}

/** The "In this window" row over the petition's whole life: counted, awaiting (if shown), invalidated. */
async function lifeTotals(t: TestService): Promise<string[]> {
  const rows = tableRows((await insightPage(t)).body, 'Signatures per day');
  return rows[rows.length - 1]!.slice(1, -1);
}

const assertKeptCounts = () => readDatabase(f.t, assertCountsMatchSignatures);

describe('the charts of known signatures', () => {
  let t: TestService & { key: string };
  before(async () => {
    t = await newPetition('Known signatures', { goal: '10' });
    await sign(t, '2026-03-01T23:59:59.999Z', { country_code: 'GB', state_province: 'ENG' }, [['utm_source', 'newsletter'], ['referrer_host', 'news.example.com']]);
    await sign(t, '2026-03-02T00:00:00.000Z', { country_code: 'GB', state_province: 'SCT' }, [['utm_source', 'newsletter']]);
    await sign(t, '2026-03-02T00:59:59.999Z', { country_code: 'GB', state_province: 'ENG' }, [['referrer_host', 'social.example']]);
    await sign(t, '2026-03-02T01:00:00.000Z', { country_code: 'FR', state_province: 'IDF' }, [['utm_source', 'partner']]);
    await sign(t, '2026-03-03T12:00:00.000Z', { country_code: 'US', state_province: 'CA' });
  });

  test('per hour: each signature in its hour, the edges exact, the running total from before the window', async () => {
    const { status, body } = await insightPage(t, '?from=2026-03-02&to=2026-03-02&bucket=hour');
    assert.equal(status, 200, pageText(body));
    const rows = tableRows(body, 'Signatures per hour');
    assert.equal(rows.length, 25, '24 hours and the window’s total');
    assert.deepEqual(rows[0], ['2026-03-02 00:00', '2', '0', '3']);
    assert.deepEqual(rows[1], ['2026-03-02 01:00', '1', '0', '4']);
    assert.deepEqual(rows[2], ['2026-03-02 02:00', '0', '0', '4']);
    assert.deepEqual(rows[24], ['In this window', '3', '0', '4']);
    const bars = chartBars(body, 'per-bucket-chart');
    assert.equal(bars.length, 24);
    assert.deepEqual(bars.slice(0, 3), [['2026-03-02 00:00', 2], ['2026-03-02 01:00', 1], ['2026-03-02 02:00', 0]]);
    assert.match(body, /data-goal="10"/);
    assert.match(body, /<polyline points="70,\S+ [^"]*" fill="none" stroke="#1d4ed8" stroke-width="3" data-value="4"/);
  });

  test('per day, by place and by source', async () => {
    const { body } = await insightPage(t, '?from=2026-03-01&to=2026-03-03&bucket=day');
    assert.deepEqual(tableRows(body, 'Signatures per day'), [
      ['2026-03-01', '1', '0', '1'],
      ['2026-03-02', '3', '0', '4'],
      ['2026-03-03', '1', '0', '5'],
      ['In this window', '5', '0', '5'],
    ]);
    assert.deepEqual(chartBars(body, 'per-bucket-chart'), [['2026-03-01', 1], ['2026-03-02', 3], ['2026-03-03', 1]]);
    assert.deepEqual(tableRows(body, 'By country'), [
      ['United Kingdom (GB)', '3', '60.0 %'],
      ['France (FR)', '1', '20.0 %'],
      ['United States (US)', '1', '20.0 %'],
      ['All', '5', '100.0 %'],
    ]);
    assert.deepEqual(chartBars(body, 'countries-chart'), [['United Kingdom (GB)', 3], ['France (FR)', 1], ['United States (US)', 1]]);
    assert.deepEqual(tableRows(body, 'By region in United Kingdom (GB)').slice(0, 2), [['ENG', '2', '66.7 %'], ['SCT', '1', '33.3 %']]);
    assert.deepEqual(tableRows(body, 'By utm_source').slice(0, 3), [['No utm_source', '2', '40.0 %'], ['newsletter', '2', '40.0 %'], ['partner', '1', '20.0 %']]);
    assert.deepEqual(chartBars(body, 'referrers-chart'), [['No referrer', 3], ['news.example.com', 1], ['social.example', 1]]);
    assert.doesNotMatch(body, /id="funnel"/, 'no funnel where no signer confirms');

    const france = await insightPage(t, '?from=2026-03-01&to=2026-03-03&country=fr');
    assert.deepEqual(tableRows(france.body, 'By region in France (FR)'), [['IDF', '1', '100.0 %'], ['All', '1', '100.0 %']]);
  });

  test('regions by their English names with the stored value beside them; a free-text region as written, escaped', async () => {
    const us = await insightPage(t, '?from=2026-03-01&to=2026-03-03&country=us');
    assert.deepEqual(tableRows(us.body, 'By region in United States (US)'), [['California (CA)', '1', '100.0 %'], ['All', '1', '100.0 %']]);
    assert.deepEqual(chartBars(us.body, 'regions-chart'), [['California (CA)', 1]]);
    const free = await newPetition('Free-text regions');
    await sign(free, '2026-03-01T12:00:00.000Z', { country_code: 'GB', state_province: '<b>Kent</b>' });
    const { body } = await insightPage(free, '?from=2026-03-01&to=2026-03-01&country=gb');
    assert.deepEqual(tableRows(body, 'By region in United Kingdom (GB)')[0], ['&lt;b&gt;Kent&lt;/b&gt;', '1', '100.0 %']);
    assert.ok(body.includes('&lt;b&gt;Kent&lt;/b&gt;') && !body.includes('<b>Kent</b>'), 'escaped in the table and the chart');
  });

  test('a long window folds its per-day table in a <details>: the other charts stay outside the fold, the table whole inside it', async () => {
    const fold = (body: string) => /<details id="per-bucket-table"( open)?>\s*<summary>([^<]*)<\/summary>([\s\S]*?)<\/details>/.exec(body);
    const { body } = await insightPage(t, '?from=2026-01-01&to=2026-06-29');
    const [details, open, summary, inside] = fold(body)!;
    assert.equal(open, undefined, 'folded');
    assert.equal(summary, 'Each day in a table (180 days)');
    const rows = tableRows(inside!, 'Signatures per day');
    assert.equal(rows.length, 181, '180 days and the window’s total');
    assert.deepEqual([rows[0], rows[60], rows[179], rows[180]], [['2026-01-01', '0', '0', '0'], ['2026-03-02', '3', '0', '4'], ['2026-06-29', '0', '0', '5'], ['In this window', '5', '0', '5']]);
    assert.doesNotMatch(inside!, /<svg/, 'no chart inside the fold');
    const outside = body.replace(details!, '');
    for (const chart of ['per-bucket-chart', 'running-total-chart', 'countries-chart', 'regions-chart', 'utm-sources-chart', 'referrers-chart']) assert.match(outside, new RegExp(`<svg [^>]*aria-labelledby="${chart}-title`), chart);
    assert.ok(body.indexOf('running-total-chart') < body.indexOf(details!) && body.indexOf(details!) < body.indexOf('id="countries"'), 'the time charts before the fold, the groups after it');
    // 14 days show unfolded, 15 fold.
    assert.equal(fold((await insightPage(t, '?from=2026-03-01&to=2026-03-14')).body)![1], ' open');
    assert.equal(fold((await insightPage(t, '?from=2026-03-01&to=2026-03-15')).body)![1], undefined);
    assert.equal(fold((await insightPage(t, '?from=2026-03-01&to=2026-03-01')).body)![2], 'Each day in a table (1 day)');
  });

  test('a day window ends at midnight: the signature at 23:59:59.999 is in, the next day’s first is not', async () => {
    const { body } = await insightPage(t, '?from=2026-03-01&to=2026-03-01');
    assert.deepEqual(tableRows(body, 'Signatures per day'), [['2026-03-01', '1', '0', '1'], ['In this window', '1', '0', '1']]);
    assert.deepEqual(tableRows(body, 'By country'), [['United Kingdom (GB)', '1', '100.0 %'], ['All', '1', '100.0 %']]);
  });

  test('over the petition’s life, the charts add up to the petition page’s totals', async () => {
    const totals = await petitionTotals(t);
    assert.equal(totals['Counted'], '5');
    assert.deepEqual(await lifeTotals(t), [totals['Counted'], totals['Invalidated']]);
    await assertKeptCounts();
  });
});

describe('the counts follow what happens to signatures', () => {
  test('hiding changes nothing; invalidating, bulk invalidation and its undo, withdrawal and erasure move them', async () => {
    const t = await newPetition('Moderated');
    const day = '2026-04-10';
    const ids: number[] = [];
    for (const utm of ['spam', 'spam', 'ok', 'ok']) ids.push(await sign(t, `${day}T10:00:00.000Z`, { country_code: 'DE' }, [['utm_source', utm]]));
    const token = newWithdrawalToken();
    const withdrawn = await sign(t, `${day}T11:00:00.000Z`, { country_code: 'DE' }, [['withdrawal_token', token]]);
    const dayRow = async () => tableRows((await insightPage(t, `?from=${day}&to=${day}`)).body, 'Signatures per day')[0]!.slice(1, 3);
    const agree = async (counted: string, invalidated: string) => {
      assert.deepEqual(await dayRow(), [counted, invalidated]);
      const totals = await petitionTotals(t);
      assert.deepEqual([totals['Counted'], totals['Invalidated']], [counted, invalidated]);
      assert.deepEqual(await lifeTotals(t), [counted, invalidated]);
      await assertKeptCounts();
    };
    await agree('5', '0');

    await f.client.get(`/admin/signatures/${ids[2]}`);
    assert.equal((await f.client.post(`/admin/signatures/${ids[2]}/hide`)).status, 303);
    await agree('5', '0');

    await f.client.get(`/admin/signatures/${ids[3]}`);
    assert.equal((await f.client.post(`/admin/signatures/${ids[3]}/invalidate`)).status, 303);
    await agree('4', '1');
    assert.deepEqual(tableRows((await insightPage(t)).body, 'By utm_source').slice(0, 2), [['spam', '2', '50.0 %'], ['No utm_source', '1', '25.0 %']]);

    const bulk = `/admin/petitions/${t.petitionId}/bulk-invalidation`;
    await f.client.get(bulk);
    assert.equal((await f.client.post(bulk, { utm_source: 'spam' })).status, 303);
    await agree('2', '3');
    assert.doesNotMatch((await insightPage(t)).body, />spam</, 'no bar for a source with no counted signature left');
    const batch = await readDatabase(f.t, async (db) => Number((await db.prepare<[number], { id: number }>('SELECT id FROM invalidation_batches WHERE petition_id = ?').get(t.petitionId))!.id));
    await f.client.get(bulk);
    assert.equal((await f.client.post(`/admin/invalidation-batches/${batch}/undo`)).status, 303);
    await agree('4', '1');

    assert.equal((await fetch(urlOf(f.t, `/withdraw/${token}`), { method: 'POST' })).status, 200);
    void withdrawn;
    await agree('3', '1');

    await f.client.get(`/admin/signatures/${ids[0]}`);
    assert.equal((await f.client.post(`/admin/signatures/${ids[0]}/erase`, { confirmed: 'yes' })).status, 303);
    await agree('2', '1');
  });

  test('the confirmation funnel: submitted, confirmed on the day it counts from, expired on the day its link did', async () => {
    const t = await newPetition('Confirmed signers', { confirm_signers: 'true' });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await sign(t, '2026-05-01T08:00:00.000Z', { country_code: 'IE' }));
    const confirmation = (await store.confirmationOfSignature.get(ids[0]!))!;
    assert.equal((await store.db.transaction(() => confirmWaiting(store, new ConfirmationRecheck(store, new SubmissionScreen(store)), confirmation, Date.parse('2026-05-02T09:30:00.000Z')))).kind, 'confirmed');
    await readDatabase(f.t, (db) => db.prepare<[number, number]>('UPDATE signature_confirmations SET expires_at = ? WHERE signature_id = ?').run(Date.parse('2026-05-08T08:00:00.000Z'), ids[1]!));
    assert.equal(await removeExpiredUnconfirmed(store, Date.now()), 1);

    // Submitted today (the signatures were moved back in time after the event was counted).
    const today = new Date().toISOString().slice(0, 10);
    const { body } = await insightPage(t, `?from=2026-05-01&to=${today}`);
    assert.deepEqual(tableRows(body, 'Confirmation funnel'), [['Submitted', '3', '100.0 %'], ['Confirmed', '1', '33.3 %'], ['Expired unconfirmed', '1', '33.3 %']]);
    assert.deepEqual(chartBars(body, 'funnel-chart'), [['Submitted', 3], ['Confirmed', 1], ['Expired unconfirmed', 1]]);
    const days = tableRows(body, 'Signatures per day');
    assert.deepEqual(days[0], ['2026-05-01', '0', '1', '0', '0'], 'the one still waiting, at its submission');
    assert.deepEqual(days[1], ['2026-05-02', '1', '0', '0', '1'], 'the confirmed one, on the day it counts from');
    const funnelOf = async (from: string, to: string) => tableRows((await insightPage(t, `?from=${from}&to=${to}`)).body, 'Confirmation funnel').map((row) => row[1]);
    assert.deepEqual(await funnelOf('2026-05-02', '2026-05-02'), ['0', '1', '0'], 'confirmed on the day it counts from');
    assert.deepEqual(await funnelOf('2026-05-08', '2026-05-08'), ['0', '0', '1'], 'expired on the day its link did');
    assert.deepEqual(await funnelOf('2026-05-09', '2026-05-09'), ['0', '0', '0']);
    assert.deepEqual(await funnelOf(today, today), ['3', '0', '0']);
    const totals = await petitionTotals(t);
    assert.deepEqual(await lifeTotals(t), [totals['Counted (confirmed)'], totals['Awaiting confirmation'], totals['Invalidated']]);
    await assertKeptCounts();
  });
});

describe('edges of the page', () => {
  test('an empty petition: zero in every bucket, no groups, and a running total of nothing', async () => {
    const t = await newPetition('Nobody yet');
    const { status, body } = await insightPage(t);
    assert.equal(status, 200);
    const rows = tableRows(body, 'Signatures per day');
    assert.deepEqual(rows[rows.length - 1], ['In this window', '0', '0', '0']);
    assert.ok(chartBars(body, 'per-bucket-chart').every(([, value]) => value === 0));
    assert.match(pageText(body), /By country No counted signature in this window\./);
  });

  test('20 groups are charted one by one; the 21st and 22nd are "all others", and every signature is in the table', async () => {
    const t = await newPetition('Many sources');
    // source01 has 3 signatures, source02 2, the rest 1 each: the order is by count, then by name.
    for (let i = 1; i <= 22; i++) {
      for (let n = 0; n < (i === 1 ? 3 : i === 2 ? 2 : 1); n++) await sign(t, '2026-04-01T10:00:00.000Z', {}, [['utm_source', `source${String(i).padStart(2, '0')}`]]);
    }
    const { body } = await insightPage(t, '?from=2026-04-01&to=2026-04-01&bucket=day');
    const bars = chartBars(body, 'utm-sources-chart');
    assert.equal(bars.length, 21, JSON.stringify(bars));
    assert.deepEqual(bars[0], ['source01', 3]);
    assert.deepEqual(bars[19], ['source20', 1]);
    assert.deepEqual(bars[20], ['All 2 others', 2], 'source21 and source22 together');
    const rows = tableRows(body, 'By utm_source');
    assert.deepEqual(rows[rows.length - 1], ['All', '25', '100.0 %']);
  });

  test('a window the form cannot take is said at its field, and nothing is charted', async () => {
    const t = await newPetition('Odd windows');
    for (const [query, message] of [
      ['?from=2026-02-30&to=2026-03-01', 'Enter the first day as a date, like 2026-03-01'],
      ['?from=2026-03-02&to=2026-03-01', 'The last day must be the same as the first day or after it'],
      ['?from=2026-01-01&to=2026-02-01&bucket=hour', 'Choose days, or a window of at most 31 days for hours'],
    ] as const) {
      const { status, body } = await insightPage(t, query);
      assert.equal(status, 400, query);
      assert.match(pageText(body), new RegExp(`There is a problem ${message}`), query);
      assert.doesNotMatch(body, /<svg/, query);
    }
    assert.equal((await insightPage(t, '?from=2026-01-01&to=2026-01-31&bucket=hour')).status, 200, '31 days by the hour');
  });
});
