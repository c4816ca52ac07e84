// A service started before its PostgreSQL (one `docker compose up`) waits for it with backoff,
// saying so, and serves once it comes; a database that answers and refuses is not waited for; the
// wait has an end (--db-wait) and a SIGTERM ends it with exit 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { LONGEST_RETRY_MS, retryDelayMs } from '../../src/service/store/engines/writable-engine.js';
import { setUp, useCluster } from './fixture.js';
import { builtCli } from '../../support/built-cli.js';

const cluster = useCluster();
const bin = builtCli();

interface Run {
  child: ChildProcess;
  stderr: () => string;
  stdout: () => string;
  exited: Promise<number | string | null>;
}

function service(args: string[]): Run {
  const child = spawn(process.execPath, [bin, 'service', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

/** Stops the cluster until the test ends; then the child is killed and the cluster started again. */
function databaseDown(t: { after(fn: () => void): void }, run?: () => Run | undefined): void {
  cluster().pause();
  t.after(() => {
    run?.()?.child.kill('SIGKILL');
    try {
      cluster().start();
    } catch {
      // Already started by the test.
    }
  });
}

async function until(what: string, check: () => boolean, run: Run, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline || run.child.exitCode !== null) assert.fail(`${what}; stderr:\n${run.stderr()}\nstdout:\n${run.stdout()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The log's lines without the time and level the default text format starts each with. */
const messagesOf = (stderr: string) => stderr.replace(/^\S+Z (INFO|WARN|ERROR) +/gm, '');

const waiting = (url: string, delay: string) =>
  `the database ${url} is not reachable yet (ECONNREFUSED): trying again in ${delay}, waiting 60 s in all\n`;

test('the backoff doubles from 0.5 s and stays at 10 s', () => {
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 100].map(retryDelayMs), [500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000]);
  assert.equal(LONGEST_RETRY_MS, 10_000);
});

test('a PostgreSQL down at start is waited for, with backoff, said at each try; the service serves once it comes', async (t) => {
  const s = await setUp();
  await s.admin.close();
  let run: Run | undefined;
  databaseDown(t, () => run);
  run = service(['--db', s.url, '--db-wait', '60']);
  await until('the second try was not announced', () => run.stderr().includes(waiting(s.url, '1 s')), run);
  assert.ok(messagesOf(run.stderr()).startsWith(waiting(s.url, '0.5 s') + waiting(s.url, '1 s')), run.stderr());
  assert.equal(run.stdout(), '', 'it does not say it listens before it has its database');
  cluster().start();
  await until('the service did not start once PostgreSQL came', () => /listening on (http:\S+\/v1)/.test(run.stdout()), run);
  assert.match(run.stderr(), new RegExp(`the database ${s.url.replace(/[/.]/g, '\\$&')} is reachable after \\d+(\\.\\d)? s: starting\\n`));
  const baseUrl = /listening on (http:\S+\/v1)/.exec(run.stdout())![1]!;
  const petition = await fetch(`${baseUrl}/petitions/${s.petitionId}?api_key=${s.consumer.api_key}`);
  assert.equal(petition.status, 200);
  run.child.kill('SIGTERM');
  assert.equal(await run.exited, 0);
});

test('the wait ends at --db-wait: the last pause is cut to fit, then exit 1 saying how long it waited', async (t) => {
  const s = await setUp();
  await s.admin.close();
  databaseDown(t);
  const started = Date.now();
  const run = service(['--db', s.url, '--db-wait', '2']);
  assert.equal(await run.exited, 1);
  const took = Date.now() - started;
  const pauses = [...run.stderr().matchAll(/trying again in (\S+) s, waiting 2 s in all/g)].map((m) => Number(m[1]));
  // 0.5 s, 1 s, then what is left of the 2 s: about 0.5 s, never the 2 s the backoff would take.
  assert.deepEqual(pauses.slice(0, 2), [0.5, 1], run.stderr());
  assert.equal(pauses.length, 3, run.stderr());
  assert.ok(pauses[2]! > 0 && pauses[2]! <= 0.5, run.stderr());
  assert.match(run.stderr(), /petition service not started: the database \S+ cannot be opened for writing \(ECONNREFUSED\) after waiting 2 s\n$/);
  assert.ok(took >= 2000, `exited after ${took} ms`);
});

test('--db-wait 0 tries once', async (t) => {
  const s = await setUp();
  await s.admin.close();
  databaseDown(t);
  const run = service(['--db', s.url, '--db-wait', '0']);
  assert.equal(await run.exited, 1);
  assert.equal(run.stderr(), `petition service not started: the database ${s.url} cannot be opened for writing (ECONNREFUSED)\n`);
});

test('a database that answers and refuses is not waited for: an unknown role fails at once', async () => {
  const s = await setUp();
  await s.admin.close();
  const url = s.url.replace('//app@', '//nobody@');
  const run = service(['--db', url, '--db-wait', '60']);
  assert.equal(await run.exited, 1);
  assert.equal(run.stderr(), `petition service not started: the database ${url} cannot be opened for writing (28000)\n`);
});

test('a SIGTERM while waiting ends the wait: exit 0, promptly', async (t) => {
  const s = await setUp();
  await s.admin.close();
  let run: Run | undefined;
  databaseDown(t, () => run);
  run = service(['--db', s.url, '--db-wait', '60']);
  await until('the wait was not announced', () => run.stderr().includes(waiting(s.url, '1 s')), run);
  const signalled = Date.now();
  run.child.kill('SIGTERM');
  const bounded = new Promise((resolve) => setTimeout(() => resolve('still running 5 s after SIGTERM'), 5000).unref());
  assert.equal(await Promise.race([run.exited, bounded]), 0);
  assert.ok(Date.now() - signalled < 1000, 'it did not wait for its next try');
  assert.match(run.stderr(), /petition service stopped before it started\n$/);
});

test('the wait names the database without its password, in every line', async (t) => {
  const s = await setUp();
  await s.admin.close();
  databaseDown(t);
  const withPassword = s.url.replace('//app@', '//app:s3cret-pw@');
  const run = service(['--db', withPassword, '--db-wait', '1']);
  assert.equal(await run.exited, 1);
  assert.ok(run.stderr().includes(waiting(s.url, '0.5 s').replace('waiting 60 s', 'waiting 1 s')), run.stderr());
  assert.ok(!run.stderr().includes('s3cret-pw'), run.stderr());
});
