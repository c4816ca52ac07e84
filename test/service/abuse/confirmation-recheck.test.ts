// A signature waiting for its signer's confirmation is judged again when it is confirmed (issue
// 31: three signatures from a range the operator then blocked and invalidated counted once
// confirmed). Over real SMTP and the console: a bulk invalidation made while it waited and whose
// filter takes it makes it join that batch (undoing the batch counts it: its signer confirmed);
// a block list added while it waited removes it; either way the signer's page says the signature
// cannot be accepted (403), by link and by code. Look-alikes: the neighbouring network, a batch
// made before the signature arrived, an undone batch.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pageText } from '../console-client.js';
import { readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually, getJson, grantedKey, signerFields, submitSignature, urlOf } from '../harness.js';
import type { TestService } from '../harness.js';
import { startMailCatcher } from '../mail-catcher.js';
import type { MailCatcher } from '../mail-catcher.js';

const source = 'https://recheck.example.org/';
const REFUSED = /This signature cannot be accepted/;
let catcher: MailCatcher;
let f: ConsoleFixture;
let t: TestService;
let key: string;

before(async () => {
  catcher = await startMailCatcher();
  f = await startConsoleFixture({ smtp: { url: catcher.url, from: 'petitions@example.org' } });
  t = f.t;
  await t.admin.updatePetition(t.petitionId, { confirm_signers: 'true' });
  key = await grantedKey(t, source);
});
after(async () => {
  await f.close();
  await catcher.close();
});

const count = async () => (await getJson(t, `/v1/petitions/${t.petitionId}`)).body.signature_count as number;

/** Signs from `address` and waits for the confirmation mail; answers its link and code. */
async function signWaiting(email: string, address: string, hidden = false): Promise<{ link: string; code: string }> {
  const fields = signerFields(hidden ? { email, hidden: 'true' } : { email });
  const response = await submitSignature(t, source, key, [...fields, ['client_address', address]]);
  assert.equal(response.status, 202, await response.text());
  const [mail] = await eventually(() => catcher.mails.filter((m) => m.to === email), (mails) => mails.length > 0, 5000);
  assert.ok(mail?.link && mail.code);
  return { link: mail.link, code: mail.code };
}

const press = (link: string) => fetch(link, { method: 'POST', redirect: 'manual' });
const typeCode = (email: string, code: string) =>
  fetch(urlOf(t, '/confirm'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, code }) });

async function consolePost(page: string, path: string, form: Record<string, string>): Promise<void> {
  await f.client.get(page);
  const answer = await f.client.post(path, form);
  assert.equal(answer.status, 303, pageText(answer.body));
}
const bulkPage = () => `/admin/petitions/${t.petitionId}/bulk-invalidation`;
const invalidate = (filter: Record<string, string>) => consolePost(bulkPage(), bulkPage(), filter);
const block = (kind: string, value: string) => consolePost('/admin/block-list', '/admin/block-list', { kind, value, petition: '' });

const listedPosition = (email: string) =>
  readDatabase(t, async (db) => (await db.prepare<[string], { p: number | null }>('SELECT listed_position AS p FROM signatures WHERE email = ?').get(email))!.p);
const lastListed = async () => (await getJson(t, `/v1/petitions/${t.petitionId}`)).body as { signature_count: number };

async function stateOf(email: string): Promise<{ state: string; batch: number | null } | undefined> {
  return readDatabase(t, async (db) => {
    const row = await db.prepare<[string], { state: string; batch: number | null }>('SELECT state, invalidation_batch_id AS batch FROM signatures WHERE email = ?').get(email);
    return row && { state: row.state, batch: row.batch === null ? null : Number(row.batch) };
  });
}
const latestBatch = () =>
  readDatabase(t, async (db) => (await db.prepare<[], { id: number; invalidated: number }>('SELECT id, invalidated FROM invalidation_batches ORDER BY id DESC LIMIT 1').get())!);

