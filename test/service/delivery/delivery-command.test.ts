// `admin delivery PETITION_ID --out FILE`: the PDF written only its owner can read, audited
// by ids; a petition that does not exist or a path that cannot be written changes nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAdmin } from '../child-service.js';
import { newTestDatabase, withDatabase } from '../test-database.js';
import { pdfText } from './pdf-text.js';

describe('admin delivery', () => {
  let dir: string;
  let db: string;
  let petitionId: number;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'delivery-command-'));
    db = await newTestDatabase(dir);
    const created = runAdmin(['create-petition', '--db', db, '--title', 'Plant a thousand trees', '--target', 'The Parks Department']);
    petitionId = (created.json as { petition_id: number }).petition_id;
    assert.equal(runAdmin(['seed', '--db', db, '--petition', String(petitionId), '--count', '60']).status, 0);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const deliveryEntries = () =>
    withDatabase(db, (engine) => engine.prepare<[], { subject: string; detail: string }>("SELECT subject, detail FROM audit_log WHERE action = 'delivery prepared'").all());

  test('writes the PDF with mode 0600, even over a file others could read, and prints ids and numbers', async () => {
    const out = join(dir, 'delivery.pdf');
    writeFileSync(out, 'old');
    chmodSync(out, 0o644);
    const run = runAdmin(['delivery', '--db', db, String(petitionId), '--out', out]);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(statSync(out).mode & 0o777, 0o600);
    assert.deepEqual(run.json, { petition_id: petitionId, signatures: 60, bytes: statSync(out).size, names_not_printable: 0 });
    const pdf = await pdfText(new Uint8Array(readFileSync(out)));
    assert.match(pdf.pages[0]!, /Plant a thousand trees/);
    assert.match(pdf.pages[0]!, /To: The Parks Department/);
    assert.match(pdf.pages[0]!, /\n60 signatures\n/);
    assert.match(pdf.pages.at(-1)!, /\n60\.\n/);
    const entries = await deliveryEntries();
    assert.equal(entries.length, 1);
    assert.equal(entries[0]!.subject, `petition ${petitionId}`);
    assert.match(entries[0]!.detail, /^60 signatures through signature \d+, dated \d{4}-\d{2}-\d{2}$/);
  });

  test('seeded signers are numbered in signing order: #1 signed first, the last number signed last', async () => {
    const out = join(dir, 'order.pdf');
    assert.equal(runAdmin(['delivery', '--db', db, String(petitionId), '--out', out]).status, 0);
    const text = (await pdfText(new Uint8Array(readFileSync(out)))).pages.join('\n');
    const bySigning = await withDatabase(db, (engine) =>
      engine.prepare<[], { name: string; hidden: number }>("SELECT first_name || ' ' || last_name AS name, hidden FROM signatures ORDER BY signed_on, id").all());
    const shown = (row: { name: string; hidden: number }) => (row.hidden === 1 ? 'name withheld' : row.name);
    for (const [number, row] of [[1, bySigning[0]!], [2, bySigning[1]!], [60, bySigning[59]!]] as const) {
      assert.match(text, new RegExp(`\\n${number}\\.\\n \\n${shown(row).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`));
    }
  });

  test('an unknown petition, an unwritable path or a missing --out is refused, with nothing audited', async () => {
    const before = (await deliveryEntries()).length;
    const unknown = runAdmin(['delivery', '--db', db, '999', '--out', join(dir, 'unknown.pdf')]);
    assert.equal(unknown.status, 2);
    assert.equal(unknown.stderr, 'petition 999 not found\n');
    assert.ok(!existsSync(join(dir, 'unknown.pdf')));
    const nowhere = join(dir, 'no-such-folder', 'delivery.pdf');
    const unwritable = runAdmin(['delivery', '--db', db, String(petitionId), '--out', nowhere]);
    assert.equal(unwritable.status, 2);
    assert.equal(unwritable.stderr, `--out: cannot write ${nowhere} (ENOENT)\n`);
    const missing = runAdmin(['delivery', '--db', db, String(petitionId)]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /^--out: is required/);
    assert.equal(runAdmin(['delivery', '--db', db, 'abc', '--out', join(dir, 'x.pdf')]).status, 2);
    assert.equal((await deliveryEntries()).length, before);
  });
});
