// Paper signatures through the console: a sheet's preview lists its failing rows with their
// reasons and its duplicates (against online signers by canonical email, within the sheet and
// against earlier batches by name and postal code) and adds nothing; adding it counts and lists
// the new ones, marks them 'paper' in the export and on the petition page, audits ids and
// counts only; removing a batch restores the count and dense positions; the charts' kept counts
// follow throughout; the file and row limits hold at their boundary.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PAPER_FILE_LIMIT_BYTES, PAPER_ROW_LIMIT } from '../../../src/service/paper/paper-sheet.js';
import { pageText } from '../console-client.js';
import type { ConsoleResponse } from '../console-client.js';
import { assertDense, everyListedThroughApi, readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { getJson, grantedKey, signerFields, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import { assertCountsMatchSignatures } from '../insight/insight-reading.js';

let f: ConsoleFixture;
let t: TestService;
let key: string;
const source = 'https://www.example.org/paper';
const pid = process.pid;
const base = () => `/admin/petitions/${t.petitionId}/paper`;
const HEADER = 'first_name,last_name,email,address,city,state_province,postal_code,country_code,hidden';

async function signOnline(overrides: Record<string, string> = {}): Promise<void> {
  const response = await submitSignature(t, source, key, signerFields(overrides));
  assert.equal(response.status, 202, await response.text());
}

async function count(): Promise<number> {
  return (await getJson(t, `/v1/petitions/${t.petitionId}`)).body.signature_count;
}

function multipart(fields: Record<string, string | { file: string }>): { body: string; headers: Record<string, string> } {
  const boundary = `----paper${Date.now()}`;
  const parts = Object.entries(fields).map(([name, value]) =>
    typeof value === 'string'
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="sheet.csv"\r\nContent-Type: text/csv\r\n\r\n${value.file}\r\n`,
  );
  return { body: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function preview(sheet: string): Promise<ConsoleResponse> {
  await f.client.get(base());
  return f.client.request(`${base()}/preview`, { method: 'POST', ...multipart({ csrf: f.client.csrfToken()!, sheet: { file: sheet } }) });
}

function previewCounts(page: string): { toAdd: number; duplicates: number; failing: number } {
  const read = (id: string) => Number(new RegExp(`id="${id}">([\\d,]+)<`).exec(page)![1]!.replace(/,/g, ''));
  return { toAdd: read('paper-to-add'), duplicates: read('paper-duplicates'), failing: read('paper-failing') };
}

/** Presses "Add" on the preview page: the sheet goes back as the page carries it. */
async function addPreviewed(page: string): Promise<ConsoleResponse> {
  const carried = /name="sheet" value="([^"]*)"/.exec(page)![1]!;
  const sheet = carried.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return f.client.request(base(), { method: 'POST', ...multipart({ csrf: f.client.csrfToken()!, sheet }) });
}

async function paperBatchIds(): Promise<number[]> {
  return readDatabase(t, async (db) =>
    (await db.prepare<[number], { id: number }>('SELECT id FROM paper_batches WHERE petition_id = ? ORDER BY id').all(t.petitionId)).map((row) => Number(row.id)),
  );
}

async function exportRows(): Promise<string[][]> {
  await f.client.get(`/admin/petitions/${t.petitionId}`);
  const csv = (await f.client.post(`/admin/petitions/${t.petitionId}/export`)).body.replace(/^\uFEFF/, '');
  return csv.trim().split('\r\n').map((line) => [...line.matchAll(/"((?:[^"]|"")*)"|([^,]+)/g)].map((m) => m[1] ?? m[2]!));
}

async function chartsMatch(): Promise<void> {
  await readDatabase(t, (db) => assertCountsMatchSignatures(db));
}

const FIRST_SHEET = [
  HEADER,
  `Grace,Hopper,GRACE.Hopper.${pid}@Example.ORG,1 Navy Way,Arlington,,SW1Y 4JH,GB,`,
  'Alan,Turing,,2 Bletchley Road,London,,SW1A 1AA,GB,',
  'alan,TURING,,9 Other Street,London,,sw1a1aa,GB,',
  'Alan,Turing,,3 Sherborne Lane,London,,SW1A 2AA,GB,',
  ',Nobody,,4 Nowhere,London,,ZZZ,GB,',
  'Too,Few,,fields',
  `"Emily, Jane",Davison,emily.${pid}@example.org,"5 ""Suffrage"" Row",London,,EC1A 1BB,GB,true`,
].join('\r\n');

before(async () => {
  f = await startConsoleFixture();
  t = f.t;
  key = await grantedKey(t, source);
  await t.admin.seed(t.petitionId, 5);
  await signOnline({ email: `grace.hopper.${pid}@example.org`, first_name: 'Grace', last_name: 'Hopper' });
  await signOnline();
});
after(() => f.close());

describe('paper signatures', () => {
  test('the preview counts what would be added, lists failing rows with reasons and duplicates, and saves nothing', async () => {
    const before = await count();
    const answer = await preview(FIRST_SHEET);
    assert.equal(answer.status, 200, pageText(answer.body));
    assert.deepEqual(previewCounts(answer.body), { toAdd: 3, duplicates: 2, failing: 2 });
    const text = pageText(answer.body);
    assert.match(text, /Duplicate rows: 2, 4\./);
    assert.match(text, /6 first_name: Enter your first name postal_code: Enter a postal code like/);
    assert.match(text, /7 The row has 4 fields where the header has 9/);
    assert.equal(await count(), before);
    assert.deepEqual(await paperBatchIds(), []);
  });

  test('adding the previewed sheet counts and lists its signers as paper, audited by ids and counts', async () => {
    const before = await count();
    const answer = await addPreviewed((await preview(FIRST_SHEET)).body);
    assert.equal(answer.status, 303, pageText(answer.body));
    assert.equal(await count(), before + 3);
    await assertDense(t, t.petitionId);
    const names = (await everyListedThroughApi(t, t.petitionId)).map((s) => s.name);
    assert.equal(names.filter((name) => name === 'Alan Turing').length, 2);
    assert.ok(!names.includes('Emily, Jane Davison'), 'a hidden paper signer is not listed');
    const [header, ...rows] = await exportRows();
    const column = (name: string) => header!.indexOf(name);
    assert.equal(header!.at(-1), 'channel');
    const paper = rows.filter((row) => row[column('channel')] === 'paper');
    assert.equal(paper.length, 3);
    assert.deepEqual(paper.map((row) => row[column('email')]).sort(), ['', '', `emily.${pid}@example.org`]);
    assert.equal(rows.filter((row) => row[column('channel')] === 'online').length, rows.length - 3);
    const petitionPage = pageText((await f.client.get(`/admin/petitions/${t.petitionId}`)).body);
    assert.match(petitionPage, new RegExp(`${before + 3} signatures, including 3 on paper`));
    const audit = pageText((await f.client.get('/admin/audit')).body);
    assert.match(audit, /paper signatures added petition \d+ batch \d+: 3 added, 2 duplicates, 2 failing/);
    assert.doesNotMatch(audit, /Turing|Davison|Hopper/);
    await chartsMatch();
  });

  test('a later batch: rows without email match earlier ones by name and postal code, a look-alike elsewhere does not', async () => {
    await signOnline();
    const sheet = [
      HEADER,
      'ALAN,turing,,7 Any Road,London,,SW1A 1AA,GB,',
      'Alan,Turing,,8 Any Road,London,,SW1A 3AA,GB,',
      `Grace,Hopper,Grace.Hopper.${pid}@EXAMPLE.org,1 Navy Way,Arlington,,SW1Y 4JH,GB,`,
    ].join('\n');
    const page = (await preview(sheet)).body;
    assert.deepEqual(previewCounts(page), { toAdd: 1, duplicates: 2, failing: 0 });
    assert.equal((await addPreviewed(page)).status, 303);
    await chartsMatch();
  });

  test('removing a batch takes its signatures out of the count, the list and the charts, positions dense', async () => {
    const [first, second] = await paperBatchIds();
    const before = await count();
    const listedBefore = (await everyListedThroughApi(t, t.petitionId)).length;
    const confirm = await f.client.get(`/admin/paper-batches/${first}/remove`);
    assert.match(pageText(confirm.body), /3 of them count now/);
    const answer = await f.client.post(`/admin/paper-batches/${first}/remove`);
    assert.equal(answer.status, 303, pageText(answer.body));
    assert.equal(await count(), before - 3);
    await assertDense(t, t.petitionId);
    const listed = await everyListedThroughApi(t, t.petitionId);
    assert.equal(listed.length, listedBefore - 2);
    assert.equal(listed.filter((s) => s.name === 'Alan Turing').length, 1, 'the second batch stays');
    await chartsMatch();
    const again = await f.client.post(`/admin/paper-batches/${first}/remove`);
    assert.equal(again.status, 409);
    assert.match(pageText((await f.client.get('/admin/audit')).body), new RegExp(`paper batch removed petition \\d+ batch ${first}: 3 signatures removed`));
    assert.ok(second);
  });

  test('a paper signer without an email is found by name, shown as paper, and erased by id like any signer', async () => {
    const before = await count();
    const search = await f.client.get(`/admin/petitions/${t.petitionId}/signatures?q=${encodeURIComponent('turing')}`);
    const ids = [...search.body.matchAll(/href="\/admin\/signatures\/(\d+)"/g)].map((m) => Number(m[1]));
    assert.equal(ids.length, 1, 'the second batch’s Alan Turing');
    const signaturePage = pageText((await f.client.get(`/admin/signatures/${ids[0]}`)).body);
    assert.match(signaturePage, /Email address – \(none on the paper form\)/);
    assert.match(signaturePage, /Gathered On paper \(batch \d+\)/);
    const erased = await f.client.post(`/admin/signatures/${ids[0]}/erase`, { confirmed: 'yes' });
    assert.equal(erased.status, 303, pageText(erased.body));
    assert.equal(await count(), before - 1);
    await assertDense(t, t.petitionId);
    await chartsMatch();
  });

  test('the file and row limits hold at their boundary, with the reason at the field', async () => {
    const row = 'Ada,Limit,,1 Edge Road,London,,SW1A 1AA,GB,';
    const exact = `${HEADER}\r\n${row}\r\n`;
    const padded = exact + '\n'.repeat(PAPER_FILE_LIMIT_BYTES - Buffer.byteLength(exact));
    assert.equal(Buffer.byteLength(padded), PAPER_FILE_LIMIT_BYTES);
    assert.equal((await preview(padded)).status, 200);
    const over = await preview(`${padded}\n`);
    assert.equal(over.status, 400);
    assert.match(over.body, /id="paper-sheet-error"[^>]*>.*must be 100 KB or smaller/s);
    // Carried back by the preview's form, the sheet's line breaks come as CRLF: the limit is the file's.
    const carried = async (sheet: string) => {
      await f.client.get(base());
      return f.client.request(base(), { method: 'POST', ...multipart({ csrf: f.client.csrfToken()!, sheet: sheet.replace(/\r?\n/g, '\r\n') }) });
    };
    const lines = `${HEADER}\n${row}\n`;
    const atLimit = lines + '\n'.repeat(PAPER_FILE_LIMIT_BYTES - Buffer.byteLength(lines));
    assert.equal((await carried(`${atLimit}\n`)).status, 400);
    assert.equal((await carried(atLimit)).status, 303);
    const many = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => `Ada,Row${i},,1 Edge Road,London,,SW1A 1AA,GB,`)].join('\n');
    assert.deepEqual(previewCounts((await preview(many(PAPER_ROW_LIMIT))).body), { toAdd: PAPER_ROW_LIMIT, duplicates: 0, failing: 0 });
    const tooMany = await preview(many(PAPER_ROW_LIMIT + 1));
    assert.equal(tooMany.status, 400);
    assert.match(pageText(tooMany.body), new RegExp(`The file has ${PAPER_ROW_LIMIT + 1} signers: at most ${PAPER_ROW_LIMIT}`));
    const unknownColumn = await preview('first_name,surname\nAda,Lovelace');
    assert.equal(unknownColumn.status, 400);
    assert.match(pageText(unknownColumn.body), /not signer fields: surname/);
  });
});
