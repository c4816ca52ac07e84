// Personal data leaves on time (README "How long personal data is kept"), on the engine the
// service tests run on (SQLite, or PostgreSQL with SERVICE_TEST_DATABASE=postgres): a closed
// petition's signers' personal data is erased exactly N days after it closed (a second before it
// is all there), a petition's own period overrides the service's, what the public sees stays the
// same, and each run is audited with counts only. The sweep runs on a clock the test sets.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually } from '../harness.js';
import type { TestService } from '../harness.js';
import { onPostgres } from '../test-database.js';
import { auditEntries, closedAt, DAY_MS, personalColumns, publicView, signPetition, testSweep } from './retention-fixture.js';
import type { Signer } from './retention-fixture.js';

let f: ConsoleFixture;
let t: TestService;

before(async () => {
  f = await startConsoleFixture();
  t = f.t;
});
after(() => f.close());

function assertErased(rows: Array<Record<string, string | number | null>>, signers: Signer[]): void {
  assert.equal(rows.length, signers.length, 'every signature stays');
  for (const row of rows) {
    assert.equal(row['email'], '');
    assert.match(String(row['email_identity']), /^erased:\d+$/);
    assert.equal(row['email_domain'], '');
    assert.equal(row['address'], '');
    assert.equal(row['postal_code'], '');
    assert.equal(row['phone'], null);
    assert.equal(row['reason'], null);
    assert.equal(row['client_ip'], null);
    assert.equal(row['opt_ins'], null);
    assert.equal(row['name_key'], '');
    assert.equal(row['surname_key'], '');
    assert.equal(row['postal_key'], '');
    assert.equal(Number(row['withdrawal_links']), 0);
    assert.notEqual(row['erased_at'], null);
    const listed = row['listed_position'] !== null;
    // The public list's names and towns stay; a hidden signer's go.
    assert.equal(row['first_name'] !== '', listed);
    assert.equal(row['city'] !== '', listed);
  }
}

function assertIntact(rows: Array<Record<string, string | number | null>>, signers: Signer[]): void {
  assert.deepEqual(
    rows.map((row) => [row['email'], row['phone'], row['reason'], row['postal_code'], row['address'], row['opt_ins'], row['erased_at']]),
    signers.map((signer) => [signer.email, signer.phone, signer.reason, signer.postalCode, signer.address, 'newsletter', null]),
  );
  assert.ok(rows.every((row) => row['client_ip'] !== null && Number(row['withdrawal_links']) === 1));
}

