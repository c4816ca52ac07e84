// `proxy doctor`'s line for each file of the data folder: missing before the first start (fine),
// fine once the proxy made it, or unusable with the same line the proxy stops with at start, and
// exit status 1. It never creates a missing file, changes one or quotes one.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import type { ProxyConfig } from '../../../src/proxy/config/config.js';
import { openStateDatabase } from '../../../src/proxy/config/state-database.js';
import { checkDataFiles } from '../../../src/proxy/doctor/doctor-data-files.js';
import { checkKeys } from '../../../src/proxy/doctor/doctor-keys.js';
import { exitStatusOf, formatFinding } from '../../../src/proxy/doctor/doctor-finding.js';
import { createKeyFile } from '../../../src/proxy/keys/key-file.js';
import { openOutboxDatabase } from '../../../src/proxy/outbox/outbox-sqlite.js';
import { openWebhookDatabase } from '../../../src/proxy/webhooks/webhook-sqlite.js';
import { Sqlite } from '../../../src/sqlite.js';
import { UnusableFileError } from '../../../src/unusable-file.js';
import { builtCli } from '../../../support/built-cli.js';

const MARKER = 'ak_doctor_marker_never_printed';
const root = mkdtempSync(join(tmpdir(), 'doctor-data-files-'));
after(() => rmSync(root, { recursive: true, force: true }));
let number = 0;

const configOf = (dataDir: string) => ({ dataDir }) as ProxyConfig;
const lines = async (dataDir: string) => (await checkDataFiles(configOf(dataDir))).map(formatFinding);

/** A data folder as a proxy leaves it after a run: each file made, with a key stored. */
async function ranOnce(): Promise<string> {
  const dataDir = join(root, `data-${++number}`);
  openStateDatabase(dataDir).close();
  openOutboxDatabase(dataDir).close();
  openWebhookDatabase(dataDir).close();
  await createKeyFile(dataDir).write([{ petition_id: 1, source: 'https://www.example.org/p', status: 'granted', auth_key: MARKER, updated_at: new Date().toISOString() } as never]);
  return dataDir;
}

test('before the first start each file is missing, which is fine, and the check makes none of them', async () => {
  const dataDir = join(root, 'not-yet');
  assert.deepEqual(await lines(dataDir), [
    `ok    outbox: ${dataDir}/outbox.sqlite not made yet: the proxy makes it when it starts`,
    `ok    state: ${dataDir}/state.sqlite not made yet: the proxy makes it when it starts`,
    `ok    webhook queue: ${dataDir}/webhooks.sqlite not made yet: the proxy makes it when it starts`,
    `ok    key file: ${dataDir}/auth-keys.json not made yet: the proxy makes it when it starts`,
  ]);
  assert.equal(existsSync(dataDir), false);
});

test('after a run each file opens and passes its check', async () => {
  const dataDir = await ranOnce();
  const before = readdirSync(dataDir).sort();
  assert.deepEqual(await lines(dataDir), [
    `ok    outbox: ${dataDir}/outbox.sqlite opens and passes SQLite's check`,
    `ok    state: ${dataDir}/state.sqlite opens and passes SQLite's check`,
    `ok    webhook queue: ${dataDir}/webhooks.sqlite opens and passes SQLite's check`,
    `ok    key file: ${dataDir}/auth-keys.json reads as this proxy wrote it`,
  ]);
  // Read-only, a reader of a WAL database still needs its -wal and -shm: private like the file.
  const added = readdirSync(dataDir).filter((name) => !before.includes(name));
  for (const name of added) {
    assert.match(name, /\.sqlite-(wal|shm)$/);
    assert.equal(statSync(join(dataDir, name)).mode & 0o777, 0o600, name);
  }
});

/** One page in the middle of a real file overwritten, after rows enough for several pages. */
function damagePage(path: string): void {
  const db = new Sqlite(path);
  db.exec('CREATE TABLE filler (x BLOB)');
  for (let i = 0; i < 60; i++) db.prepare('INSERT INTO filler VALUES (?)').run(Buffer.concat([Buffer.from(MARKER), randomBytes(1000)]));
  db.close();
  const descriptor = openSync(path, 'r+');
  writeSync(descriptor, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(statSync(path).size / 4096 / 2) * 4096);
  closeSync(descriptor);
}

