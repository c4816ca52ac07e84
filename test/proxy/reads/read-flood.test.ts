// The anonymous read flood: ~1,100 reads with distinct ?page= values (or invalid ones) in a minute
// used to spend the proxy's whole request budget at the service, after which every read was 503
// and signatures waited in the outbox. Reproduced here at the default limits (read-budget.ts:
// 60 uncached reads per client address and 300 in all per minute, of which pages may take 200).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Stack, keysDecided, signer, received } from '../stack.js';

/** A different client behind the (trusted, loopback) reverse proxy the tests connect from. */
function from(address: string): Record<string, string> {
  return { 'x-forwarded-for': address };
}

describe('an anonymous read flood', () => {
  let stack: Stack;
  let petition: number;
  let pagesPath: string;
  before(async () => {
    stack = await new Stack().start();
    await keysDecided(stack.proxy!);
    petition = stack.petitionIds[0]!;
    pagesPath = `/v1/petitions/${petition}/signatures`;
  });
  after(() => stack.close());

  test('invalid page parameters are 400 from the proxy itself: the service is not asked', async () => {
    stack.relay.reset();
    const invalid = ['page=abc', 'page=0', 'page=-1', 'page=1.5', 'page_size=0', 'page_size=1.5', 'page_size=x', 'sort=newest'];
    for (const query of invalid) {
      const answer = await stack.call('GET', `/api/petitions/${petition}/signatures?${query}`, { headers: from('198.51.100.1') });
      assert.equal(answer.status, 400, query);
      assert.equal((answer.json() as { result: string }).result, 'failure', query);
    }
    assert.equal(stack.relay.count(`GET ${pagesPath}`), 0);
  });

  test('1,100 distinct pages from one client: 60 reach the service, the rest are 429 with Retry-After', async () => {
    stack.relay.reset();
    const statuses = new Map<number, number>();
    let retryAfter = '';
    for (let page = 1; page <= 1100; page++) {
      const answer = await stack.call('GET', `/api/petitions/${petition}/signatures?page=${page}`, { headers: from('198.51.100.2') });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 429) retryAfter = answer.headers['retry-after'] ?? '';
    }
    assert.deepEqual([...statuses].sort(), [[200, 60], [429, 1040]]);
    assert.ok(Number(retryAfter) >= 1 && Number(retryAfter) <= 60, retryAfter);
    assert.equal(stack.relay.count(`GET ${pagesPath}`), 60);
  });

  test('meanwhile other visitors read, and a signature goes straight to the service', async () => {
    const read = await stack.call('GET', `/api/petitions/${petition}/signatures?page=2000`, { headers: from('198.51.100.3') });
    assert.equal(read.status, 200);
    const signed = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack), headers: from('198.51.100.3') });
    assert.equal(signed.status, 202);
    assert.deepEqual(received(signed.json()), { result: 'success' }, 'taken by the service, not queued');
  });

  test('many clients together spend at most 200 uncached page reads a minute; then new pages are 503, cached reads and signatures go on', async () => {
    const summary = await stack.call('GET', `/api/petitions/${petition}`, { headers: from('198.51.100.4') });
    assert.equal(summary.status, 200);
    let refused: Awaited<ReturnType<Stack['call']>> | undefined;
    // Clients of 60 distinct pages each, each held to half of what the others left (60, 60, 38,
    // 20, 10, …): the pages' share of the minute runs out after a dozen or so.
    for (let client = 10; client < 60 && !refused; client++) {
      for (let page = 1; page <= 60; page++) {
        const answer = await stack.call('GET', `/api/petitions/${petition}/signatures?page=${client * 100 + page}`, { headers: from(`203.0.113.${client}`) });
        if (answer.status === 503) refused = answer;
        if (answer.status !== 200) break;
      }
    }
    assert.ok(refused, 'the pages\' share was never reached');
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    // Since the flood began: its 60, the other visitor's page, the many clients' pages.
    assert.equal(stack.relay.count(`GET ${pagesPath}`), 200, JSON.stringify([...stack.relay.counts]));

    const cached = await stack.call('GET', `/api/petitions/${petition}`, { headers: from('203.0.113.99') });
    assert.equal(cached.status, 200);
    const signed = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack), headers: from('203.0.113.99') });
    assert.deepEqual(received(signed.json()), { result: 'success' }, 'taken by the service, not queued');
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});
