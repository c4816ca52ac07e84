// Bad arguments to the admin commands, as an operator types them: one clear line per problem on
// stderr and exit 2 (a value refused; a usage error adds the usage), exit 1 for a database that
// cannot be opened, and never a stack trace.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAdmin } from './child-service.js';
import { newTestDatabase } from './test-database.js';

let dir: string;
let db: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'admin-arguments-'));
  db = await newTestDatabase(dir);
  assert.deepEqual(runAdmin(['create-petition', '--db', db, '--title', 'Old bridge']).json, { petition_id: 1 });
});
after(() => rmSync(dir, { recursive: true, force: true }));

function assertNoStackTrace(stderr: string): void {
  assert.doesNotMatch(stderr, /^\s+at /m, stderr);
  assert.doesNotMatch(stderr, /node_modules|\.ts:\d+|\.js:\d+/, stderr);
}

test('a value refused is its own line and nothing else: exit 2, no usage, no stack trace', () => {
  const cases: Array<[string[], string]> = [
    [['create-petition', '--title', 'T', '--url', 'www.example.org/old-bridge'], 'url: must start with https:// (or http://), like https://www.example.org/old-bridge'],
    [['create-petition', '--title', 'T', '--url', 'not a url'], 'url: must be a full web address starting with https:// (or http://), like https://www.example.org/save-the-park'],
    [['create-petition', '--title', 'T', '--image-url', 'example.org/bridge.png'], 'image_url: must start with https:// (or http://), like https://example.org/bridge.png'],
    [['update-petition', '1', '--url', 'www.example.org/old-bridge'], 'url: must start with https:// (or http://), like https://www.example.org/old-bridge'],
    [['create-petition', '--title', 'T', '--goal', '0'], 'goal: must be a whole number from 1 to 1,000,000,000'],
    [['create-petition', '--title', 'T', '--end-at', '2026-02-30T12:00:00Z'], 'end_at: must be a real date'],
    [['seed', '--petition', '1', '--count', '99999999999999'], 'count: must be a whole number from 1 to 10,000,000'],
    [['show-name', '999'], 'signature 999 not found'],
    [['hide-name', '999'], 'signature 999 not found'],
  ];
  for (const [args, line] of cases) {
    const answer = runAdmin([...args, '--db', db]);
    assert.equal(answer.status, 2, `${args.join(' ')}\n${answer.stderr}`);
    assert.equal(answer.stderr, `${line}\n`, args.join(' '));
  }
  assert.deepEqual((runAdmin(['petition', '1', '--db', db]).json as { url: unknown }).url, null, 'nothing was written');
});

test('a usage error names the argument, then the usage', () => {
  const answer = runAdmin(['show-name', 'first', '--db', db]);
  assert.equal(answer.status, 2);
  assert.match(answer.stderr, /^SIGNATURE_ID: must be a whole number from 1\n\nusage:/);
  assertNoStackTrace(answer.stderr);
});

test('a database that cannot be opened is one line saying which, why and what to do: exit 1', () => {
  const file = join(dir, 'a-file');
  writeFileSync(file, 'not a database, and long enough to be read as one: '.repeat(100));
  const restore = 'if --db names the right file, restore it from a backup; moving it aside starts an empty service, without its petitions, signatures, consumers and keys';
  const cases: Array<[string, string]> = [
    [dir, `the database ${dir} is a folder, not a file (EISDIR): check --db: it names the database file`],
    [join(file, 'service.db'), `the database ${join(file, 'service.db')} has a file in the way of its folder (ENOTDIR): check --db: it names the database file`],
    [file, `the database ${file} is not a database (SQLITE_NOTADB): ${restore}`],
    ['postgres://nobody@127.0.0.1:1/petitions', 'the database postgres://nobody@127.0.0.1:1/petitions cannot be opened for writing (ECONNREFUSED)'],
  ];
  for (const [database, line] of cases) {
    const answer = runAdmin(['petition', '1', '--db', database]);
    assert.equal(answer.status, 1, `${database}\n${answer.stderr}`);
    assert.equal(answer.stderr, `admin command not run: ${line}\n`);
    assertNoStackTrace(answer.stderr);
  }
  // A file that is not a database keeps its mode: readable by others, as it was.
  chmodSync(file, 0o644);
  assert.equal(runAdmin(['petition', '1', '--db', file]).status, 1);
  assert.equal(statSync(file).mode & 0o777, 0o644);
});
