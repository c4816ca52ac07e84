// Every version opens every earlier version's database (issue 30, "Upgrades"): the databases in
// test/fixtures/upgrades/, made by earlier commits through their own commands and API
// (`npm run fixtures:upgrades`), opened by today's service, keep every row's meaning. What each row
// should mean is what the old version answered (manifest.json), not what today's code says.
// SQLite by default; the PostgreSQL dumps with SERVICE_TEST_DATABASE=postgres (npm test runs both).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditRows } from '../../../scripts/fixtures/console-scenario.js';
import type { Operator } from '../../../scripts/fixtures/console-scenario.js';
import type { StoredSignature } from '../../../scripts/fixtures/stored-rows.js';
import type { EngineManifest } from '../../../scripts/fixtures/upgrade-scenario.js';
import { openAdmin } from '../../../src/service/admin.js';
import { startService } from '../../../src/service/index.js';
import type { RunningService } from '../../../src/service/index.js';
import { signFormBody } from '../../../src/shared/signing.js';
import { ConsoleClient, pageText } from '../console-client.js';
import { newTestDatabase, onPostgres, withDatabase } from '../test-database.js';

const fixtures = new URL('../../fixtures/upgrades/', import.meta.url).pathname;

interface Manifest {
  commit: string;
  made_at: string;
  sqlite: EngineManifest;
  postgres: EngineManifest | null;
}

type Listed = Record<string, unknown>;

/** Today's answer, keeping only what the old version's answer had (later versions may add fields). */
function asOldHad(old: Listed, today: Listed): Listed {
  return Object.fromEntries(Object.keys(old).map((key) => [key, today[key]]));
}

/** The fixture's database, copied or restored where this test may change it. */
async function openedCopy(dir: string, commitDir: string): Promise<string> {
  if (!onPostgres) {
    const path = join(dir, 'service.db');
    copyFileSync(join(commitDir, 'service.sqlite'), path);
    chmodSync(path, 0o600);
    return path;
  }
  const url = await newTestDatabase(dir);
  execFileSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--dbname', url, '-f', join(commitDir, 'service.sql')], { stdio: ['ignore', 'ignore', 'pipe'] });
  return url;
}