test('each unusable file fails with the line the proxy stops with, and is left as it was', async () => {
  const cases: Array<[string, string, (path: string) => void, RegExp]> = [
    ['outbox', 'outbox.sqlite', (path) => writeFileSync(path, Buffer.concat([randomBytes(2000), Buffer.from(MARKER)])), /is not a database \(SQLITE_NOTADB\): restore it from a backup; only without one, move it aside .* loses the signatures queued in it/],
    ['state', 'state.sqlite', damagePage, /is damaged \(PRAGMA quick_check found errors\): move it aside \(or delete it\) and start the proxy again: it makes a new one, losing only /],
    ['webhook queue', 'webhooks.sqlite', (path) => (rmSync(path), mkdirSync(path)), /is a folder, not a file \(EISDIR\): restore it from a backup, or move it aside .* loses the webhook posts not yet delivered/],
    ['key file', 'auth-keys.json', (path) => writeFileSync(path, `{"keys": [{"auth_key": "${MARKER}"`), /is not a key file written by this proxy: move it aside and start the proxy again: it asks the service for its keys again/],
  ];
  for (const [subject, name, damage, problem] of cases) {
    const dataDir = await ranOnce();
    const path = join(dataDir, name);
    damage(path);
    const bytes = statSync(path).isFile() ? readFileSync(path) : undefined;
    const findings = await checkDataFiles(configOf(dataDir));
    assert.equal(exitStatusOf(findings), 1, subject);
    const failed = findings.filter((finding) => finding.level === 'fail').map(formatFinding);
    assert.equal(failed.length, 1, failed.join('\n'));
    assert.ok(failed[0]!.startsWith(`fail  ${subject}: ${path} `), failed[0]);
    assert.match(failed[0]!, problem);
    assert.ok(!failed[0]!.includes(MARKER), 'the finding quotes the file');
    if (bytes) assert.ok(readFileSync(path).equals(bytes), `${name} was changed`);
    // The proxy itself stops with the same words.
    const opens: Record<string, () => unknown> = {
      outbox: () => openOutboxDatabase(dataDir),
      state: () => openStateDatabase(dataDir),
      'webhook queue': () => openWebhookDatabase(dataDir),
      'key file': () => createKeyFile(dataDir).read(),
    };
    await assert.rejects(async () => opens[subject]!(), (error: Error) => error instanceof UnusableFileError && failed[0] === `fail  ${subject}: ${error.message}`);
  }
});

test('a key file that cannot be read leaves the keys unknown, pointing at its own line', async () => {
  const dataDir = await ranOnce();
  writeFileSync(join(dataDir, 'auth-keys.json'), `{"keys": [{"auth_key": "${MARKER}"`);
  const findings = await checkKeys({ ...configOf(dataDir), petitions: [{ id: 1, source: 'https://www.example.org/p' }] } as ProxyConfig, false);
  assert.deepEqual(findings.map(formatFinding), [`fail  keys: not known: ${dataDir}/auth-keys.json cannot be read (see "key file")`]);
});

test('proxy doctor prints the line among its findings and exits 1 (the built CLI)', async () => {
  const dataDir = await ranOnce();
  writeFileSync(join(dataDir, 'outbox.sqlite'), Buffer.concat([randomBytes(2000), Buffer.from(MARKER)]));
  const config = join(root, 'doctor.config.json');
  writeFileSync(
    config,
    JSON.stringify({
      upstream: 'http://127.0.0.1:9/v1',
      apiKey: 'pk_doctor_files_0123456789',
      secret: 'doctor-files-secret-0123456789abcdef',
      publicUrl: 'http://127.0.0.1:4020',
      petitions: [{ id: 1, source: 'https://www.example.org/p', sourceDescription: 'campaign website', requesterEmail: 'team@example.org' }],
      operator: { name: 'Example', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
      dataDir,
    }),
    { mode: 0o600 },
  );
  const run = await new Promise<{ status: number | null; stdout: string }>((resolve) => {
    const child = execFile(process.execPath, [builtCli(), 'proxy', 'doctor', '--config', config], { cwd: new URL('../../..', import.meta.url).pathname, encoding: 'utf8', timeout: 30_000 }, (_error, stdout) =>
      resolve({ status: child.exitCode, stdout }),
    );
  });
  assert.equal(run.status, 1);
  const outbox = run.stdout.split('\n').filter((text) => text.includes('outbox.sqlite'));
  assert.equal(outbox.length, 1, run.stdout);
  assert.match(outbox[0]!, new RegExp(`^fail  outbox: ${dataDir}/outbox\\.sqlite is not a database \\(SQLITE_NOTADB\\): restore it from a backup`));
  assert.match(run.stdout, /^ok {4}state: .*opens and passes SQLite's check$/m);
  assert.ok(!run.stdout.includes(MARKER));
});
