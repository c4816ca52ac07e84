// A data file a server cannot use, as an operator meets it: the built `petition-embed` (run
// `npx tsc -p tsconfig.server.json` first) stops at start with exit 1 and one line on stderr that
// names the file and what to do, no stack trace, nothing of the file's contents, and the file left
// as it was (the remedy may be to restore it, or to keep it for a closer look).
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { Sqlite } from '../../src/sqlite.js';
import { openStateDatabase } from '../../src/proxy/config/state-database.js';
import { openOutboxDatabase } from '../../src/proxy/outbox/outbox-sqlite.js';
import { openWebhookDatabase } from '../../src/proxy/webhooks/webhook-sqlite.js';
import { openAdmin } from '../../src/service/admin.js';
import { builtCli } from '../../support/built-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
/** Written into every damaged file: the line must never quote it. */
const MARKER = 'ak_0123456789abcdef_never_printed';

interface Run {
  status: number | null;
  stderr: string;
}

/** `as`: another user to run it as (root only): a file of root's is then one it may not read. */
function cli(args: string[], as?: { uid: number; gid: number }): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [builtCli(), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000, ...as }, (_error, _stdout, stderr) =>
      resolve({ status: child.exitCode, stderr }),
    );
  });
}

/** The unprivileged user a permission test runs the command as; a file mode stops no root. */
const NOBODY = { uid: 65534, gid: 65534 };
const NOT_ROOT = process.getuid?.() !== 0 && 'runs the command as another user, which needs root';

/**
 * Why that user cannot run this Node on this checkout, or false: a Node or a clone under a
 * folder only root may enter (CI's Node 24 lives in root's cache) fails to start at all there.
 */
function nobodyCannotRun(): string | false {
  if (NOT_ROOT) return NOT_ROOT;
  const entry = join(ROOT, 'bin', 'petition-embed.js');
  const probe = spawnSync(process.execPath, ['-e', `require('node:fs').accessSync(${JSON.stringify(entry)}, require('node:fs').constants.R_OK)`], { ...NOBODY, cwd: '/' });
  if (probe.status === 0) return false;
  return `the user nobody cannot run ${process.execPath} on ${ROOT} (${probe.error?.message ?? probe.stderr.toString().trim().split('\n')[0]})`;
}

/** Exit 1 and exactly `prefix` + the path + the problem + the remedy, on one line. */
function assertOneLine(run: Run, prefix: string, path: string, problem: RegExp, remedy: RegExp): void {
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stderr, /^[^\n]+\n$/, `not one line:\n${run.stderr}`);
  assert.ok(run.stderr.startsWith(`${prefix}${path} `), run.stderr);
  assert.match(run.stderr.slice(prefix.length + path.length + 1), new RegExp(`^${problem.source}: ${remedy.source}\\n$`));
  assert.doesNotMatch(run.stderr, /^\s+at |node:internal|unexpected error/m);
  assert.ok(!run.stderr.includes(MARKER), 'the line quotes the file');
}

const garbage = () => Buffer.concat([randomBytes(3000), Buffer.from(MARKER), randomBytes(3000)]);

/** A real database of the proxy's, with rows enough for several pages, then closed (no -wal left). */
function realDatabase(path: string, open: () => { close(): void }): void {
  open().close();
  const db = new Sqlite(path);
  db.exec('CREATE TABLE IF NOT EXISTS filler (x BLOB)');
  const insert = db.prepare('INSERT INTO filler VALUES (?)');
  for (let i = 0; i < 100; i++) insert.run(Buffer.concat([Buffer.from(MARKER), randomBytes(1000)]));
  db.close();
}

/** The file's last half gone, as a copy or restore cut short leaves it. */
function cutShort(path: string): void {
  truncateSync(path, Math.floor(statSync(path).size / 2 / 4096) * 4096);
}

/** One page in the middle overwritten: the header and the schema are still right. */
function damagePage(path: string): void {
  const pages = statSync(path).size / 4096;
  const descriptor = openSync(path, 'r+');
  writeSync(descriptor, Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(pages / 2) * 4096);
  closeSync(descriptor);
}

