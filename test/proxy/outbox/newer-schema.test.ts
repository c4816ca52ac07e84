// The proxy's outbox.sqlite written by a newer petition-embed (its user_version one past
// OUTBOX_MIGRATIONS), as an operator meets it after running an older version again: the built
// CLI (run `npx tsc -p tsconfig.server.json` first) stops at start with exit 1 and one line naming
// both schema versions and the package version, and the file, queued signatures and all, is left
// exactly as it was.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { PACKAGE_VERSION } from '../../../src/package-version.js';
import { Sqlite } from '../../../src/sqlite.js';
import { OUTBOX_MIGRATIONS } from '../../../src/proxy/outbox/outbox-sql.js';
import { openOutboxDatabase, outboxPath } from '../../../src/proxy/outbox/outbox-sqlite.js';
import { builtCli } from '../../../support/built-cli.js';

const bin = builtCli();

function proxy(config: string): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [bin, 'proxy', '--port', '0', '--config', config], { encoding: 'utf8', timeout: 30_000 }, (_error, _stdout, stderr) =>
      resolve({ status: child.exitCode, stderr }),
    );
  });
}

/** A data folder whose outbox is at schema version `version`; the config that names it. */
function setUp(root: string, version: number): { config: string; outbox: string } {
  const dataDir = join(root, 'data');
  mkdirSync(dataDir, { recursive: true });
  openOutboxDatabase(dataDir).close();
  const outbox = outboxPath(dataDir);
  const db = new Sqlite(outbox);
  db.pragma(`user_version = ${version}`);
  db.close();
  const config = join(root, 'proxy.config.json');
  writeFileSync(
    config,
    JSON.stringify({
      upstream: 'http://127.0.0.1:9/v1',
      apiKey: 'pk_newer_schema_0123456789',
      secret: 'newer-schema-secret-0123456789abcdef',
      publicUrl: 'http://127.0.0.1:4020',
      petitions: [{ id: 1, source: 'https://www.example.org/p', sourceDescription: 'campaign website', requesterEmail: 'team@example.org' }],
      operator: { name: 'Example', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
      dataDir,
    }),
    { mode: 0o600 },
  );
  return { config, outbox };
}

const fingerprint = (path: string) => ({ bytes: createHash('sha256').update(readFileSync(path)).digest('hex'), wal: existsSync(`${path}-wal`) });

test('an outbox one schema version past the newest this code knows: refused at start in one line, left as it was', async () => {
  const root = mkdtempSync(join(tmpdir(), 'newer-outbox-'));
  try {
    const newest = OUTBOX_MIGRATIONS.length;
    const { config, outbox } = setUp(root, newest + 1);
    const before = fingerprint(outbox);
    const run = await proxy(config);
    assert.equal(run.status, 1, run.stderr);
    assert.equal(
      run.stderr,
      `petition-embed proxy: not started: ${outbox} has schema version ${newest + 1}, written by a newer petition-embed (this is ${PACKAGE_VERSION}, whose newest schema version is ${newest}): run the newer petition-embed that wrote it, or restore the backup taken before the upgrade; it is never migrated down\n`,
    );
    assert.deepEqual(fingerprint(outbox), before);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('an outbox at exactly the newest schema version opens: the proxy listens', async () => {
  const root = mkdtempSync(join(tmpdir(), 'newer-outbox-'));
  const { config } = setUp(root, OUTBOX_MIGRATIONS.length);
  const child = spawn(process.execPath, [bin, 'proxy', '--port', '0', '--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const output = await new Promise<string>((resolve) => {
      let text = '';
      const timer = setTimeout(() => resolve(text), 20_000);
      const take = (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes('petition proxy listening on')) {
          clearTimeout(timer);
          resolve(text);
        }
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(text);
      });
    });
    assert.match(output, /petition proxy listening on/);
    assert.doesNotMatch(output, /newer petition-embed/);
  } finally {
    child.kill();
    rmSync(root, { recursive: true, force: true });
  }
});
