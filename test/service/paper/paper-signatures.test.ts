// Paper signatures through the console: a sheet's preview lists its failing rows with their
// reasons and its duplicates (against online signers by canonical email, within the sheet and
// against earlier batches by name and postal code) and adds nothing; adding it counts and lists
// the new ones, marks them 'paper' in the export and on the petition page, audits ids and
// counts only; removing a batch restores the count and dense positions; the charts' kept counts
// follow throughout; the file and row limits hold at their boundary.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PAPER_ROW_LIMIT } from '../../../src/service/paper/paper-sheet.js';
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

/** The documented file limit (docs/paper-signatures.md), in bytes as uploaded. */
const FILE_LIMIT = 102_400;

function multipart(fields: Record<string, string | { file: string | Buffer }>): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----paper${Date.now()}`;
  const parts = Object.entries(fields).flatMap(([name, value]) =>
    typeof value === 'string'
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)]
      : [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="sheet.csv"\r\nContent-Type: text/csv\r\n\r\n`), Buffer.from(value.file), Buffer.from('\r\n')],
  );
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function preview(sheet: string | Buffer): Promise<ConsoleResponse> {
  await f.client.get(base());
  return f.client.request(`${base()}/preview`, { method: 'POST', ...multipart({ csrf: f.client.csrfToken()!, sheet: { file: sheet } }) });
}

function previewCounts(page: string): { toAdd: number; duplicates: number; failing: number } {
  const read = (id: string) => Number(new RegExp(`id="${id}">([\\d,]+)<`).exec(page)![1]!.replace(/,/g, ''));
  return { toAdd: read('paper-to-add'), duplicates: read('paper-duplicates'), failing: read('paper-failing') };
}

/** Presses "Add" on the preview page: the sheet goes back as the page carries it. */
async function addPreviewed(page: string): Promise<ConsoleResponse> {
  return addCarried(/name="sheet" value="([^"]*)"/.exec(page)![1]!);
}