describe('the retention period', () => {
  test('a second before N days after closing everything is kept; at exactly N days it is erased, and what the public sees is unchanged', async () => {
    const { petition_id: id } = await t.admin.createPetition('Boundary at exactly 30 days');
    const signers = await signPetition(t, id, 6);
    await t.admin.updatePetition(id, { status: 'closed' });
    const closed = (await closedAt(t, id))!;
    assert.ok(Math.abs(closed - Date.now()) < 60_000, 'the moment of the close is recorded');
    const seen = await publicView(t, id);
    assert.equal(seen.count, 6);
    assert.equal(seen.list.signatures.length, 5, 'the hidden signer is not listed');

    const clock = { now: closed + 30 * DAY_MS - 1000 };
    const log: string[] = [];
    const { sweep, close } = await testSweep(t, 30, clock, log);
    try {
      await sweep.sweep();
      assertIntact(await personalColumns(t, id), signers);
      assert.deepEqual(await auditEntries(t, 'personal data erased'), []);

      clock.now = closed + 30 * DAY_MS;
      await sweep.sweep();
      assertErased(await personalColumns(t, id), signers);
      assert.deepEqual(await publicView(t, id), seen, 'count, public list, breakdown and opt-in rates as they were');
      assert.equal(await closedAt(t, id), closed, 'the closing moment never moved');

      const [entry, ...more] = await auditEntries(t, 'personal data erased');
      assert.deepEqual(more, []);
      assert.deepEqual(entry, {
        actor: 'retention period',
        subject: `petition ${id}`,
        detail: 'retention period: 6 signatures erased, 0 unconfirmed removed, 0 queued removed, 0 block list entries removed',
      });
      assert.equal(log.filter((line) => line.startsWith(`retention: petition ${id} personal data erased (retention period: 6 signatures erased`)).length, 1, log.join('\n'));
      for (const signer of signers) {
        for (const line of log) assert.ok(!line.includes(signer.email) && !line.includes(signer.phone) && !line.includes(signer.lastName), line);
      }

      // Again, and later: nothing left to erase, nothing audited twice.
      clock.now += DAY_MS;
      await sweep.sweep();
      assert.equal((await auditEntries(t, 'personal data erased')).length, 1);
    } finally {
      await close();
    }
  });

  test("a petition's own period overrides the service's: erased a second after its 2 days, while the service's 30 keep the other", async () => {
    const { petition_id: own } = await t.admin.createPetition('Its own 2 days');
    const { petition_id: service } = await t.admin.createPetition("The service's 30 days");
    const ownSigners = await signPetition(t, own, 2);
    const serviceSigners = await signPetition(t, service, 2);
    await t.admin.setRetention(own, '2');
    // Both close by their end passing: the moment is the end itself, recorded when first seen.
    const end = Date.now() + 1000;
    await t.admin.updatePetition(own, { end_at: new Date(end).toISOString() });
    await t.admin.updatePetition(service, { end_at: new Date(end).toISOString() });
    const clock = { now: end + 2 * DAY_MS - 1000 };
    const { sweep, close } = await testSweep(t, 30, clock);
    try {
      await sweep.sweep();
      assert.equal(await closedAt(t, own), end);
      assertIntact(await personalColumns(t, own), ownSigners);
      clock.now = end + 2 * DAY_MS + 1000;
      await sweep.sweep();
      assertErased(await personalColumns(t, own), ownSigners);
      assertIntact(await personalColumns(t, service), serviceSigners);
    } finally {
      await close();
    }
  });

  test('with no period on the service or the petition, nothing is erased, however long ago it closed', async () => {
    const { petition_id: id } = await t.admin.createPetition('Kept until an operator erases');
    const signers = await signPetition(t, id, 1);
    await t.admin.updatePetition(id, { status: 'closed' });
    const clock = { now: Date.now() + 3650 * DAY_MS };
    const { sweep, close } = await testSweep(t, null, clock);
    try {
      await sweep.sweep();
      assertIntact(await personalColumns(t, id), signers);
    } finally {
      await close();
    }
  });

  test('opened again, a petition has no erasure date; closed again, it counts from the new close', async () => {
    const { petition_id: id } = await t.admin.createPetition('Closed, opened, closed');
    await t.admin.updatePetition(id, { status: 'closed' });
    const first = (await closedAt(t, id))!;
    await t.admin.updatePetition(id, { status: 'open' });
    assert.equal(await closedAt(t, id), null);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.admin.updatePetition(id, { status: 'closed' });
    assert.ok((await closedAt(t, id))! > first);
  });

  test(
    'two instances erasing one petition at once take turns: no failure, every signature erased, the counts of their audit entries add up',
    { skip: !onPostgres && 'several instances share one database only on PostgreSQL' },
    async () => {
      const { petition_id: id } = await t.admin.createPetition('Two instances');
      await t.admin.seed(id, 3000);
      await t.admin.updatePetition(id, { status: 'closed' });
      const clock = { now: (await closedAt(t, id))! + DAY_MS };
      const logs: string[] = [];
      const first = await testSweep(t, 1, clock, logs);
      const second = await testSweep(t, 1, clock, logs);
      try {
        await Promise.all([first.sweep.sweep(), second.sweep.sweep()]);
      } finally {
        await first.close();
        await second.close();
      }
      assert.ok(!logs.some((line) => line.includes('failed')), logs.join('\n'));
      const rows = await personalColumns(t, id);
      assert.equal(rows.length, 3000);
      assert.ok(rows.every((row) => row['email'] === '' && row['erased_at'] !== null));
      const erased = (await auditEntries(t, 'personal data erased'))
        .filter((entry) => entry.subject === `petition ${id}`)
        .map((entry) => Number(/: (\d+) signatures erased/.exec(entry.detail)![1]));
      assert.ok(erased.length >= 1 && erased.length <= 2, String(erased));
      assert.equal(erased.reduce((sum, count) => sum + count, 0), 3000);
    },
  );

  // How long each batch holds the event loop is measured by `npm run bench:job-holds` (docs/benchmarks.md),
  // never in a test: this machine is shared. Here: a petition larger than one batch, erased whole.
  test('a petition of 3,000 signatures, more than one batch, is erased whole', async () => {
    const { petition_id: id } = await t.admin.createPetition('Large');
    await t.admin.seed(id, 3000);
    await t.admin.updatePetition(id, { status: 'closed' });
    const closed = (await closedAt(t, id))!;
    const { sweep, store, close } = await testSweep(t, 1, { now: closed + DAY_MS });
    // The seed's search index is filled by the service's own upkeep first: the erasure takes every row out of it.
    await eventually(() => store.searchBacklog.get(), (backlog) => backlog!.indexed_through >= backlog!.latest, 30_000);
    try {
      await sweep.sweep();
      const left = await personalColumns(t, id);
      assert.equal(left.length, 3000);
      assert.ok(left.every((row) => row['email'] === '' && row['erased_at'] !== null));
    } finally {
      await close();
    }
  });
});
