// The retention period in the operator's console: each petition's page says when its signers'
// personal data goes, its retention page says what goes and what stays, sets the petition's own
// period (refused outside 1 to 3650 days, at the field) and erases early after a confirmation,
// only on a closed petition; each change audited, the erasure with counts only.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleTime } from '../../../src/service/console/shell/layout.js';
import { pageText } from '../console-client.js';
import { readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import type { TestService } from '../harness.js';
import { auditEntries, closedAt, DAY_MS, personalColumns, publicView, signPetition } from './retention-fixture.js';

let f: ConsoleFixture;
let t: TestService;

before(async () => {
  f = await startConsoleFixture({ retainDaysAfterClose: 180 });
  t = f.t;
});
after(() => f.close());

const retentionPath = (id: number) => `/admin/petitions/${id}/retention`;

describe("a petition's personal data in the console", () => {
  test("an open petition's page says its data goes 180 days after it closes; closed, the date, and what goes and stays", async () => {
    const { petition_id: id } = await t.admin.createPetition('Dated');
    const open = await f.client.get(`/admin/petitions/${id}`);
    assert.match(pageText(open.body), /Signers’ personal data will be erased 180 days after the petition closes\./);
    await t.admin.updatePetition(id, { status: 'closed' });
    const closed = (await closedAt(t, id))!;
    const page = await f.client.get(retentionPath(id));
    assert.equal(page.status, 200);
    assert.match(page.body, new RegExp(`<strong id="erasure-date">${consoleTime(closed + 180 * DAY_MS)}</strong>`));
    const text = pageText(page.body);
    assert.match(text, /What goes Each signer’s email address, street address, postal code, phone number and reason/);
    assert.match(text, /What stays The count, and the breakdowns by country, region, day and source/);
    assert.match(text, /Export the signatures before then/);
    assert.match(pageText((await f.client.get(`/admin/petitions/${id}`)).body), new RegExp(`will be erased on ${consoleTime(closed + 180 * DAY_MS)}`));
  });

  test("the petition's own period: 0 and 3651 refused at the field, 1 and 3650 saved, empty gives it back to the service's; each audited", async () => {
    const { petition_id: id } = await t.admin.createPetition('Own period');
    for (const typed of ['0', '3651', 'soon']) {
      await f.client.get(retentionPath(id));
      const refused = await f.client.post(retentionPath(id), { 'retain-days-after-close': typed });
      assert.equal(refused.status, 400);
      const text = pageText(refused.body);
      assert.match(text, /There is a problem/);
      assert.match(text, /Enter a whole number of days from 1 to 3,650, or leave it empty for the service’s period/);
      assert.match(refused.body, new RegExp(`id="retain-days-after-close" name="retain-days-after-close" value="${typed}"`), 'what was typed stays');
    }
    for (const [typed, shown] of [['1', /will be erased 1 day after the petition closes/], ['3650', /will be erased 3,650 days after/], ['', /will be erased 180 days after/]] as const) {
      await f.client.get(retentionPath(id));
      const saved = await f.client.post(retentionPath(id), { 'retain-days-after-close': typed });
      assert.equal(saved.status, 303);
      assert.match(pageText((await f.client.get(saved.location!)).body), shown);
    }
    const details = (await auditEntries(t, 'retention period set')).filter((entry) => entry.subject === `petition ${id}`).map((entry) => [entry.actor, entry.detail]);
    assert.deepEqual(details, [
      ['operator@example.org', '1 days after closing'],
      ['operator@example.org', '3650 days after closing'],
      ['operator@example.org', "the service's"],
    ]);
  });

  test('early erasure: refused on an open petition, asks first, then erases at once with counts in the audit log and the public view unchanged', async () => {
    const { petition_id: id } = await t.admin.createPetition('Erased early');
    const signers = await signPetition(t, id, 5);
    // One waiting for confirmation, and a block list entry of this petition holding an email.
    await t.admin.updatePetition(id, { title: 'Erased early', confirm_signers: 'true' });
    const [waiting] = await signPetition(t, id, 1, false);
    assert.equal((await personalColumns(t, id)).at(-1)!['state'], 'unconfirmed');
    await readDatabase(t, (db) =>
      db.prepare<[number, number]>("INSERT INTO block_entries (petition_id, kind, value, low, high, created_at) VALUES (?, 'email', 'blocked.signer@example.org', NULL, NULL, ?)").run(id, Date.now()),
    );
    await f.client.get(retentionPath(id));
    const whileOpen = await f.client.post(`/admin/petitions/${id}/erase`, { confirmed: 'yes' });
    assert.equal(whileOpen.status, 409);
    assert.match(pageText(whileOpen.body), /This petition is open: close it before erasing its signers' personal data\./);

    await t.admin.updatePetition(id, { status: 'closed' });
    const seen = await publicView(t, id);
    const asked = await f.client.get(`/admin/petitions/${id}/erase`);
    assert.match(pageText(asked.body), /Every signer’s personal data on this petition goes now, and cannot be brought back/);
    const unconfirmed = await f.client.post(`/admin/petitions/${id}/erase`, {});
    assert.equal(unconfirmed.status, 400, 'a post without the confirmation asks again');
    assert.equal((await personalColumns(t, id))[0]!['email'], signers[0]!.email, 'and erases nothing');

    await f.client.get(`/admin/petitions/${id}/erase`);
    const erased = await f.client.post(`/admin/petitions/${id}/erase`, { confirmed: 'yes' });
    assert.equal(erased.status, 303);
    const after = await f.client.get(erased.location!);
    assert.match(pageText(after.body), /The signers’ personal data is erased\. The count and the public list are unchanged\./);
    assert.match(pageText(after.body), /Signers’ personal data was erased on /);
    const rows = await personalColumns(t, id);
    assert.equal(rows.length, 5, 'the unconfirmed signature went');
    assert.ok(rows.every((row) => row['email'] === '' && row['phone'] === null && row['erased_at'] !== null));
    assert.ok(!rows.some((row) => row['email'] === waiting!.email));
    assert.deepEqual(await publicView(t, id), seen);
    const blockEntries = await readDatabase(t, (db) => db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM block_entries WHERE petition_id = ?').get(id));
    assert.equal(Number(blockEntries!.n), 0);
    const entries = (await auditEntries(t, 'personal data erased')).filter((entry) => entry.subject === `petition ${id}`);
    assert.deepEqual(entries, [
      { actor: 'operator@example.org', subject: `petition ${id}`, detail: 'operator: 5 signatures erased, 1 unconfirmed removed, 0 queued removed, 1 block list entries removed' },
    ]);
    for (const signer of signers) assert.ok(!JSON.stringify(entries).includes(signer.email));
    // Its page now says so, and offers neither the period nor the erasure again.
    assert.doesNotMatch(after.body, /Erase personal data now|Save retention period/);

    // Nor can it take signatures again: its emails are gone, so each signer could sign twice.
    await assert.rejects(t.admin.updatePetition(id, { status: 'open' }), /status: its signers' personal data was erased/);
    assert.equal((await t.admin.petition(id)).status, 'closed');
    await assert.doesNotReject(t.admin.updatePetition(id, { title: 'Erased early, renamed' }), 'other fields may still change');
  });
});
