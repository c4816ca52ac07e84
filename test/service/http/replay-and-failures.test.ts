// Replay memory and failed authentication: a signed submission sent again is a duplicate for as
// long as its timestamp is acceptable, even after pruning and after the signature itself went;
// failed authentications are counted per client address, never against a consumer's budget.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';
import { forgetExpiredRequestSignatures, TIMESTAMP_WINDOW_MS } from '../../../src/service/http/request-auth.js';
import { createStore } from '../../../src/service/store/store.js';
import { formEncode, signFormBody } from '../../../src/shared/signing.js';
import { eventually, getJson, grantedKey, postForm, signaturesPath, signedPairs, signerFields, startTestService, urlOf } from '../harness.js';
import { requestFrom } from '../local-address.js';
import { awayFromTheMinuteEnd, withDatabase } from '../test-database.js';

test('replay memory lasts the whole timestamp window, even after pruning and after the signature is gone', async () => {
  const t = await startTestService();
  const store = createStore(await openStoreEngine(t.dbPath));
  try {
    const source = 'https://replay.example.org/';
    const key = await grantedKey(t, source);
    const path = signaturesPath(t.petitionId);
    // A client whose clock runs 4 minutes ahead: the longest a copy of its request stays acceptable.
    const timestamp = Date.now() + 4 * 60_000;
    const fields = signerFields({ first_name: 'Replayed', last_name: 'Once', hidden: 'true' });
    const body = await signFormBody(signedPairs(t, path, [['source', source], ...fields], new Date(timestamp)), t.consumer.secret, key);
    assert.equal((await postForm(t, path, body)).status, 202);
    const email = Object.fromEntries(fields)['email']!;
    await eventually(() => getJson(t, path), (r) => r.body.signature_count === 1, 2000);

    // The signature is removed (as an erasure would), and memory pruned at the last moment a copy
    // of the request could still be accepted: the copy must still be refused.
    const removed = await withDatabase(t.dbPath, (db) => db.prepare('DELETE FROM signatures WHERE email = ?').run(email));
    assert.equal(removed.changes, 1);
    await forgetExpiredRequestSignatures(store, timestamp + TIMESTAMP_WINDOW_MS - 1);
    const again = await postForm(t, path, body);
    assert.equal(again.status, 409, 'the same request cannot add the signature again');

    await forgetExpiredRequestSignatures(store, timestamp + TIMESTAMP_WINDOW_MS + 1);
    const left = (await store.db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM seen_request_signatures').get())!;
    assert.equal(left.n, 0, 'forgotten once no copy could be accepted any more');
  } finally {
    await store.db.close();
    await t.close();
  }
});

test("failed authentications are limited per address and never spend the consumer's budget", async () => {
  const t = await startTestService({ rateLimitPerMinute: 20, authFailuresPerMinute: 30 });
  try {
    await awayFromTheMinuteEnd();
    const source = 'https://budget.example.org/';
    await grantedKey(t, source);
    const path = signaturesPath(t.petitionId);
    const garbage = formEncode([...signedPairs(t, path, [['source', source], ...signerFields()]), ['rsig', '0'.repeat(64)]]);
    const form = { method: 'POST', body: garbage, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await requestFrom('127.0.0.2', urlOf(t, path), form)).status);
    assert.deepEqual(statuses.slice(0, 30), Array(30).fill(401));
    assert.deepEqual(statuses.slice(30), Array(30).fill(429), 'the address is refused once over its budget of failures');
    const limited = await requestFrom('127.0.0.2', `${urlOf(t, path)}?api_key=${t.consumer.api_key}`);
    assert.equal(limited.status, 429, 'every request from that address, while it is over');
    assert.ok(Number(limited.headers['retry-after']) >= 1);
    assert.match(JSON.parse(limited.body).messages[0], /^too many failed authentications from this address/);

    // The consumer's own requests from its own address: its whole budget is still there
    // (the two key requests of grantedKey and these 18 reads make 20).
    for (let i = 0; i < 18; i++) assert.equal((await getJson(t, path)).status, 200, `read ${i + 1}`);
    assert.equal((await getJson(t, path)).status, 429, 'and the budget itself still holds');

    // Unknown keys are failures too.
    const unknown = [];
    for (let i = 0; i < 31; i++) unknown.push((await requestFrom('127.0.0.3', `${urlOf(t, path)}?api_key=pk_nobody`)).status);
    assert.deepEqual([unknown[0], unknown[29], unknown[30]], [401, 401, 429]);
  } finally {
    await t.close();
  }
});
