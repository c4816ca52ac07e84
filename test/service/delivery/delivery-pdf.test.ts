// The delivery PDF for a petition's targets, read back with pdfjs: its first page (title,
// targets, overview, date, count), every counted signer in signing order with their town, a
// hidden one as "name withheld", no email, address or phone anywhere, Greek and Cyrillic names
// drawn as written, numbered pages; a POST with the console's CSRF token, audited by ids.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deliveryPdfStream } from '../../../src/service/delivery/delivery-pdf.js';
import { deliveryCounts } from '../../../src/service/delivery/delivery-counts.js';
import { deliveryJobs } from '../../../src/service/delivery/delivery-preparation.js';
import { createStore } from '../../../src/service/store/store.js';
import { pageText } from '../console-client.js';
import { readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually, getJson, grantedKey, signaturesPath, signerFields, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import { pdfText } from './pdf-text.js';
import type { PdfText } from './pdf-text.js';

const SEEDED = 130;
/** An A4 page less two 56 pt margins, 15 pt a row. */
const ROWS_PER_FULL_PAGE = 48;

const signers = {
  greek: { first_name: 'Ελένη', last_name: 'Παπαδοπούλου', city: 'Θεσσαλονίκη', email: 'eleni@example.org' },
  cyrillic: { first_name: 'Анна', last_name: 'Иванова', city: 'Новосибирск', email: 'anna@example.org' },
  unDrawable: { first_name: '王', last_name: '小明', city: 'Ñúñez Town', email: 'wang@example.org' },
  hidden: { first_name: 'Hester', last_name: 'Hiddenworth', city: 'Quietville', email: 'hester@example.org', phone: '+44 20 7946 0001' },
  invalidated: { first_name: 'Ivor', last_name: 'Invalidsworth', city: 'Gonetown', email: 'ivor@example.org' },
};

describe('the delivery PDF', () => {
  let f: ConsoleFixture;
  let t: TestService;
  let pdf: PdfText;
  let text: string;
  let counted: number;
  before(async () => {
    f = await startConsoleFixture();
    t = f.t;
    await t.admin.updatePetition(t.petitionId, {
      title: 'Keep the Riverside Library open',
      overview: 'The council plans to close the library in March. We ask it to keep it open.',
      targets: ['The Mayor of Exampleton', 'Exampleton City Council'],
    });
    await t.admin.seed(t.petitionId, SEEDED);
    const source = 'https://delivery.example.org/';
    const key = await grantedKey(t, source);
    for (const signer of Object.values(signers)) {
      assert.equal((await submitSignature(t, source, key, signerFields({ ...signer, address: `1 ${signer.last_name} Lane` }))).status, 202);
    }
    await eventually(() => getJson(t, signaturesPath(t.petitionId)), ({ body }) => body.signature_count === SEEDED + 5, 3000);
    const idOf = async (email: string) =>
      (await readDatabase(t, (db) => db.prepare<[string], { id: number }>('SELECT id FROM signatures WHERE email = ?').get(email)))!.id;
    await t.admin.hideName(await idOf(signers.hidden.email));
    const invalidated = await idOf(signers.invalidated.email);
    await f.client.get(`/admin/signatures/${invalidated}`);
    assert.equal((await f.client.post(`/admin/signatures/${invalidated}/invalidate`)).status, 303);
    // One seeded signer as if gathered on paper (src/service/paper/ adds them so): the count says so.
    await readDatabase(t, (db) => db.prepare("UPDATE signatures SET channel = 'paper' WHERE id = (SELECT MIN(id) FROM signatures)").run());
    counted = (await readDatabase(t, (db) => db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM signatures WHERE state = 'counted'").get()))!.n;
    pdf = await pdfText(await downloaded(200));
    text = pdf.pages.join('\n');
  });
  after(() => f.close());

  async function deliver(csrf?: string): Promise<Response> {
    await f.client.get(`/admin/petitions/${t.petitionId}`);
    const cookie = [...f.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return fetch(`${f.client.origin}/admin/petitions/${t.petitionId}/delivery`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(csrf === undefined ? { csrf: f.client.csrfToken()! } : csrf === '' ? {} : { csrf }).toString(),
    });
  }

  async function downloaded(status: number): Promise<Uint8Array> {
    const answer = await deliver();
    assert.equal(answer.status, status);
    assert.equal(answer.headers.get('content-type'), 'application/pdf');
    assert.equal(answer.headers.get('content-disposition'), `attachment; filename="petition-${t.petitionId}-delivery.pdf"`);
    assert.equal(answer.headers.get('transfer-encoding'), 'chunked', 'streamed, not built in memory first');
    return new Uint8Array(await answer.arrayBuffer());
  }

  test('the first page says what is asked, of whom, when, and how many counted signatures', () => {
    const first = pdf.pages[0]!;
    assert.match(first, /Keep the Riverside Library open/);
    assert.match(first, /To: The Mayor of Exampleton; Exampleton City Council/);
    assert.match(first.replace(/\n/g, ' '), /The council plans to close the library in March\. We ask it to keep it open\./);
    const today = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.now());
    assert.match(first, new RegExp(`Delivered on ${today}`));
    assert.equal(counted, SEEDED + 4, 'the invalidated signature does not count');
    assert.match(first, new RegExp(`\\n${counted} signatures: ${counted - 1} online, 1 on paper\\n`));
    assert.match(pdf.info, /"Title":"Keep the Riverside Library open"/);
  });

  test('every counted signer in signing order, numbered, on numbered pages of 48 rows', () => {
    const rowsOfPage = pdf.pages.map((page) => page.split('\n').filter((line) => /^\d+\.$/.test(line)).map((line) => Number(line.slice(0, -1))));
    assert.deepEqual(rowsOfPage.flat(), Array.from({ length: counted }, (_, i) => i + 1));
    const onFirst = rowsOfPage[0]!.length;
    assert.ok(onFirst > 0 && onFirst < ROWS_PER_FULL_PAGE);
    assert.equal(pdf.pages.length, 1 + Math.ceil((counted - onFirst) / ROWS_PER_FULL_PAGE));
    for (const rows of rowsOfPage.slice(1, -1)) assert.equal(rows.length, ROWS_PER_FULL_PAGE);
    pdf.pages.forEach((page, i) => assert.match(page, new RegExp(`^Page ${i + 1} of ${pdf.pages.length}$`, 'm')));
    // The five signed through the API after the seeded ones, in that order.
    assert.ok(text.indexOf('Ελένη Παπαδοπούλου') > text.indexOf('\n130.\n'));
    assert.ok(text.indexOf('Ελένη Παπαδοπούλου') < text.indexOf('Анна Иванова'));
  });

  test('names and towns as signed: Greek and Cyrillic drawn, one the font lacks does not break the file', () => {
    assert.match(text, /Ελένη Παπαδοπούλου\n\s*\nΘεσσαλονίκη, United Kingdom/);
    assert.match(text, /Анна Иванова\n\s*\nНовосибирск, United Kingdom/);
    assert.match(text, /Ñúñez Town, United Kingdom/);
  });

  test('a hidden signer is "name withheld"; an invalidated one is not there; no email, address or phone anywhere', async () => {
    assert.match(text, /name withheld\n\s*\nQuietville, United Kingdom/);
    assert.doesNotMatch(text, /Hester|Hiddenworth/);
    assert.doesNotMatch(text, /Invalidsworth|Gonetown/);
    const private_ = await readDatabase(t, (db) => db.prepare<[], { email: string; address: string; phone: string | null }>('SELECT email, address, phone FROM signatures').all());
    assert.equal(private_.length, SEEDED + 5);
    const everything = text + pdf.info;
    for (const { email, address, phone } of private_) {
      for (const value of [email, address, phone]) if (value) assert.ok(!everything.includes(value), `${value} is not in the PDF`);
    }
    assert.doesNotMatch(everything, /@example\.org|7946/);
  });

  test('with no embedded font, Helvetica stands in: Latin names as signed, others a placeholder, never a crash', async () => {
    const bytes = await readDatabase(t, async (db) => {
      const store = createStore(db);
      const petition = (await store.petitionById.get(t.petitionId))!;
      const stream = deliveryPdfStream(store, petition, await deliveryCounts(store, t.petitionId), { font: { faces: [] }, now: Date.now() }, deliveryJobs(() => {}).begin(t.petitionId));
      return new Uint8Array(await new Response(stream).arrayBuffer());
    });
    const standard = (await pdfText(bytes)).pages.join('\n');
    assert.match(standard, /Ñúñez Town, United Kingdom/);
    assert.match(standard, /\[name in a script this PDF cannot print\]\n\s*\n\[town in a script this PDF cannot print\]/, 'Ελένη Παπαδοπούλου of Θεσσαλονίκη cannot be drawn');
    assert.doesNotMatch(standard, /\?\?/);
    assert.match(standard, new RegExp(`\\n${counted}\\.\\n`));
  });

  test('a POST with the page’s CSRF token, audited by ids only; unknown petitions are not found', async () => {
    assert.equal((await deliver('')).status, 403);
    assert.equal((await deliver('forged')).status, 403);
    assert.equal((await f.client.get(`/admin/petitions/${t.petitionId}/delivery`)).status, 404);
    assert.equal((await f.client.post('/admin/petitions/99999/delivery')).status, 404);
    assert.equal((await f.client.post('/admin/petitions/not-a-number/delivery')).status, 404);
    const audit = pageText((await f.client.get('/admin/audit')).body);
    const entries = audit.match(/delivery prepared petition \d+ [^.]*?signatures through signature \d+, dated \d{4}-\d{2}-\d{2}/g) ?? [];
    assert.equal(entries.length, 1, 'the refused ones wrote nothing');
    assert.match(entries[0]!, new RegExp(`petition ${t.petitionId} ${counted} signatures`));
    assert.doesNotMatch(audit, /Ελένη|Quietville|(hester|eleni|anna|wang|ivor)@example\.org/);
  });
});
