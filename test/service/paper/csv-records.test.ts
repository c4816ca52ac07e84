// The CSV reader of paper sheets against RFC 4180: quoted commas, line breaks and doubled quotes,
// CRLF or LF, a byte order mark, blank trailing lines; and what it refuses, with the record named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readCsvRecords } from '../../../src/service/paper/csv-records.js';

test('fields as RFC 4180 quotes them, records by CRLF or LF, a BOM and blank lines dropped', () => {
  const read = readCsvRecords('\uFEFFa,b,c\r\n"x, y","line\r\nbreak","say ""hi"""\n,,\r\n\r\n\n');
  assert.deepEqual(read, { ok: true, records: [['a', 'b', 'c'], ['x, y', 'line\r\nbreak', 'say "hi"'], ['', '', '']] });
  assert.deepEqual(readCsvRecords('a,b'), { ok: true, records: [['a', 'b']] });
});

test('a quote never closed, or inside an unquoted field, is refused naming its record', () => {
  assert.deepEqual(readCsvRecords('a,b\n"open,c\n'), { ok: false, problem: 'Record 2 opens a quote that is never closed' });
  const stray = readCsvRecords('a,b\nx"y,z');
  assert.equal(stray.ok, false);
  assert.match(!stray.ok ? stray.problem : '', /^Record 2 has a quote inside an unquoted field/);
});
