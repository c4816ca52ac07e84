// GET /api/petitions/:id/breakdown: the service's signatures by place, passed on as it is,
// kept for cacheSeconds (one upstream read however many visitors ask), and answered from the last
// good answer, marked stale, while the service cannot answer.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Stack, keysDecided } from '../stack.js';
import { read } from './outage-fixture.js';

describe('the breakdown read', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack({ seedPerPetition: 12, config: { cacheSeconds: 30 }, proxy: { readPauseMs: 0 } }).start();
    await keysDecided(stack.proxy!);
  });
  after(() => stack.close());

  const breakdownPath = (petition: number) => `/api/petitions/${petition}/breakdown`;

  test("the service's answer, read once while it is cached", async () => {
    const petition = stack.petitionIds[0]!;
    stack.relay.reset();
    const first = await read(stack, breakdownPath(petition));
    assert.equal(first.status, 200);
    assert.equal(first.stale, false);
    assert.equal(first.body['signature_count'], 12);
    assert.equal(first.body['minimum_group'], 5);
    for (let i = 0; i < 3; i++) assert.deepEqual((await read(stack, breakdownPath(petition))).body, first.body);
    assert.equal(stack.relay.count(`GET /v1/petitions/${petition}/signatures/breakdown`), 1);
  });

  test('an unknown petition is 404 without asking the service', async () => {
    stack.relay.reset();
    assert.equal((await read(stack, breakdownPath(999_999))).status, 404);
    assert.equal(stack.relay.count('GET /v1/petitions/999999/signatures/breakdown'), 0);
  });
});

test('while the service fails, the last good breakdown is answered, marked stale', async () => {
  const stack = await new Stack({ seedPerPetition: 6, config: { cacheSeconds: 0 }, proxy: { readPauseMs: 0 } }).start();
  try {
    await keysDecided(stack.proxy!);
    const petition = stack.petitionIds[0]!;
    const path = `/api/petitions/${petition}/breakdown`;
    const good = await read(stack, path);
    assert.equal(good.status, 200);
    stack.relay.answers.set(`GET /v1/petitions/${petition}/signatures/breakdown`, { status: 500, body: '{"result":"failure","messages":["x"]}' });
    const stale = await read(stack, path);
    assert.equal(stale.status, 200);
    assert.equal(stale.stale, true);
    assert.deepEqual(stale.body, good.body);
  } finally {
    await stack.close();
  }
});
