// Cached recent signers answered ahead of the Hono app on Node (cached-read-listener.ts): the
// answer must be the app's own, header for header, fresh or stale, for every origin case; what it
// cannot settle (a refused origin, a query, an unknown petition, nothing kept) goes to the app.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Stack, eventually, keysDecided } from '../stack.js';
import { fromListener, normalised, rawRequest } from '../raw-answer.js';

const rawGet = (base: string, path: string, headers: Record<string, string> = {}) => rawRequest(base, path, { headers });

describe('cached recent signers, answered ahead of the app', () => {
  let stack: Stack;
  let recent: string;
  const allowed = { origin: 'https://www.example.org' };
  before(async () => {
    stack = await new Stack({ seedPerPetition: 3, config: { cacheSeconds: 30 } }).start();
    await keysDecided(stack.proxy!);
    recent = `/api/petitions/${stack.petitionIds[0]}/signatures/recent`;
  });
  after(() => stack.close());

  for (const [name, headers] of [['no Origin', {}], ['an allowed Origin', allowed]] as const) {
    test(`${name}: the kept answer equals the app's, header for header`, async () => {
      stack.relay.reset();
      await stack.proxy!.close();
      await stack.startProxy();
      const first = await rawGet(stack.proxy!.url, recent, headers);
      const second = await rawGet(stack.proxy!.url, recent, headers);
      assert.equal(first.status, 200);
      assert.ok(!fromListener(first), 'nothing was kept yet: the app answered');
      assert.ok(fromListener(second), 'the second was answered from the cache');
      assert.deepEqual(normalised(second), normalised(first));
      assert.equal(second.body, first.body);
      assert.equal(stack.relay.count(`GET /v1/petitions/${stack.petitionIds[0]}/signatures/recent`), 1);
    });
  }

  test('a refused origin, a query and an unknown petition go to the app', async () => {
    await rawGet(stack.proxy!.url, recent);
    const refused = await rawGet(stack.proxy!.url, recent, { origin: 'https://evil.example' });
    assert.equal(refused.status, 403);
    assert.ok(!normalised(refused)['access-control-allow-origin']);
    const withQuery = await rawGet(stack.proxy!.url, `${recent}?x=1`);
    assert.ok(!fromListener(withQuery));
    assert.equal(withQuery.status, 200);
    const unknown = await rawGet(stack.proxy!.url, '/api/petitions/999/signatures/recent');
    assert.equal(unknown.status, 404);
  });

  test('a stale answer kept during an outage is answered with its X-Petition-Stale, as the app does', async () => {
    await stack.stopService();
    await stack.stopProxy();
    // A proxy that keeps answers only briefly: the restart has nothing fresh, only the last good answer.
    await stack.startProxy();
    const first = await rawGet(stack.proxy!.url, recent, allowed);
    assert.equal(normalised(first)['x-petition-stale'], '1');
    const second = (await eventually(async () => {
      const answer = await rawGet(stack.proxy!.url, recent, allowed);
      return fromListener(answer) ? answer : undefined;
    }, 3000, 'the stale answer kept'))!;
    assert.deepEqual(normalised(second), normalised(first));
    assert.equal(second.body, first.body);
    await stack.startService();
  });
});
