// `admin import-paper` and `admin remove-paper-batch` as an operator runs them (the built CLI,
// npx tsc -p tsconfig.server.json first): a sheet is previewed (counts and row numbers, nothing
// saved), added with --confirm as one batch, and removed; the output names no signer; a file
// over the limit or that is no file is refused with a message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAdmin } from '../child-service.js';
import { newTestDatabase } from '../test-database.js';

const SHEET = [
  'first_name,last_name,email,address,city,postal_code,country_code',
  'Alan,Turing,,2 Bletchley Road,London,SW1A 1AA,GB',
  'Alan,Turing,,2 Bletchley Road,London,SW1A 1AA,GB',
  'Grace,Hopper,grace@example.org,1 Navy Way,London,SW1Y 4JH,GB',
  'Nameless,,,1 Road,London,SW1Y 4JH,GB',
].join('\n');

test('import-paper previews, adds with --confirm, and remove-paper-batch takes the batch out', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'paper-cli-'));
  try {
    const db = await newTestDatabase(dir);
    const { petition_id: petitionId } = runAdmin(['create-petition', '--db', db, '--title', 'Paper petition']).json as { petition_id: number };
    const file = join(dir, 'sheet.csv');
    writeFileSync(file, SHEET);
    const signatures = () => (runAdmin(['petition', '--db', db, String(petitionId)]).json as { signature_count: number }).signature_count;

    const previewed = runAdmin(['import-paper', '--db', db, String(petitionId), file]);
    assert.equal(previewed.status, 0, previewed.stderr);
    assert.deepEqual(previewed.json, {
      petition_id: petitionId,
      to_add: 2,
      duplicate_rows: [3],
      failing_rows: [{ row: 5, reasons: ['last_name: Enter your last name'] }],
    });
    assert.equal(signatures(), 0);

    const added = runAdmin(['import-paper', '--db', db, String(petitionId), file, '--confirm']);
    assert.equal(added.status, 0, added.stderr);
    const batchId = (added.json as { batch_id: number }).batch_id;
    assert.ok(Number.isInteger(batchId));
    assert.doesNotMatch(JSON.stringify(added.json), /Turing|Hopper|grace@/);
    assert.equal(signatures(), 2);

    const again = runAdmin(['import-paper', '--db', db, String(petitionId), file]);
    assert.deepEqual((again.json as { to_add: number; duplicate_rows: number[] }).duplicate_rows, [2, 3, 4]);

    const removed = runAdmin(['remove-paper-batch', '--db', db, String(batchId)]);
    assert.deepEqual(removed.json, { batch_id: batchId, petition_id: petitionId, removed: 2 });
    assert.equal(signatures(), 0);

    writeFileSync(file, 'x'.repeat(102_400 + 1));
    const tooLarge = runAdmin(['import-paper', '--db', db, String(petitionId), file]);
    assert.equal(tooLarge.status, 2);
    assert.match(tooLarge.stderr, /must be 100 KB or smaller/);
    const missing = runAdmin(['import-paper', '--db', db, String(petitionId), join(dir, 'nothing.csv')]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /is not a file that can be read/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
