// The delivery PDF in every script the form accepts: signers from Cairo to Seoul signed through
// the service's API, the console's PDF read back by pdftotext (poppler) and pdfjs (Firefox), each
// name and town as written, in logical order; Arabic letters joined; a name in a script no font
// here covers is a placeholder, counted for the operator, never boxes.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { findDeliveryFont } from '../../../src/service/delivery/delivery-font.js';
import { startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually, getJson, grantedKey, signaturesPath, signerFields, submitSignature } from '../harness.js';
import { pdfText } from './pdf-text.js';
import { arabicLetterForms, pdftotextLayout, readRows } from './pdf-rows.js';

/** [first name, last name, city]; numbered in the order they sign. */
const SIGNERS = {
  arabic: ['محمد', 'علي', 'القاهرة'],
  hebrew: ['דוד', 'כהן', 'תל אביב'],
  persian: ['زهرا', 'احمدی', 'تهران'],
  hindi: ['प्रिया', 'शर्मा', 'नई दिल्ली'],
  bengali: ['সৌমিত্র', 'চট্টোপাধ্যায়', 'কলকাতা'],
  chinese: ['王', '小明', '北京'],
  japanese: ['花子', '山田', '東京'],
  korean: ['민준', '김', '서울'],
  greek: ['Ελένη', 'Παπαδοπούλου', 'Θεσσαλονίκη'],
  russian: ['Анна', 'Иванова', 'Новосибирск'],
  latin: ['François', 'Đặng Müller', 'Łódź'],
  cherokee: ['ᏣᎳᎩ', 'ᎦᏬᏂᎯᏍᏗ', 'Tahlequah'],
} as const;
const ROWS = Object.values(SIGNERS).map(([first, last, city], index) => ({ number: index + 1, name: `${first} ${last}`, town: `${city}, United Kingdom` }));
const CHEROKEE = Object.keys(SIGNERS).indexOf('cherokee') + 1;
describe('the delivery PDF in every script', () => {
  let f: ConsoleFixture;
  let bytes: Uint8Array;
  before(async () => {
    const faces = findDeliveryFont().faces.map((face) => face.name);
    assert.ok(['Arabic', 'Devanagari', 'CJK-SC'].every((name) => faces.includes(name)) && spawnSync('pdftotext', ['-v']).status === 0,
      'this test needs Noto and pdftotext: apt-get install fonts-noto-core fonts-noto-cjk poppler-utils (.ci/run does)');
    f = await startConsoleFixture();
    const { t } = f;
    const source = 'https://scripts.example.org/';
    const key = await grantedKey(t, source);
    for (const [first_name, last_name, city] of Object.values(SIGNERS)) {
      assert.equal((await submitSignature(t, source, key, signerFields({ first_name, last_name, city }))).status, 202);
    }
    await eventually(() => getJson(t, signaturesPath(t.petitionId)), ({ body }) => body.signature_count === ROWS.length, 3000);
    await f.client.get(`/admin/petitions/${t.petitionId}`);
    const answer = await fetch(`${f.client.origin}/admin/petitions/${t.petitionId}/delivery`, {
      method: 'POST',
      headers: { cookie: [...f.client.cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: f.client.csrfToken()! }).toString(),
    });
    assert.equal(answer.status, 200);
    bytes = new Uint8Array(await answer.arrayBuffer());
  });
  after(() => f.close());

  const expected = (row: (typeof ROWS)[number]) => (row.number === CHEROKEE ? { ...row, name: '[name in a script this PDF cannot print]' } : row);

  test('pdftotext reads every name and town as written, in logical order', () => {
    const rows = pdftotextLayout(bytes);
    for (const row of ROWS) {
      const { number, name, town } = expected(row);
      assert.equal(rows.get(number), `${number}. ${name} ${town}`);
    }
  });

  test('pdfjs reads every name and town as written, in logical order', async () => {
    const rows = readRows((await pdfText(bytes.slice())).pages[0]!);
    for (const row of ROWS) {
      const { number, name, town } = expected(row);
      assert.equal(rows.get(number), `${number}. ${name} ${town}`);
    }
  });

  test('Arabic letters are joined: the meem of محمد is drawn in two forms, not once isolated', async () => {
    assert.ok((await arabicLetterForms(bytes, 'م')) >= 2);
  });

  test('the name no font covers is a placeholder, and the operator is told how many (log line, petition page), never which', async () => {
    const line = await eventually(async () => f.t.logs.find((entry) => /delivery PDF of petition \d+ finished/.test(entry)), (entry) => entry !== undefined, 3000);
    assert.match(line!, new RegExp(`${ROWS.length} signatures, 1 page, 1 name or town in a script no font here can print`));
    assert.doesNotMatch(f.t.logs.join('\n'), /ᏣᎳᎩ|ᎦᏬᏂᎯᏍᏗ/);
    const petitionPage = (await f.client.get(`/admin/petitions/${f.t.petitionId}`)).body;
    assert.match(petitionPage, new RegExp(`<p id="last-delivery">The last delivery PDF: finished: ${ROWS.length} signatures, 1 page, 1 name or town in a script no font here can print\\.</p>`));
    assert.doesNotMatch(petitionPage, /ᏣᎳᎩ/);
  });
});
