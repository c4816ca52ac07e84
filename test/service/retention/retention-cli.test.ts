// The retention period on the command line, through the built CLI (run `npx tsc -p
// tsconfig.server.json` first): the service's flag and its environment variable, and a petition's
// own period through `admin update-petition`, each refused at 0 and 3651 with one line, exit 2.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtCli } from '../../../support/built-cli.js';
import { runAdmin } from '../child-service.js';
import { newTestDatabase } from '../test-database.js';

let dir: string;
let db: string;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'retention-cli-'));
  db = await newTestDatabase(dir);
  assert.deepEqual(runAdmin(['create-petition', '--db', db, '--title', 'Old bridge']).json, { petition_id: 1 });
});
after(() => rmSync(dir, { recursive: true, force: true }));

const RULE = "retain_days_after_close: must be a whole number of days from 1 to 3650, or default for the service's";

test("update-petition sets the petition's own period from 1 to 3650 days, and default gives it back to the service's", () => {
  for (const days of ['0', '3651', 'never']) {
    const answer = runAdmin(['update-petition', '1', '--db', db, '--title', 'Renamed', '--retain-days-after-close', days]);
    assert.equal(answer.status, 2, answer.stderr);
    assert.equal(answer.stderr, `${RULE}\n`);
  }
  assert.equal((runAdmin(['petition', '1', '--db', db]).json as { title: string }).title, 'Old bridge', 'a refused period changes nothing');
  for (const [days, own] of [['1', 1], ['3650', 3650], ['default', null]] as const) {
    const answer = runAdmin(['update-petition', '1', '--db', db, '--retain-days-after-close', days]);
    assert.equal(answer.status, 0, answer.stderr);
    assert.equal((answer.json as { retain_days_after_close: number | null }).retain_days_after_close, own);
  }
});

test('the service refuses a period outside 1 to 3650 days, from its flag or from PETITION_RETAIN_DAYS_AFTER_CLOSE', () => {
  const line = '--retain-days-after-close: must be a whole number of days from 1 to 3650';
  for (const days of ['0', '3651']) {
    const flag = spawnSync(process.execPath, [builtCli(), 'service', '--db', db, '--port', '0', '--retain-days-after-close', days], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(flag.status, 2, flag.stderr);
    assert.equal(flag.stderr.split('\n')[0], line);
    const env = spawnSync(process.execPath, [builtCli(), 'service', '--db', db, '--port', '0'], {
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, PETITION_RETAIN_DAYS_AFTER_CLOSE: days },
    });
    assert.equal(env.status, 2, env.stderr);
    assert.equal(env.stderr.split('\n')[0], line);
  }
});

/** The service's start lines (stdout) until the one that says whether retention is on, then it is stopped. */
async function retentionLine(args: string[]): Promise<string> {
  const child = spawn(process.execPath, [builtCli(), 'service', '--port', '0', '--db', db, ...args], { stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let stdout = '';
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no retention line: ${stdout}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const found = stdout.split('\n').find((logLine) => logLine.includes('retention: '));
      if (found === undefined) return;
      clearTimeout(timer);
      resolve(found);
    });
  });
  child.kill('SIGTERM');
  await exited;
  return line;
}

test('the service says at start whether retention is on: off without a period, the days with one', async () => {
  assert.match(await retentionLine([]), /retention: off \(no --retain-days-after-close\): signers' personal data is kept until an operator erases it, except on petitions given their own period$/);
  assert.match(await retentionLine(['--retain-days-after-close', '3650']), /retention: signers' personal data is erased 3650 days after their petition closes$/);
});
