// A submission's petition and key request are remembered between submissions
// (src/service/signatures/submission-lookups.ts); these check that nothing remembered outlives a change:
// made in the service's own process (the console) or by another connection (an admin command),
// each right after a submission that used the remembered rows.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openAdmin } from '../../../src/service/admin.js';
import { openDatabase } from '../../../src/service/store/engines/database.js';
import { SqliteEngine } from '../../../src/service/store/engines/sqlite-engine.js';
import { createStore } from '../../../src/service/store/store.js';
import { MAX_KEY_REQUESTS, SubmissionLookups } from '../../../src/service/signatures/submission-lookups.js';
import { startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { authKeysPath, grantedKey, keyRequestFields, signedPost, signerFields, submitSignature } from '../harness.js';

let fixture: ConsoleFixture;

before(async () => {
  fixture = await startConsoleFixture();
});
after(() => fixture.close());

async function statusOf(source: string, key: string): Promise<{ status: number; messages?: string[] }> {
  const response = await submitSignature(fixture.t, source, key, signerFields());
  const body = (await response.json()) as { messages?: string[] };
  return { status: response.status, messages: body.messages };
}

async function keyRequestId(source: string): Promise<number> {
  return (await fixture.t.admin.listAuthKeys()).find((row) => row.source === source)!.id;
}

describe('what a submission remembers is dropped when it changes', () => {
  test('a petition closed and opened again by an admin command (another connection) takes effect at once', async () => {
    const source = 'https://lookups-admin.example.org/';
    const key = await grantedKey(fixture.t, source);
    const { t } = fixture;
    // Twice: the second is accepted on remembered rows, so the refusal below is made at the commit.
    assert.equal((await statusOf(source, key)).status, 202);
    assert.equal((await statusOf(source, key)).status, 202);
    await t.admin.updatePetition(t.petitionId, { status: 'closed' });
    assert.deepEqual(await statusOf(source, key), { status: 403, messages: ['petition is closed'] });
    await t.admin.updatePetition(t.petitionId, { status: 'open' });
    assert.equal((await statusOf(source, key)).status, 202);
  });

  test('a key revoked by an admin command is refused on the next submission', async () => {
    const source = 'https://lookups-revoke.example.org/';
    const key = await grantedKey(fixture.t, source);
    assert.equal((await statusOf(source, key)).status, 202);
    assert.equal((await statusOf(source, key)).status, 202);
    await fixture.t.admin.revoke(await keyRequestId(source));
    assert.deepEqual(await statusOf(source, key), { status: 403, messages: ['auth_key: this authorization key has been revoked'] });
  });

  test('a key granted by an admin command after a refused submission works at once', async () => {
    const { t } = fixture;
    const source = 'https://lookups-grant.example.org/';
    assert.equal((await signedPost(t, authKeysPath(t.petitionId), keyRequestFields(source))).status, 202);
    // Refused while the request is pending: that request is what a submission now remembers.
    assert.equal((await statusOf(source, 'a key not granted yet')).status, 401);
    await t.admin.grant(await keyRequestId(source));
    const answer = await signedPost(t, authKeysPath(t.petitionId), keyRequestFields(source));
    const { auth_key } = (await answer.json()) as { auth_key: string };
    assert.equal((await statusOf(source, auth_key)).status, 202);
  });

  test('a petition closed and opened in the console (the same process) takes effect at once', async () => {
    const source = 'https://lookups-console.example.org/';
    const key = await grantedKey(fixture.t, source);
    const { t, client } = fixture;
    assert.equal((await statusOf(source, key)).status, 202);
    await client.get(`/admin/petitions/${t.petitionId}/close`); // the confirmation, for its form's token
    assert.equal((await client.post(`/admin/petitions/${t.petitionId}/close`, { confirmed: 'yes' })).status, 303);
    assert.deepEqual(await statusOf(source, key), { status: 403, messages: ['petition is closed'] });
    await client.get(`/admin/petitions/${t.petitionId}`);
    assert.equal((await client.post(`/admin/petitions/${t.petitionId}/open`)).status, 303);
    assert.equal((await statusOf(source, key)).status, 202);
  });

  test('a key revoked in the console is refused on the next submission', async () => {
    const source = 'https://lookups-console-revoke.example.org/';
    const key = await grantedKey(fixture.t, source);
    assert.equal((await statusOf(source, key)).status, 202);
    await fixture.client.get('/admin/key-requests');
    assert.equal((await fixture.client.post(`/admin/key-requests/${await keyRequestId(source)}/revoke`)).status, 303);
    assert.deepEqual(await statusOf(source, key), { status: 403, messages: ['auth_key: this authorization key has been revoked'] });
  });
});

test(`at most ${MAX_KEY_REQUESTS} key requests are remembered: one more drops them all`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lookups-cap-'));
  try {
    const dbPath = join(dir, 'service.db');
    const admin = await openAdmin(dbPath);
    await admin.createConsumer('cap');
    const { petition_id } = await admin.createPetition('Cap');
    await admin.close();
    const store = createStore(new SqliteEngine(openDatabase(dbPath)));
    const sources = Array.from({ length: MAX_KEY_REQUESTS + 1 }, (_, i) => `https://source-${i}.example.org/`);
    await store.db.transaction(async () => {
      for (const source of sources) {
        await store.insertAuthKeyRequest.get({
          petition_id, consumer_id: 1, source, source_description: 'cap', requester_email: 'cap@example.org',
          callback_endpoint: 'https://cap.example.org/callback', callback_host: 'cap.example.org', created_at: 0,
        });
      }
    });
    await store.db.prepare("UPDATE auth_key_requests SET status = 'granted', auth_key = 'key-' || id").run();
    const lookups = new SubmissionLookups(store);
    for (const source of sources.slice(0, MAX_KEY_REQUESTS)) assert.equal((await lookups.keyRequest(petition_id, 1, source))?.status, 'granted');
    // Changed behind the lookups' back (no counted write, same connection): only a row read again sees it.
    await store.db.prepare("UPDATE auth_key_requests SET status = 'revoked'").run();
    assert.equal((await lookups.keyRequest(petition_id, 1, sources[0]!))?.status, 'granted', 'still remembered while under the cap');
    await lookups.keyRequest(petition_id, 1, sources[MAX_KEY_REQUESTS]!);
    assert.equal((await lookups.keyRequest(petition_id, 1, sources[0]!))?.status, 'revoked', 'dropped once the cap was reached');
    await store.db.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