function proxyConfig(dataDir: string) {
  return {
    upstream: 'http://127.0.0.1:9/v1',
    apiKey: 'pk_unusable_files_0123456789',
    secret: 'unusable-files-secret-0123456789abcdef',
    publicUrl: 'http://127.0.0.1:4020',
    petitions: [{ id: 1, source: 'https://www.example.org/p', sourceDescription: 'campaign website', requesterEmail: 'team@example.org' }],
    operator: { name: 'Example', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
    dataDir,
  };
}

describe('petition-embed proxy: a data file it cannot use', () => {
  const root = mkdtempSync(join(tmpdir(), 'unusable-proxy-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  let number = 0;

  /** A config whose data folder is new; `prepare` damages a file in it. */
  function setUp(prepare: (dataDir: string) => void): string {
    const dir = join(root, String(++number));
    const dataDir = join(dir, 'data');
    mkdirSync(dataDir, { recursive: true });
    prepare(dataDir);
    const config = join(dir, 'proxy.config.json');
    writeFileSync(config, JSON.stringify(proxyConfig(dataDir)), { mode: 0o600 });
    return config;
  }

  const PREFIX = 'petition-embed proxy: not started: ';
  const files = [
    { name: 'outbox.sqlite', open: openOutboxDatabase, remedy: /restore it from a backup; only without one, move it aside and start the proxy again, which loses the signatures queued in it for the service and not yet delivered/ },
    { name: 'state.sqlite', open: openStateDatabase, remedy: /move it aside \(or delete it\) and start the proxy again: it makes a new one, losing only the last good answers .*/ },
    { name: 'webhooks.sqlite', open: openWebhookDatabase, remedy: /restore it from a backup, or move it aside and start the proxy again, which loses the webhook posts not yet delivered .*/ },
  ];

  for (const { name, open, remedy } of files) {
    test(`${name}: garbage, cut short, a damaged page, or a folder in its place`, async () => {
      const damages: Array<[string, (path: string, dataDir: string) => void, RegExp]> = [
        ['garbage', (path) => writeFileSync(path, garbage(), { mode: 0o600 }), /is not a database \(SQLITE_NOTADB\)/],
        ['cut short', (path, dataDir) => (realDatabase(path, () => open(dataDir)), cutShort(path)), /is damaged \((SQLITE_CORRUPT|PRAGMA quick_check found errors)\)/],
        ['a damaged page', (path, dataDir) => (realDatabase(path, () => open(dataDir)), damagePage(path)), /is damaged \((SQLITE_CORRUPT\w*|PRAGMA quick_check found errors)\)/],
        ['a folder', (path) => mkdirSync(path), /is a folder, not a file \(EISDIR\)/],
      ];
      for (const [kind, damage, problem] of damages) {
        let path = '';
        const config = setUp((dataDir) => damage((path = join(dataDir, name)), dataDir));
        const bytes = statSync(path).isFile() ? readFileSync(path) : undefined;
        const run = await cli(['proxy', '--port', '0', '--config', config]);
        assertOneLine(run, PREFIX, path, problem, remedy);
        if (bytes) assert.ok(readFileSync(path).equals(bytes), `${kind}: the file was changed`);
      }
    });
  }

  test('auth-keys.json: not JSON, not a key file, or a folder in its place', async () => {
    const remedy = /move it aside and start the proxy again: it asks the service for its keys again, and gets back each decision already made and each key already granted/;
    const damages: Array<[(path: string) => void, RegExp]> = [
      [(path) => writeFileSync(path, `{"keys": [{"auth_key": "${MARKER}"`, { mode: 0o600 }), /is not a key file written by this proxy/],
      [(path) => writeFileSync(path, `{"auth_key": "${MARKER}"}`, { mode: 0o600 }), /is not a key file written by this proxy/],
      [(path) => mkdirSync(path), /is a folder, not a file \(EISDIR\)/],
    ];
    for (const [damage, problem] of damages) {
      let path = '';
      const config = setUp((dataDir) => damage((path = join(dataDir, 'auth-keys.json'))));
      assertOneLine(await cli(['proxy', '--port', '0', '--config', config]), PREFIX, path, problem, remedy);
      // `proxy keys` reads the same file: the same line, without "not started".
      assertOneLine(await cli(['proxy', 'keys', '--config', config]), '', path, problem, remedy);
    }
  });
});

test("a data file of another user that the proxy's user may not read: the remedy is its owner, not a backup", { skip: nobodyCannotRun() }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'unusable-owner-'));
  try {
    chmodSync(dir, 0o755);
    const remedy = /run the (proxy|service) as the file's owner, or give the file to the (proxy|service)'s user \(chown\), mode 0600/;
    for (const name of ['outbox.sqlite', 'auth-keys.json']) {
      const dataDir = join(dir, name.replace('.', '-'));
      mkdirSync(dataDir, { mode: 0o700 });
      chownSync(dataDir, NOBODY.uid, NOBODY.gid);
      const path = join(dataDir, name);
      writeFileSync(path, '', { mode: 0o600 });
      const config = join(dir, `${name}.config.json`);
      writeFileSync(config, JSON.stringify({ ...proxyConfig(dataDir) }), { mode: 0o600 });
      chownSync(config, NOBODY.uid, NOBODY.gid);
      const run = await cli(['proxy', '--port', '0', '--config', config], NOBODY);
      assertOneLine(run, 'petition-embed proxy: not started: ', path, /cannot be read by this user \(EACCES\)/, remedy);
    }
    const db = join(dir, 'service.db');
    writeFileSync(db, '', { mode: 0o600 });
    const run = await cli(['service', '--port', '0', '--db', db], NOBODY);
    assertOneLine(run, 'petition service not started: the database ', db, /cannot be read by this user \(EACCES\)/, remedy);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('petition-embed service: a database file it cannot use', () => {
  const root = mkdtempSync(join(tmpdir(), 'unusable-service-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const restore = /if --db names the right file, restore it from a backup; moving it aside starts an empty service, without its petitions, signatures, consumers and keys/;

  async function realServiceDatabase(path: string): Promise<void> {
    const admin = await openAdmin(path);
    const { petition_id } = await admin.createPetition('A petition');
    await admin.seed(petition_id, 2000);
    await admin.close();
  }

  /** The root page of the signatures table overwritten: nothing at start reads it but the check. */
  function damageSignaturesRoot(path: string): void {
    const db = new Sqlite(path, { readonly: true });
    const root = db.prepare("SELECT rootpage FROM sqlite_schema WHERE name = 'signatures'").pluck().get() as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    db.close();
    const descriptor = openSync(path, 'r+');
    writeSync(descriptor, Buffer.alloc(pageSize, 0x5a), 0, pageSize, (root - 1) * pageSize);
    closeSync(descriptor);
  }

  test('garbage, cut short, a damaged table, or a folder: the service and an admin command each say so in one line', async () => {
    const damages: Array<[string, (path: string) => Promise<void> | void, RegExp, RegExp]> = [
      ['garbage.db', (path) => writeFileSync(path, garbage(), { mode: 0o600 }), /is not a database \(SQLITE_NOTADB\)/, restore],
      ['short.db', async (path) => (await realServiceDatabase(path), cutShort(path)), /is damaged \(SQLITE_CORRUPT\)/, restore],
      // Only its last page gone: SQLite compares the file with the length its header states.
      ['last-page.db', async (path) => (await realServiceDatabase(path), truncateSync(path, statSync(path).size - 4096)), /is damaged \(SQLITE_CORRUPT\)/, restore],
      ['table.db', async (path) => (await realServiceDatabase(path), damageSignaturesRoot(path)), /is damaged \(SQLITE_CORRUPT\w*\)/, restore],
      ['folder.db', (path) => mkdirSync(path), /is a folder, not a file \(EISDIR\)/, /check --db: it names the database file/],
    ];
    for (const [name, damage, problem, remedy] of damages) {
      const path = join(root, name);
      await damage(path);
      const bytes = statSync(path).isFile() ? readFileSync(path) : undefined;
      const started = await cli(['service', '--port', '0', '--db', path]);
      assertOneLine(started, 'petition service not started: the database ', path, problem, remedy);
      const admin = await cli(['service', 'admin', 'petition', '1', '--db', path]);
      assertOneLine(admin, 'admin command not run: the database ', path, problem, remedy);
      if (bytes) assert.ok(readFileSync(path).equals(bytes), `${name}: the file was changed`);
    }
  });
});