const commits = readdirSync(fixtures, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
test('fixtures of at least e44bc95 and be559d9 are there', () => assert.deepEqual(['be559d9', 'e44bc95'].filter((commit) => !commits.includes(commit)), []));

for (const commit of commits) {
  const commitDir = join(fixtures, commit);
  const manifest = JSON.parse(readFileSync(join(commitDir, 'manifest.json'), 'utf8')) as Manifest;
  const made = onPostgres ? manifest.postgres : manifest.sqlite;
  const skip = made === null && `${commit} had no PostgreSQL engine`;

  describe(`a ${onPostgres ? 'PostgreSQL' : 'SQLite'} database made by ${commit}, opened by today's service`, { skip }, () => {
    const m = made!;
    let dir: string;
    let database: string;
    let service: RunningService;
    const origin = () => new URL(service.baseUrl).origin;
    const read = async (path: string, query = '') => {
      const response = await fetch(`${origin()}${path}?api_key=${m.consumers[0]!.api_key}${query}`);
      assert.equal(response.status, 200, path);
      return (await response.json()) as any;
    };

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), `upgrade-${commit}-`));
      database = await openedCopy(dir, commitDir);
      service = await startService({ dbPath: database, port: 0, log: () => {} });
    });
    after(async () => {
      await service?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    test('each petition: the count, every listed signer in order, the recent ones and the resource, as the old version answered', async () => {
      for (const petition of m.petitions) {
        const path = `/v1/petitions/${petition.id}/signatures`;
        const first = await read(path, '&page_size=100');
        assert.equal(first.signature_count, petition.signature_count, `petition ${petition.id}'s count`);
        const listed: Listed[] = [...first.signatures];
        for (let page = 2; page <= first.total_pages; page++) listed.push(...(await read(path, `&page_size=100&page=${page}`)).signatures);
        const old = petition.listed as Listed[];
        assert.deepEqual(listed.map((signer, index) => asOldHad(old[index] ?? {}, signer)), old, `petition ${petition.id}'s listed signers, in order`);
        const recent = (await read(`${path}/recent`)) as Listed[];
        assert.deepEqual(recent.map((signer, index) => asOldHad((petition.recent as Listed[])[index] ?? {}, signer)), petition.recent, `petition ${petition.id}'s recent signers`);
        // The counts by place are kept beside the signatures, filled from the old rows when the database is upgraded.
        const breakdown = await read(`${path}/breakdown`);
        assert.equal(breakdown.signature_count, petition.signature_count, `petition ${petition.id}'s breakdown counts every counted signature`);
        if (petition.resource !== null) {
          const resource = await read(`/v1/petitions/${petition.id}`);
          assert.deepEqual(asOldHad(petition.resource as Listed, resource), petition.resource, `petition ${petition.id} as a resource`);
        }
      }
    });

    test('each signature keeps its petition, listed position, hidden flag and confirmation state, in the rows and on its console page', async () => {
      // An unconfirmed signature stays until its link expires, then goes (soon after the start, by
      // the service's prune); a minute either side of that moment it may be either.
      const expiry = (row: StoredSignature) => (row.confirmation_expires_at === null ? null : Date.parse(row.confirmation_expires_at));
      const undecided = new Set(m.signatures.filter((row) => expiry(row) !== null && Math.abs(Date.now() - expiry(row)!) < 60_000).map((row) => row.id));
      const kept = m.signatures.filter((row) => !undecided.has(row.id) && (expiry(row) === null || Date.now() < expiry(row)!));
      const expected = kept.map(({ email: _email, confirmation_expires_at: _expiry, ...row }) => row);
      const storedRows = () =>
        withDatabase(database, (db) =>
          db.prepare<[], { id: number; petition_id: number; first_name: string; last_name: string; hidden: number; listed_position: number | null; state: string }>(
            'SELECT id, petition_id, first_name, last_name, hidden, listed_position, state FROM signatures ORDER BY id',
          ).all(),
        ).then((rows) =>
          rows
            .filter((row) => !undecided.has(row.id))
            .map((row) => ({ id: row.id, petition_id: row.petition_id, name: `${row.first_name} ${row.last_name}`, hidden: row.hidden === 1, listed_position: row.listed_position, state: row.state })),
        );
      let today = await storedRows();
      for (const until = Date.now() + 5000; JSON.stringify(today) !== JSON.stringify(expected) && Date.now() < until; today = await storedRows()) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.deepEqual(today, expected);
      assert.ok(expected.some((row) => row.hidden) && expected.some((row) => row.listed_position !== null && row.listed_position < 1), 'hidden signers and seeded history are among them');

      const client = await consoleClient(commit, database, origin(), m.console?.operators[0]);
      for (const row of kept) {
        const status =
          row.state === 'invalidated' ? 'Invalidated' : row.state === 'unconfirmed' ? 'Awaiting confirmation' : row.hidden ? 'Counted, name hidden' : 'Counted and listed';
        const page = pageText((await client.get(`/admin/signatures/${row.id}`)).body);
        assert.match(page, new RegExp(`Status ${status} Email address ${row.email.replace(/\./g, '\\.')}`), `signature ${row.id} (${row.name}) on the console`);
        // The console's search finds old signers by surname (its index is built from the old rows) and by email.
        for (const query of [row.name.split(' ')[1]!, row.email]) {
          const found = (await client.get(`/admin/petitions/${row.petition_id}/signatures?q=${encodeURIComponent(query)}`)).body;
          assert.ok(found.includes(`/admin/signatures/${row.id}"`), `a search for ${query} on petition ${row.petition_id} finds signature ${row.id}`);
        }
      }
    });

    test('key requests keep their status, requester and deliveries; their keys still sign, and revoked or denied ones are still refused', async () => {
      const admin = await openAdmin(database);
      try {
        const requests = await admin.listAuthKeys();
        assert.equal(requests.length, m.key_requests.length);
        for (const [index, old] of (m.key_requests as Array<Listed & { deliveries: Array<{ id: number; state: string; attempts: number }> }>).entries()) {
          const { deliveries, ...request } = requests[index]!;
          const { deliveries: oldDeliveries, ...oldRequest } = old;
          assert.deepEqual(asOldHad(oldRequest, request), oldRequest, `key request ${String(old['id'])}`);
          assert.deepEqual(deliveries.map((delivery) => delivery.id), oldDeliveries.map((delivery) => delivery.id), `key request ${String(old['id'])}'s deliveries`);
          for (const [at, oldDelivery] of oldDeliveries.entries()) {
            const delivery = deliveries[at]!;
            // A pending delivery is tried again by today's service (its endpoint refuses): given up on after a day.
            if (oldDelivery.state === 'pending') assert.ok(['pending', 'abandoned'].includes(delivery.state) && delivery.attempts >= oldDelivery.attempts, `delivery ${oldDelivery.id}`);
            else assert.deepEqual(delivery, oldDelivery, `delivery ${oldDelivery.id}`);
          }
        }
      } finally {
        await admin.close();
      }
      for (const check of m.key_checks) {
        const { api_key, secret } = m.consumers[check.consumer]!;
        const path = `/v1/petitions/${check.petition_id}/signatures`;
        const signer = [['first_name', 'Upgrade'], ['last_name', `Check${check.request_id}`], ['email', `upgrade.check${check.request_id}@example.org`], ['address', '2 Quay Street'], ['city', 'Bristol'], ['state_province', ''], ['postal_code', 'BS1 4DJ'], ['country_code', 'GB']] as [string, string][];
        const pairs: [string, string][] = [['api_key', api_key], ['source', check.source], ...signer, ['timestamp', new Date().toISOString()], ['endpoint', path]];
        const response = await fetch(`${origin()}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: await signFormBody(pairs, secret, check.auth_key) });
        assert.equal(response.status, check.status, `a signature with key request ${check.request_id}'s key: ${await response.text()}`);
      }
    });

    test('operators sign in with the passwords they had, and the audit log keeps every entry in order', { skip: m.console === null && `${commit} had no operators` }, async () => {
      const [first, second] = m.console!.operators;
      const answer = await new ConsoleClient(origin()).signIn(second!.email, second!.password);
      assert.equal(answer.status, 303);
      assert.equal(answer.location, '/admin/password', 'the one-time password must still be replaced');
      const client = await consoleClient(commit, database, origin(), first);
      const shown = auditRows((await client.get('/admin/audit')).body);
      const old = m.console!.audit;
      const start = shown.findIndex((_row, at) => JSON.stringify(shown.slice(at, at + old.length)) === JSON.stringify(old));
      assert.ok(start >= 0, `the old entries, in order, among today's:\n${shown.map((row) => row.join(' | ')).join('\n')}`);
    });
  });
}

/** A console signed in as one of the fixture's operators, or (a version without operators) one created today. */
async function consoleClient(commit: string, database: string, origin: string, operator: Operator | undefined): Promise<ConsoleClient> {
  let signIn = operator;
  if (!signIn) {
    const admin = await openAdmin(database);
    try {
      signIn = { email: `upgrade.${commit}@example.org`, password: 'upgrade test password', must_change_password: false };
      await admin.createOperator(signIn.email, signIn.password);
    } finally {
      await admin.close();
    }
  }
  const client = new ConsoleClient(origin);
  const answer = await client.signIn(signIn.email, signIn.password);
  assert.equal(answer.status, 303, pageText(answer.body));
  return client;
}