describe('confirmation asks the operator again', () => {
  test('signatures waiting while their range was invalidated in bulk join that batch when confirmed; the neighbour counts; undoing the batch counts them', async () => {
    const early = await signWaiting('counted.first@example.org', '203.0.113.200');
    assert.equal((await press(early.link)).status, 200);
    const waiting = [];
    for (const i of [1, 2, 3]) waiting.push({ email: `waiting${i}@example.org`, ...(await signWaiting(`waiting${i}@example.org`, `203.0.113.${i}`)) });
    const neighbour = await signWaiting('neighbour@example.org', '203.0.114.1');
    const before = await count();
    await invalidate({ range: '203.0.113.0/24' });
    const batch = await latestBatch();
    assert.equal(Number(batch.invalidated), 1, 'the bulk invalidation took the one counted signature');
    assert.equal(await count(), before - 1);

    for (const [index, signer] of waiting.entries()) {
      const answer = index === 2 ? await typeCode(signer.email, signer.code) : await press(signer.link);
      assert.equal(answer.status, 403, `${signer.email}: by ${index === 2 ? 'code' : 'link'}`);
      assert.match(pageText(await answer.text()), REFUSED);
      assert.deepEqual(await stateOf(signer.email), { state: 'invalidated', batch: Number(batch.id) });
    }
    assert.equal(await count(), before - 1, 'none of the three counted');
    assert.equal(Number((await latestBatch()).invalidated), 4, 'the batch holds them beside the one it took');
    assert.equal((await press(waiting[0]!.link)).status, 404, 'the link is used up');

    assert.equal((await press(neighbour.link)).status, 200, '203.0.114.1 is outside the range');
    assert.equal(await count(), before);

    await consolePost(bulkPage(), `/admin/invalidation-batches/${batch.id}/undo`, {});
    assert.equal(await count(), before + 4, 'the undo counts the batch, the three confirmed signers included');
    for (const signer of waiting) assert.equal((await stateOf(signer.email))?.state, 'counted');
  });

  test('a batch made before the signature arrived, or undone, does not take it', async () => {
    await invalidate({ range: '192.0.2.0/24' });
    const later = await signWaiting('arrived.after@example.org', '192.0.2.10');
    const undoneToo = await signWaiting('undone.batch@example.org', '192.0.2.11');
    await invalidate({ range: '192.0.2.11/32' });
    const undone = await latestBatch();
    await consolePost(bulkPage(), `/admin/invalidation-batches/${undone.id}/undo`, {});
    const before = await count();
    assert.equal((await press(later.link)).status, 200);
    assert.equal((await press(undoneToo.link)).status, 200);
    assert.equal(await count(), before + 2);
  });

  test('a block list added while a signature waited removes it when confirmed; its look-alike counts', async () => {
    const blocked = await signWaiting('someone@blocked-later.example', '198.51.100.20');
    const byCode = await signWaiting('another@blocked-later.example', '198.51.100.21');
    const lookAlike = await signWaiting('someone@not-blocked-later.example', '198.51.100.22');
    const byRange = await signWaiting('ranged@example.org', '2001:db8:77::1');
    await block('domain', 'blocked-later.example');
    await block('range', '2001:db8:77::/48');
    // Changed through this service's own console: its lists are read again at once.
    const before = await count();
    const first = await press(blocked.link);
    assert.equal(first.status, 403);
    assert.match(pageText(await first.text()), REFUSED);
    assert.equal(await stateOf('someone@blocked-later.example'), undefined, 'removed, as a refused submission stores nothing');
    const second = await typeCode('another@blocked-later.example', byCode.code);
    assert.equal(second.status, 403);
    assert.equal((await press(byRange.link)).status, 403);
    assert.equal(await count(), before);
    assert.equal((await press(lookAlike.link)).status, 200, 'not-blocked-later.example is not under blocked-later.example');
    assert.equal(await count(), before + 1);
  });

  test('a hidden signer stays unlisted when confirmed, and when a batch that took them is undone; counted both times', async () => {
    const hidden = await signWaiting('hidden.signer@example.org', '100.64.0.1', true);
    const shown = await signWaiting('shown.signer@example.org', '100.64.0.2');
    const before = (await lastListed()).signature_count;
    assert.equal((await press(hidden.link)).status, 200);
    assert.equal((await press(shown.link)).status, 200);
    assert.equal(await listedPosition('hidden.signer@example.org'), null, 'confirmed, counted, never listed');
    assert.notEqual(await listedPosition('shown.signer@example.org'), null);
    assert.equal((await lastListed()).signature_count, before + 2);

    await invalidate({ range: '100.64.0.0/30' });
    const batch = await latestBatch();
    assert.equal(Number(batch.invalidated), 2);
    await consolePost(bulkPage(), `/admin/invalidation-batches/${batch.id}/undo`, {});
    assert.equal((await lastListed()).signature_count, before + 2);
    assert.equal(await listedPosition('hidden.signer@example.org'), null, 'restored, counted, still not listed');
    assert.notEqual(await listedPosition('shown.signer@example.org'), null);
  });
});
