// The CSV export a petition's target receives: UTF-8 with a byte order mark, every cell quoted,
// cells a spreadsheet would run as a formula neutralised, counted signatures only (hidden ones
// marked), a POST with the console's CSRF token, and an audit entry.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { csvCell } from '../../../src/service/signatures/csv-cell.js';
import { EXPORT_COLUMNS } from '../../../src/service/signatures/signature-export.js';
import { pageText } from '../console-client.js';
import { readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually, getJson, grantedKey, signaturesPath, signerFields, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';

/** RFC 4180 records: quoted cells, doubled quotes, CRLF between records. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') record.push(cell), (cell = '');
    else if (char === '\r' && text[i + 1] === '\n') record.push(cell), records.push(record), (record = []), (cell = ''), i++;
    else cell += char;
  }
  return records;
}

describe('CSV cells', () => {
  test('a cell that starts a formula (= + - @, or a tab or carriage return before one) is neutralised with a quote mark', () => {
    assert.equal(csvCell('=HYPERLINK("http://evil.example","x")'), `"'=HYPERLINK(""http://evil.example"",""x"")"`);
    assert.equal(csvCell('+44 20 7946 0000'), `"'+44 20 7946 0000"`);
    assert.equal(csvCell('-2+3'), `"'-2+3"`);
    assert.equal(csvCell('@SUM(A1)'), `"'@SUM(A1)"`);
    assert.equal(csvCell('\t=1'), `"'\t=1"`);
    assert.equal(csvCell('\r=1'), `"'\r=1"`);
  });

  test('every other cell is quoted as it is: commas, quotes and line breaks stay inside it', () => {
    assert.equal(csvCell('Ada Lovelace'), '"Ada Lovelace"');
    assert.equal(csvCell('a,b\r\nc "d"'), '"a,b\r\nc ""d"""');
    assert.equal(csvCell('1=1'), '"1=1"');
    assert.equal(csvCell(''), '""');
  });
});

describe('exporting a petition’s signatures', () => {
  let f: ConsoleFixture;
  let t: TestService;
  before(async () => {
    f = await startConsoleFixture();
    t = f.t;
    await t.admin.seed(t.petitionId, 40);
    const source = 'https://export.example.org/';
    const key = await grantedKey(t, source);
    const hostile = {
      first_name: '=HYPERLINK("http://evil.example","Click")',
      last_name: 'Ñúñez',
      email: 'hostile@example.org',
      city: '-Dashville',
      phone: '+44 20 7946 0000',
      reason: '@SUM(1+1)\ttab',
    };
    assert.equal((await submitSignature(t, source, key, signerFields(hostile))).status, 202);
    const looselyWritten = { email: 'loose@example.org', country_code: 'us', state_province: 'california', postal_code: '95014 2083' };
    assert.equal((await submitSignature(t, source, key, signerFields(looselyWritten))).status, 202);
    await eventually(() => getJson(t, signaturesPath(t.petitionId)), ({ body }) => body.signature_count === 42, 3000);
  });
  after(() => f.close());

  async function exportCsv(): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
    await f.client.get(`/admin/petitions/${t.petitionId}`);
    return f.client.post(`/admin/petitions/${t.petitionId}/export`);
  }

  test('UTF-8 with a byte order mark, a header, and one row per counted signature, hidden ones marked', async () => {
    const invalidated = (await readDatabase(t, (db) => db.prepare<[], { id: number }>('SELECT id FROM signatures WHERE hidden = 0 LIMIT 1').get()))!.id;
    await f.client.get(`/admin/signatures/${invalidated}`);
    await f.client.post(`/admin/signatures/${invalidated}/invalidate`);

    const answer = await exportCsv();
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['content-type'], 'text/csv; charset=utf-8');
    assert.match(String(answer.headers['content-disposition']), new RegExp(`^attachment; filename="petition-${t.petitionId}-signatures-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    assert.equal(answer.headers['transfer-encoding'], 'chunked', 'streamed, not built in memory first');
    assert.ok(answer.body.startsWith('\uFEFF'));
    const [header, ...rows] = parseCsv(answer.body.slice(1));
    assert.deepEqual(header, [...EXPORT_COLUMNS]);
    assert.equal(rows.length, 41, '42 signatures, one invalidated');
    assert.ok(!rows.some((row) => row[0] === String(invalidated)));
    const listed = rows.map((row) => row[EXPORT_COLUMNS.indexOf('listed')]);
    assert.equal(listed.filter((value) => value === 'no').length, (await readDatabase(t, (db) => db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM signatures WHERE hidden = 1 AND state = 'counted'").get()))!.n);
  });

  test('cells that would run as formulas in a spreadsheet are neutralised; other text is as signed', async () => {
    const rows = parseCsv((await exportCsv()).body.slice(1));
    const hostile = rows.find((row) => row[EXPORT_COLUMNS.indexOf('email')] === 'hostile@example.org')!;
    const cell = (name: (typeof EXPORT_COLUMNS)[number]) => hostile[EXPORT_COLUMNS.indexOf(name)];
    assert.equal(cell('first_name'), `'=HYPERLINK("http://evil.example","Click")`);
    assert.equal(cell('last_name'), 'Ñúñez');
    assert.equal(cell('city'), `'-Dashville`);
    assert.equal(cell('phone'), `'+44 20 7946 0000`);
    assert.equal(cell('reason'), `'@SUM(1+1)\ttab`);
    for (const row of rows) {
      for (const value of row) assert.doesNotMatch(value, /^[=+\-@\t\r]/, `no cell starts a formula: ${value}`);
    }
  });

  test('postal codes and subdivisions are exported as stored: the post\'s layout and the data\'s key', async () => {
    const rows = parseCsv((await exportCsv()).body.slice(1));
    const loose = rows.find((row) => row[EXPORT_COLUMNS.indexOf('email')] === 'loose@example.org')!;
    const cell = (name: (typeof EXPORT_COLUMNS)[number]) => loose[EXPORT_COLUMNS.indexOf(name)];
    assert.deepEqual([cell('state_province'), cell('postal_code'), cell('country_code')], ['CA', '95014-2083', 'US']);
  });

  test('the export is a POST with the page’s CSRF token, and the audit log records it', async () => {
    const forged = await f.client.post(`/admin/petitions/${t.petitionId}/export`, { csrf: null });
    assert.equal(forged.status, 403);
    assert.doesNotMatch(forged.body, /hostile@example\.org/);
    assert.equal((await f.client.get(`/admin/petitions/${t.petitionId}/export`)).status, 404);
    await exportCsv();
    assert.match(pageText((await f.client.get('/admin/audit')).body), new RegExp(`operator@example\\.org signatures exported petition ${t.petitionId}`));
  });
});
