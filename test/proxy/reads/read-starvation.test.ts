// Read starvation: an attacker spent the proxy's uncached reads at the start of each minute and
// filled the last good answers with distinct pages, so the summary and recent signers were
// evicted and every visitor got 503 from a healthy service. Scaled down here through the
// settings (30 uncached reads a minute, 6 per client network, 10 last good answers kept, answers
// cached 1 s); the shares are read-budget.ts's: pages may take two thirds of the minute (20), the
// rest is kept for the summary and recent signers, and one network may hold at most half of the
// page reads the others left.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Stack, keysDecided } from '../stack.js';
import { pagePath, recentPath, sleep, summaryPath } from './outage-fixture.js';

const from = (address: string) => ({ 'x-forwarded-for': address });

async function startedStack(): Promise<Stack> {
  const stack = await new Stack({
    seedPerPetition: 5,
    config: { cacheSeconds: 1, rateLimit: { uncachedReadsPerMinute: 30, uncachedReadsPerIpPerMinute: 6 } },
    proxy: { lastGoodMaxEntries: 10, readPauseMs: 100 },
  }).start();
  await keysDecided(stack.proxy!);
  return stack;
}

/** Distinct pages from `address` until one is refused: how many were answered fresh, and the refusal. */
async function flood(stack: Stack, address: string, firstPage: number): Promise<{ fresh: number; refusal: number }> {
  const petition = stack.petitionIds[0]!;
  for (let page = firstPage; ; page++) {
    const answer = await stack.call('GET', pagePath(petition, page), { headers: from(address) });
    if (answer.status !== 200 || answer.headers['x-petition-stale'] === '1') return { fresh: page - firstPage, refusal: answer.status };
  }
}

describe('an attacker spends the minute\'s uncached reads and floods the last good answers', () => {
  let stack: Stack;
  before(async () => (stack = await startedStack()));
  after(() => stack.close());

  test('from five IPv4 addresses: pages get two thirds of the minute, shared out; the summary and recent signers stay fresh for a visitor', async () => {
    const petition = stack.petitionIds[0]!;
    // A visitor came before: the summary and recent signers were read and kept.
    for (const path of [summaryPath(petition), recentPath(petition)]) assert.equal((await stack.call('GET', path, { headers: from('192.0.2.1') })).status, 200);
    stack.relay.reset();
    const shares = [];
    for (let attacker = 1; attacker <= 5; attacker++) shares.push(await flood(stack, `203.0.113.${attacker}`, attacker * 100));
    // Each network: at most 6, and at most half of what the others left of the 20.
    assert.deepEqual(shares.map((share) => share.fresh), [6, 6, 4, 2, 1]);
    assert.deepEqual(shares.map((share) => share.refusal), [429, 429, 429, 429, 429]);
    assert.equal(stack.relay.count(`GET /v1/petitions/${petition}/signatures`), 19);

    await sleep(1100); // the cached summary and recent signers have expired
    const visitor = from('198.51.100.7');
    for (const path of [summaryPath(petition), recentPath(petition), pagePath(petition, 9999)]) {
      const answer = await stack.call('GET', path, { headers: visitor });
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers['x-petition-stale'], undefined, `${path} is fresh: the service was asked`);
    }
  });

  test('once every page read of the minute is taken, a new page is 503, and the summary and recent signers are still answered', async () => {
    const petition = stack.petitionIds[0]!;
    // The attackers took 19 and the visitor the 20th: a new page is 503 for anyone, a page kept
    // as the last good answer is served from it.
    assert.deepEqual(await flood(stack, '203.0.113.6', 600), { fresh: 0, refusal: 503 });
    assert.equal((await stack.call('GET', pagePath(petition, 700), { headers: from('198.51.100.7') })).status, 503);
    await sleep(1100);
    const kept = await stack.call('GET', pagePath(petition, 9999), { headers: from('198.51.100.9') });
    assert.equal(kept.status, 200);
    assert.equal(kept.headers['x-petition-stale'], '1');
    for (const path of [summaryPath(petition), recentPath(petition)]) {
      const answer = await stack.call('GET', path, { headers: from('198.51.100.8') });
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers['x-petition-stale'], undefined, path);
    }
  });
});

describe('the same attack from one IPv6 range', () => {
  let stack: Stack;
  before(async () => (stack = await startedStack()));
  after(() => stack.close());

  test('five addresses of one /64 are one network: 6 page reads between them; a visitor gets summary, recent and a page', async () => {
    const petition = stack.petitionIds[0]!;
    const shares = [];
    for (let i = 1; i <= 5; i++) shares.push((await flood(stack, `2001:db8:66:1::${i}`, i * 100)).fresh);
    assert.deepEqual(shares, [6, 0, 0, 0, 0]);
    for (const path of [summaryPath(petition), recentPath(petition), pagePath(petition, 9999)]) {
      const answer = await stack.call('GET', path, { headers: from('2001:db8:77::1') });
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers['x-petition-stale'], undefined, path);
    }
  });
});

describe('the last good answers: pages never push out the summary or recent signers', () => {
  let stack: Stack;
  before(async () => (stack = await startedStack()));
  after(() => stack.close());

  test('after more distinct pages than are kept, the service stops: summary and recent signers are served stale, the oldest pages are gone', async () => {
    const petition = stack.petitionIds[0]!;
    for (const path of [summaryPath(petition), recentPath(petition)]) assert.equal((await stack.call('GET', path)).status, 200);
    for (let page = 1; page <= 12; page++) {
      assert.equal((await stack.call('GET', pagePath(petition, page), { headers: from(`203.0.113.${page}`) })).status, 200);
      await sleep(3);
    }
    await stack.stopService();
    await sleep(1100);
    for (const path of [summaryPath(petition), recentPath(petition)]) {
      const answer = await stack.call('GET', path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.headers['x-petition-stale'], '1', path);
    }
    const pages = [];
    for (let page = 1; page <= 12; page++) pages.push((await stack.call('GET', pagePath(petition, page))).status);
    assert.deepEqual(pages, [503, 503, ...Array(10).fill(200)], 'the ten pages read last are kept');
  });
});
