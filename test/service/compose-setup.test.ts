// compose.yaml's one-shot set-up (src/dev/compose-setup.ts), without Docker: run twice on one
// database (a SQLite file, or PostgreSQL when npm test runs test/service there), it makes one
// consumer and one petition, keeps the same credentials, and writes the proxy's configuration
// with them, 0600, from compose/proxy.config.json; the command prints neither key nor secret.
// The second test runs the command through bin/, so the compiled dist-server/ (npm test builds it
// first; alone: npx tsc -p tsconfig.server.json).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMPOSE_CONSUMER_NAME, composeSetup } from '../../src/dev/compose-setup.js';
import { openAdmin } from '../../src/service/admin.js';
import { parseProxyConfig } from '../../src/proxy/config/config.js';
import { newTestDatabase, withDatabase } from './test-database.js';
import { builtCli } from '../../support/built-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const TEMPLATE = join(ROOT, 'compose/proxy.config.json');
const bin = builtCli();

const count = (database: string, table: 'consumers' | 'petitions') =>
  withDatabase(database, async (db) => Number((await db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get())!.n));

test('run twice, the set-up makes one consumer and one real-looking petition, and writes the same credentials to a 0600 file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'compose-setup-'));
  try {
    const database = await newTestDatabase(dir);
    const out = join(dir, 'proxy.config.json');
    const lines: string[] = [];
    const first = await composeSetup({ database, template: TEMPLATE, out, log: (line) => lines.push(line) });
    assert.deepEqual(first, { petitionId: 1, createdConsumer: true, createdPetition: true });
    assert.equal(statSync(out).mode & 0o777, 0o600, 'the key and secret are readable by their owner only');
    const written = JSON.parse(readFileSync(out, 'utf8')) as { apiKey: string; secret: string };
    const template = JSON.parse(readFileSync(TEMPLATE, 'utf8')) as Record<string, unknown>;
    assert.deepEqual({ ...written, apiKey: undefined, secret: undefined }, { ...template, apiKey: undefined, secret: undefined }, 'the template, plus the credentials');
    assert.match(written.apiKey, /^pk_/);
    parseProxyConfig(written);

    const admin = await openAdmin(database);
    try {
      assert.deepEqual(await admin.consumerNamed(COMPOSE_CONSUMER_NAME), { api_key: written.apiKey, secret: written.secret });
      const petition = await admin.petition(1);
      assert.equal(petition.title, 'Save the Riverside Park');
      assert.match(petition.overview, /only green space/);
      assert.deepEqual(petition.targets, [{ name: 'Riverside City Council' }]);
      assert.equal(petition.goal, 5000);
      assert.equal(petition.url, 'http://localhost:8080/');
    } finally {
      await admin.close();
    }

    const second = await composeSetup({ database, template: TEMPLATE, out, log: (line) => lines.push(line) });
    assert.deepEqual(second, { petitionId: 1, createdConsumer: false, createdPetition: false });
    assert.deepEqual(JSON.parse(readFileSync(out, 'utf8')), written, 'the same key and secret: the proxy\'s granted key stays valid');
    assert.equal(statSync(out).mode & 0o777, 0o600);
    assert.equal(await count(database, 'consumers'), 1);
    assert.equal(await count(database, 'petitions'), 1);
    for (const line of lines) {
      assert.ok(!line.includes(written.apiKey) && !line.includes(written.secret), `no credential in the log: ${line}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the command (as compose.yaml runs it, DATABASE_URL in the environment) prints ids only, and refuses a petition id the template does not name', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'compose-setup-'));
  try {
    const database = await newTestDatabase(dir);
    const out = join(dir, 'proxy.config.json');
    const run = (template: string) =>
      execFileSync(process.execPath, [bin, 'dev', 'compose-setup', '--template', template, '--out', out], {
        env: { ...process.env, DATABASE_URL: database },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    for (let run_ = 0; run_ < 2; run_++) {
      const printed = run(TEMPLATE);
      const { apiKey, secret } = JSON.parse(readFileSync(out, 'utf8')) as { apiKey: string; secret: string };
      assert.match(printed, /petition 1 (created|found)/);
      assert.ok(!printed.includes(apiKey) && !printed.includes(secret), 'neither the key nor the secret in the container log');
    }

    // A template naming another page: the demo's petition would be petition 2, not the 1 it names.
    const other = join(dir, 'other.json');
    const template = JSON.parse(readFileSync(TEMPLATE, 'utf8')) as { petitions: Array<{ source: string }> };
    template.petitions[0]!.source = 'http://localhost:8081/';
    writeFileSync(other, JSON.stringify(template));
    const before = readFileSync(out, 'utf8');
    assert.throws(() => run(other), (error: { status: number; stderr: string }) => error.status === 1 && /demo petition is petition 2/.test(error.stderr));
    assert.equal(readFileSync(out, 'utf8'), before, 'the configuration the proxy reads is left as it was');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
