// The operator's moderation through the console: hiding a name, invalidating a signature and
// erasing a signer keep the listed positions dense (the API's pages still tile the list), the
// counts right, and an erased signer's details out of the database file and its WAL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pageText } from '../console-client.js';
import { assertDense, everyListedThroughApi, listedState, readDatabase, signatureAt, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { authKeysPath, eventually, getJson, grantedKey, keyRequestFields, signaturesPath, signedPost, signerFields, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import { onPostgres } from '../test-database.js';

const SEEDED = 300;
let f: ConsoleFixture;
let t: TestService;

before(async () => {
  f = await startConsoleFixture();
  t = f.t;
  await t.admin.seed(t.petitionId, SEEDED);
});
after(() => f.close());

async function act(signatureId: number, action: 'hide' | 'show' | 'invalidate' | 'erase', fields: Record<string, string> = {}) {
  await f.client.get(`/admin/signatures/${signatureId}`);
  return f.client.post(`/admin/signatures/${signatureId}/${action}`, fields);
}

async function apiCount(petitionId: number): Promise<number> {
  return (await getJson(t, `/v1/petitions/${petitionId}`)).body.signature_count;
}

describe('hiding and invalidating', () => {
  test('hiding a name near the newest end moves the newer rows down; near the oldest end, the older rows up; the count stays', async () => {
    const before = await assertDense(t, t.petitionId);
    const listedBefore = await everyListedThroughApi(t, t.petitionId);
    const nearNewest = await signatureAt(t, t.petitionId, before.last - 3);
    const hidden = await act(nearNewest.id, 'hide');
    assert.equal(hidden.location, `/admin/signatures/${nearNewest.id}?done=hidden`);
    const afterNewest = await assertDense(t, t.petitionId);
    assert.deepEqual([afterNewest.first, afterNewest.last], [before.first, before.last - 1], 'the shorter side (the newer rows) moved');
    assert.equal(afterNewest.signatureCount, before.signatureCount, 'a hidden name still counts');

    const nearOldest = await signatureAt(t, t.petitionId, before.first + 2);
    await act(nearOldest.id, 'hide');
    const afterOldest = await assertDense(t, t.petitionId);
    assert.deepEqual([afterOldest.first, afterOldest.last], [before.first + 1, before.last - 1], 'the shorter side (the older rows) moved');

    const listedAfter = await everyListedThroughApi(t, t.petitionId);
    const name = (s: { first_name: string; last_name: string }) => `${s.first_name} ${s.last_name}`;
    const expected = listedBefore.filter((_, index) => index !== before.last - 3 - before.first && index !== 2);
    assert.deepEqual(listedAfter, expected, 'the API lists everyone else, in order, across every page');
    assert.equal(listedAfter.length, listedBefore.length - 2);
    assert.ok(!listedAfter.some((s) => s.name === name(nearNewest) && s.signed_on === listedBefore[before.last - 3 - before.first]!.signed_on));
    assert.deepEqual(await everyListedThroughApi(t, t.petitionId, 'time_desc'), [...listedAfter].reverse());
    assert.equal(await apiCount(t.petitionId), SEEDED);

    const again = await act(nearOldest.id, 'hide');
    assert.equal(again.status, 400);
    assert.match(pageText(again.body), /There is a problem signature \d+ is already hidden/);
  });

  test('invalidating a listed signature in the middle: it no longer counts, the list closes up; a hidden one: only the count changes', async () => {
    const before = await assertDense(t, t.petitionId);
    const middle = await signatureAt(t, t.petitionId, Math.floor((before.first + before.last) / 2));
    assert.equal((await act(middle.id, 'invalidate')).location, `/admin/signatures/${middle.id}?done=invalidated`);
    const after = await assertDense(t, t.petitionId);
    assert.equal(after.rows, before.rows - 1);
    assert.equal(after.signatureCount, before.signatureCount - 1);
    assert.equal(await apiCount(t.petitionId), before.signatureCount - 1);
    assert.equal((await everyListedThroughApi(t, t.petitionId)).length, after.rows);

    const hiddenId = (await readDatabase(t, (db) => db.prepare<[number, string], { id: number }>('SELECT id FROM signatures WHERE petition_id = ? AND hidden = 1 AND state = ? LIMIT 1').get(t.petitionId, 'counted')))!.id;
    await act(hiddenId, 'invalidate');
    const afterHidden = await assertDense(t, t.petitionId);
    assert.equal(afterHidden.rows, after.rows);
    assert.equal(afterHidden.signatureCount, after.signatureCount - 1);
    assert.match(pageText((await f.client.get(`/admin/signatures/${middle.id}`)).body), /Status Invalidated/);
  });
});

describe('showing a hidden name again', () => {
  test('a name an operator hid goes back to its place in time order, wherever it was; the list and count are as before', async () => {
    const before = await assertDense(t, t.petitionId);
    const listedBefore = await everyListedThroughApi(t, t.petitionId);
    // Near the newest end, near the oldest end, and in the middle: each side of the list moves.
    const picked = [before.last - 2, before.first + 1, Math.floor((before.first + before.last) / 2)];
    const ids = [];
    for (const position of picked) ids.push((await signatureAt(t, t.petitionId, position)).id);
    for (const id of ids) await act(id, 'hide');
    assert.equal((await listedState(t, t.petitionId)).rows, before.rows - 3);

    const page = pageText((await f.client.get(`/admin/signatures/${ids[0]}`)).body);
    assert.match(page, /Show name in the list/);
    for (const id of [...ids].reverse()) {
      const shown = await act(id, 'show');
      assert.equal(shown.location, `/admin/signatures/${id}?done=shown`, pageText(shown.body));
      await assertDense(t, t.petitionId);
    }
    const after = await assertDense(t, t.petitionId);
    assert.equal(after.rows, before.rows);
    assert.equal(after.signatureCount, before.signatureCount);
    assert.deepEqual(await everyListedThroughApi(t, t.petitionId), listedBefore, 'the API lists everyone in the same order as before');
    assert.deepEqual(await everyListedThroughApi(t, t.petitionId, 'time_desc'), [...listedBefore].reverse());
    assert.match(pageText((await f.client.get(`/admin/signatures/${ids[0]}?done=shown`)).body), /The name is back in the public list.*Status Counted and listed.*Hide name from the list/);

    const again = await act(ids[0]!, 'show');
    assert.equal(again.status, 400);
    assert.match(pageText(again.body), /There is a problem signature \d+ is already shown in the list/);
    const audit = pageText((await f.client.get('/admin/audit')).body);
    assert.match(audit, new RegExp(`operator@example\\.org signature shown signature ${ids[0]} petition ${t.petitionId}`));
  });

  test('a name its signer asked to hide has no button, and the console and the command refuse to show it', async () => {
    const signerHidden = (await readDatabase(t, (db) => db.prepare<[number], { id: number }>(
          // Hidden by its signer: no operator's hiding of it in the audit log (another test hides some).
          "SELECT id FROM signatures s WHERE petition_id = ? AND hidden = 1 AND state = 'counted' AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.subject = 'signature ' || s.id) ORDER BY id LIMIT 1",
        ).get(t.petitionId)))!.id;
    const page = pageText((await f.client.get(`/admin/signatures/${signerHidden}`)).body);
    assert.match(page, /Status Counted, name hidden/);
    assert.doesNotMatch(page, /Show name in the list/);
    const refused = await act(signerHidden, 'show');
    assert.equal(refused.status, 400);
    assert.match(pageText(refused.body), /There is a problem signature \d+ was hidden at its signer’s request, so it stays hidden/);
    await assert.rejects(t.admin.showName(signerHidden), /hidden at its signer’s request/);
    assert.equal((await readDatabase(t, (db) => db.prepare<[number], { hidden: number }>('SELECT hidden FROM signatures WHERE id = ?').get(signerHidden)))!.hidden, 1);
  });

  test('the admin commands hide-name and show-name do the same, audited as the command line', async () => {
    const before = await assertDense(t, t.petitionId);
    const listedBefore = await everyListedThroughApi(t, t.petitionId);
    const { id } = await signatureAt(t, t.petitionId, before.first + 5);
    assert.deepEqual(await t.admin.hideName(id), { signature_id: id, petition_id: t.petitionId, hidden: true });
    assert.equal((await listedState(t, t.petitionId)).rows, before.rows - 1);
    assert.deepEqual(await t.admin.showName(id), { signature_id: id, petition_id: t.petitionId, hidden: false });
    await assertDense(t, t.petitionId);
    assert.deepEqual(await everyListedThroughApi(t, t.petitionId), listedBefore);
    assert.match(pageText((await f.client.get('/admin/audit')).body), new RegExp(`command line signature shown signature ${id}`));
  });
});

/** A key for another petition, requested and granted as for the harness's own. */
async function keyFor(petitionId: number, source: string): Promise<string> {
  await signedPost(t, authKeysPath(petitionId), keyRequestFields(source));
  const request = (await t.admin.listAuthKeys()).find((row) => row.petition_id === petitionId && row.source === source)!;
  await t.admin.grant(request.id);
  return ((await (await signedPost(t, authKeysPath(petitionId), keyRequestFields(source))).json()) as { auth_key: string }).auth_key;
}

describe('erasing a signer', () => {
  test('every signature of the address goes, on every petition; counts follow; no byte of it is left in the file or its WAL', async () => {
    const email = 'quintessa.zyxwvutsrq@example.net';
    const details = { first_name: 'Quintessa', last_name: 'Zyxwvutsrq', email, address: '77 Forgetme Lane', postal_code: 'ZE3 9QZ' };
    const source = 'https://erasure.example.org/';
    const key = await grantedKey(t, source);
    assert.equal((await submitSignature(t, source, key, signerFields(details))).status, 202);
    // Signatures after hers make the table's pages split and move around her row.
    for (let i = 0; i < 150; i++) assert.equal((await submitSignature(t, source, key, signerFields())).status, 202);

    const { petition_id: other } = await t.admin.createPetition('Another petition');
    const otherSource = 'https://erasure.example.org/other';
    const otherKey = await keyFor(other, otherSource);
    const submitted = await signedPost(t, signaturesPath(other), [['source', otherSource], ...signerFields(details)], otherKey);
    assert.equal(submitted.status, 202);
    const hers = () => readDatabase(t, (db) => db.prepare<[string], { id: number; petition_id: number }>('SELECT id, petition_id FROM signatures WHERE email = ? ORDER BY id').all(email));
    const found = await eventually(hers, (rows) => rows.length === 2, 3000);
    assert.equal(found.length, 2);
    const countsBefore = [await apiCount(t.petitionId), await apiCount(other)];

    // Found by the console's search, so she is in its index (search-index.ts) before she goes.
    const searched = await f.client.get(`/admin/petitions/${t.petitionId}/signatures?q=zyxwvutsrq`);
    assert.match(pageText(searched.body), /Quintessa Zyxwvutsrq/);
    const page = await f.client.get(`/admin/signatures/${found[0]!.id}`);
    assert.match(pageText(page.body), /this one and 1 on other petitions/);
    const unconfirmed = await f.client.post(`/admin/signatures/${found[0]!.id}/erase`, {});
    assert.equal(unconfirmed.status, 400, 'the operator confirms that the signer asked');
    assert.match(pageText(unconfirmed.body), /There is a problem Confirm that the signer asked for their personal data to be erased/);
    assert.equal((await hers()).length, 2);

    const erased = await f.client.post(`/admin/signatures/${found[0]!.id}/erase`, { confirmed: 'yes' });
    assert.equal(erased.location, `/admin/petitions/${t.petitionId}/signatures?done=erased`);
    assert.equal((await hers()).length, 0);
    assert.deepEqual([await apiCount(t.petitionId), await apiCount(other)], [countsBefore[0]! - 1, countsBefore[1]! - 1]);
    await assertDense(t, t.petitionId);
    await assertDense(t, other);

    // PostgreSQL's pages and WAL are the server's: there the bytes go when VACUUM and WAL
    // recycling reach them (src/service/README.md), so only the SQLite file is read here.
    for (const path of onPostgres ? [] : [t.dbPath, `${t.dbPath}-wal`]) {
      const bytes = readFileSync(path);
      // The search index's terms are folded, and may be stored as a suffix after a shared prefix.
      for (const text of [email, details.last_name, details.address, details.postal_code, 'zyxwvutsrq quintessa', 'yxwvutsrq', 'e39qz']) {
        assert.equal(bytes.indexOf(Buffer.from(text, 'utf8')), -1, `${text} is not in ${path.endsWith('-wal') ? 'the WAL' : 'the database file'}`);
      }
    }
    const audit = pageText((await f.client.get('/admin/audit')).body);
    assert.match(audit, new RegExp(`operator@example\\.org signer erased signature ${found[0]!.id} signatures ${found[0]!.id}, ${found[1]!.id}; petitions ${t.petitionId}, ${other}`));

    // She may sign again: nothing of her is remembered.
    assert.equal((await submitSignature(t, source, key, signerFields(details))).status, 202);
    assert.equal((await eventually(hers, (rows) => rows.length === 1, 3000)).length, 1);
  });

  test('a signer erased is gone from the list the API pages, which stays dense', async () => {
    const state = await listedState(t, t.petitionId);
    const victim = await signatureAt(t, t.petitionId, state.last - 1);
    await act(victim.id, 'erase', { confirmed: 'yes' });
    const after = await assertDense(t, t.petitionId);
    assert.equal(after.rows, state.rows - 1);
    assert.equal((await everyListedThroughApi(t, t.petitionId)).length, after.rows);
  });
});
