// A real caching reverse proxy in front of the proxy: Debian's nginx with README.md's "Under a
// viral spike" settings (support/caching-nginx.ts), the proxy and the service real (stack.ts).
// It shows what the reads' Cache-Control and ETag are for: a burst of 10,000 reads reaches the
// proxy a couple of times per cache period (counted by the proxy's own metrics), a signature is
// visible through nginx soon after its 202, and with the proxy stopped nginx still answers with
// the last answers. And what must not be shared is not: a 404 or a 429 always reaches the proxy.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { CACHE_DIRECTIVES, nginxSkip, startCachingNginx, type CachingNginx } from '../../support/caching-nginx.js';
import { Stack, eventually, keysDecided, received, signer } from './stack.js';

const ALLOWED = 'https://www.example.org';
/** The proxy's read cache period here (cacheSeconds), which its answers give nginx as s-maxage. */
const PERIOD_SECONDS = 2;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function get(agent: Agent, url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method, headers, agent }, (incoming) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (text += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers as Record<string, string>, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('nginx caching the proxy\'s public reads', { skip: nginxSkip() }, () => {
  let stack: Stack;
  let nginx: CachingNginx | undefined;
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  let reads: Array<{ path: string; route: string }>;
  const viaNginx = (path: string, headers: Record<string, string> = {}) => get(agent, `${nginx!.url}${path}`, { origin: ALLOWED, ...headers });
  /** Requests the proxy answered on `route`, from its own http_server_request_duration_seconds. */
  const proxyRequests = async (route: string) => {
    const text = await (await fetch(stack.proxy!.metricsUrl!)).text();
    return text
      .split('\n')
      .filter((line) => line.startsWith('http_server_request_duration_seconds_count{') && line.includes(`http_route="${route}"`))
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  };

  before(async () => {
    stack = await new Stack({
      seedPerPetition: 5,
      config: { cacheSeconds: PERIOD_SECONDS, rateLimit: { signaturesPerIpPerMinute: 100, challengesPerIpPerMinute: 1 } },
      proxy: { metrics: { host: '127.0.0.1', port: 0 } },
    }).start();
    await keysDecided(stack.proxy!);
    nginx = await startCachingNginx(stack.proxy!.port);
    const id = stack.petitionIds[0]!;
    reads = [
      { path: `/api/petitions/${id}`, route: '/api/petitions/:id' },
      { path: `/api/petitions/${id}/signatures?page=1&page_size=3`, route: '/api/petitions/:id/signatures' },
      { path: `/api/petitions/${id}/signatures/recent`, route: '/api/petitions/:id/signatures/recent' },
      { path: `/api/petitions/${id}/breakdown`, route: '/api/petitions/:id/breakdown' },
    ];
  });
  after(async () => {
    agent.destroy();
    try {
      await nginx?.stop();
    } finally {
      await stack?.close();
    }
  });

  test('README.md\'s "Under a viral spike" shows the cache settings this nginx runs with', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('### Under a viral spike');
    assert.ok(start > 0, 'the section is there');
    const section = readme.slice(start, readme.indexOf('\n### ', start + 1));
    for (const directive of CACHE_DIRECTIVES) assert.ok(section.includes(directive), directive);
  });

  test('10,000 reads in a burst, 50 at a time: each read reaches the proxy at most twice per cache period', async () => {
    const before = await Promise.all(reads.map(({ route }) => proxyRequests(route)));
    const statuses = new Map<number, number>();
    const bodies = new Map<string, Set<string>>();
    let next = 0;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (next < 10_000) {
          const { path } = reads[next++ % reads.length]!;
          const answer = await viaNginx(path);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          bodies.set(path, (bodies.get(path) ?? new Set()).add(answer.body));
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    assert.deepEqual([...statuses], [[200, 10_000]]);
    for (const [path, seen] of bodies) assert.equal(seen.size, 1, `${path}: nothing changed, one answer`);
    const periods = Math.ceil(seconds / PERIOD_SECONDS);
    const counts: string[] = [];
    for (const [index, { route }] of reads.entries()) {
      const reached = (await proxyRequests(route)) - before[index]!;
      counts.push(`${route} ${reached}`);
      assert.ok(reached >= 1, route);
      // The first copy, then at most one refresh a period (two when a refresh straddles its end).
      assert.ok(reached <= 2 * periods + 1, `${route}: ${reached} requests reached the proxy in ${seconds} s`);
    }
    console.log(`# 10,000 reads through nginx in ${seconds.toFixed(1)} s; requests that reached the proxy: ${counts.join(', ')}`);
  });

  test('a 304 from nginx keeps Vary and the CORS headers, and each Origin gets its own', async () => {
    const { path } = reads[2]!;
    // nginx's own copy, as it stands: no refresh under way that could bring another ETag.
    const full = (await eventually(async () => {
      const answer = await viaNginx(path);
      return answer.headers['x-cache-status'] === 'HIT' ? answer : undefined;
    }, 5000, 'a copy in nginx'))!;
    const notModified = await viaNginx(path, { 'if-none-match': full.headers['etag']! });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body, '');
    assert.equal(notModified.headers['vary'], 'Origin');
    assert.equal(notModified.headers['access-control-allow-origin'], ALLOWED);
    assert.equal(notModified.headers['etag'], full.headers['etag']);
    const own = new URL(stack.config.publicUrl).origin;
    assert.equal((await viaNginx(path, { origin: own })).headers['access-control-allow-origin'], own);
    const none = await get(agent, `${nginx!.url}${path}`);
    assert.equal(none.status, 200);
    assert.equal(none.headers['access-control-allow-origin'], undefined);
  });

  test('a signature answered 202 is counted through nginx within two periods and the service\'s listing second; its ETag moved', async () => {
    const { path: summary } = reads[0]!;
    const first = await viaNginx(summary);
    const count = (JSON.parse(first.body) as { signature_count: number }).signature_count;
    const signed = await get(agent, `${nginx!.url}/api/petitions/${stack.petitionIds[0]}/signatures`, { 'content-type': 'application/json', origin: ALLOWED }, 'POST', JSON.stringify(signer(stack)));
    assert.equal(signed.status, 202);
    received(JSON.parse(signed.body));
    const signedAt = Date.now();
    const moved = (await eventually(async () => {
      const answer = await viaNginx(summary);
      return (JSON.parse(answer.body) as { signature_count: number }).signature_count === count + 1 ? answer : undefined;
    }, 2 * PERIOD_SECONDS * 1000 + 2000, 'the new count through nginx'))!;
    assert.notEqual(moved.headers['etag'], first.headers['etag']);
    console.log(`# the new count through nginx after ${Date.now() - signedAt} ms`);
  });

  test('a 404 for an unknown petition and a 429 are never kept: each reaches the proxy', async () => {
    for (const path of ['/api/petitions/999', '/api/petitions/999/signatures/recent']) {
      for (let i = 0; i < 3; i++) {
        const answer = await viaNginx(path);
        assert.equal(answer.status, 404);
        assert.equal(answer.headers['cache-control'], 'no-store');
        assert.equal(answer.headers['x-cache-status'], 'MISS', `${path}, request ${i + 1}`);
      }
    }
    const challenge = `/api/petitions/${stack.petitionIds[0]}/challenge`;
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const answer = await viaNginx(challenge);
      statuses.push(answer.status);
      assert.equal(answer.headers['cache-control'], 'no-store');
      assert.equal(answer.headers['x-cache-status'], 'MISS');
    }
    assert.deepEqual(statuses, [200, 429, 429]);
  });

  test('with the proxy stopped, nginx answers with the last answers, past their period', async () => {
    const last = await Promise.all(reads.map(({ path }) => viaNginx(path)));
    await stack.stopProxy();
    for (const [index, { path }] of reads.entries()) {
      const stale = (await eventually(async () => {
        const answer = await viaNginx(path);
        assert.equal(answer.status, 200, path);
        return answer.headers['x-cache-status'] === 'STALE' ? answer : undefined;
      }, PERIOD_SECONDS * 1000 + 2000, `${path} served stale`))!;
      assert.equal(stale.body, last[index]!.body, path);
      assert.equal(stale.headers['access-control-allow-origin'], ALLOWED);
    }
  });
});