async function addCarried(sheet: string): Promise<ConsoleResponse> {
  await f.client.get(base());
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
    // Each duplicate names the signature it matches (name, id, listed position) or the earlier row, never the signer's email or address.
    const grace = await readDatabase(t, async (db) =>
      (await db.prepare<[number], { id: number; listed_position: number }>("SELECT id, listed_position FROM signatures WHERE petition_id = ? AND first_name = 'Grace' AND channel = 'online'").get(t.petitionId))!);
    assert.match(text, new RegExp(`Row Same signer as 2 Grace Hopper \\(signature ${grace.id}, listed #${grace.listed_position}\\) 4 Row 3 of this sheet Rows that fail`));
    assert.match(answer.body, new RegExp(`<a href="/admin/signatures/${grace.id}">Grace Hopper</a>`));
    assert.doesNotMatch(text, /grace\.hopper|12 St James Square|1 Navy Way/i);
    assert.match(text, /Signers to add \(3\) Row Name Town 3 Alan Turing London 5 Alan Turing London 8 Emily, Jane Davison London Add 3/);
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

  test('a sheet saved as Windows-1252 reaches the preview, the list and the export as the right characters', async () => {
    // Windows-1252's own bytes, written out here: Latin-1 for é ü ö, and 0x80 €, 0x8C Œ, 0x93 “, 0x94 ” where Latin-1 has control codes.
    const special: Record<string, number> = { '€': 0x80, 'Œ': 0x8c, '“': 0x93, '”': 0x94 };
    const windows1252 = (text: string) => Buffer.from([...text].map((char) => special[char] ?? (char.charCodeAt(0) < 0x100 ? char.charCodeAt(0) : assert.fail(char))));
    const sheet = [HEADER, 'José,Müller,,“Haus” am €-Platz 1,Köln,,50667,DE,', 'Zoë,Œuvre,,2 Rue Neuve,Paris,,75001,FR,'].join('\r\n');
    const answer = await preview(windows1252(sheet));
    assert.equal(answer.status, 200, pageText(answer.body));
    const text = pageText(answer.body);
    assert.match(text, /The file is not UTF-8, so it was read as Windows-1252/);
    assert.match(text, /Signers to add \(2\) Row Name Town 2 José Müller Köln 3 Zoë Œuvre Paris Add 2/);
    assert.equal((await addPreviewed(answer.body)).status, 303);
    const names = (await everyListedThroughApi(t, t.petitionId)).map((s) => s.name);
    assert.ok(names.includes('José Müller') && names.includes('Zoë Œuvre'), names.join(', '));
    const [header, ...rows] = await exportRows();
    const column = (name: string) => header!.indexOf(name);
    const jose = rows.find((row) => row[column('first_name')] === 'José')!;
    assert.deepEqual([jose[column('last_name')], jose[column('address')], jose[column('city')]], ['Müller', '“Haus” am €-Platz 1', 'Köln']);
    assert.ok(rows.some((row) => row[column('last_name')] === 'Œuvre'));
  });

  test('UTF-16 with its byte order mark, either way round, and UTF-8 with one are read; UTF-16 without one is refused with how to save', async () => {
    const sheet = `${HEADER}\r\nSøren,Kierkegaard,,1 Nytorv,København,,1450,DK,\r\n`;
    const littleEndian = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sheet, 'utf16le')]);
    const bigEndian = Buffer.from(littleEndian).swap16();
    for (const [bytes, note] of [[littleEndian, /read as UTF-16LE/], [bigEndian, /read as UTF-16BE/], [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(sheet)]), null]] as const) {
      const text = pageText((await preview(bytes)).body);
      assert.match(text, /Signers to add \(1\) Row Name Town 2 Søren Kierkegaard København/);
      if (note) assert.match(text, note);
      else assert.doesNotMatch(text, /read as/);
    }
    const unmarked = await preview(Buffer.from(sheet, 'utf16le'));
    assert.equal(unmarked.status, 400);
    assert.match(pageText(unmarked.body), /The file is not CSV text: In Excel choose File, Save As, "CSV UTF-8 \(Comma delimited\)"/);
  });

  test('the file and row limits hold at their boundary, with the reason at the field', async () => {
    const row = 'Ada,Limit,,1 Edge Road,London,,SW1A 1AA,GB,';
    const exact = `${HEADER}\r\n${row}\r\n`;
    const padded = exact + '\n'.repeat(FILE_LIMIT - Buffer.byteLength(exact));
    assert.equal(Buffer.byteLength(padded), FILE_LIMIT);
    assert.equal((await preview(padded)).status, 200);
    const over = await preview(`${padded}\n`);
    assert.equal(over.status, 400);
    assert.match(over.body, /id="paper-sheet-error"[^>]*>.*must be 100 KB or smaller/s);
    // The add counts the bytes the preview counted, carried back in base64: one over is refused there too.
    const overCarried = await addCarried(Buffer.from(`${padded}\n`).toString('base64'));
    assert.equal(overCarried.status, 400);
    assert.match(overCarried.body, /id="paper-sheet-error"[^>]*>.*must be 100 KB or smaller/s);
    // A Latin-1 sheet at the limit: each é is one byte uploaded and two as UTF-8 text, and both steps take it.
    const latin = (bytes: number) => {
      const rows = Buffer.from(`${HEADER}\r\nZoé,Édith,,1 Edge Road,London,,SW1A 1AA,GB,\r\n`, 'latin1');
      return Buffer.concat([rows, Buffer.alloc(bytes - rows.length, 0xe9)]);
    };
    assert.equal(latin(FILE_LIMIT).length, FILE_LIMIT);
    const latinPreview = await preview(latin(FILE_LIMIT));
    assert.equal(latinPreview.status, 200, pageText(latinPreview.body));
    assert.match(pageText(latinPreview.body), /Zoé Édith/);
    assert.equal((await addPreviewed(latinPreview.body)).status, 303);
    assert.equal((await preview(latin(FILE_LIMIT + 1))).status, 400);
    assert.equal((await addCarried(latin(FILE_LIMIT + 1).toString('base64'))).status, 400);
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
