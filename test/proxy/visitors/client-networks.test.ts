// An IPv6 visitor owns a whole /64 and can pick a new address in it for every request: the
// proxy's per-address limits (signatures, uncached reads) count an IPv6 client by its network
// (`ipv6Prefix`, 64 by default; src/shared/client-network.ts), IPv4 by its address. The clients
// are written into X-Forwarded-For by the tests' (trusted, loopback) reverse proxy position.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseProxyConfig, ProxyConfigError } from '../../../src/proxy/index.js';
import { Stack, keysDecided, signer } from '../stack.js';

const from = (address: string) => ({ 'x-forwarded-for': address });

async function stackWith(config: Record<string, unknown>): Promise<Stack> {
  const stack = await new Stack({ config: { rateLimit: { signaturesPerIpPerMinute: 5, uncachedReadsPerIpPerMinute: 3 }, ...config } }).start();
  await keysDecided(stack.proxy!);
  return stack;
}

async function sign(stack: Stack, address: string): Promise<number> {
  return (await stack.call('POST', `/api/petitions/${stack.petitionIds[0]}/signatures`, { headers: from(address), json: signer(stack) })).status;
}

describe('per-address limits at the default /64', () => {
  let stack: Stack;
  before(async () => (stack = await stackWith({})));
  after(() => stack.close());

  test('five signatures from five addresses of one /64 are taken; the sixth, from yet another address in it, is 429', async () => {
    for (let i = 1; i <= 5; i++) assert.equal(await sign(stack, `2001:db8:a:1::${i}`), 202, `signature ${i}`);
    const sixth = await stack.call('POST', `/api/petitions/${stack.petitionIds[0]}/signatures`, { headers: from('2001:db8:a:1:ffff:ffff:ffff:ffff'), json: signer(stack) });
    assert.equal(sixth.status, 429);
    assert.ok(Number(sixth.headers['retry-after']) >= 1);
    assert.equal(await sign(stack, '2001:DB8:A:1:0:0:0:77'), 429, 'another spelling of the same /64');
  });

  test('the neighbouring /64 on either side has its own allowance', async () => {
    assert.equal(await sign(stack, '2001:db8:a:2::1'), 202);
    assert.equal(await sign(stack, '2001:db8:a:0:ffff:ffff:ffff:ffff'), 202);
  });

  test('an IPv4-mapped address shares the IPv4 address\'s allowance', async () => {
    for (let i = 0; i < 3; i++) assert.equal(await sign(stack, '203.0.113.50'), 202);
    assert.equal(await sign(stack, '::ffff:203.0.113.50'), 202, 'the fourth');
    assert.equal(await sign(stack, '::ffff:cb00:7132'), 202, 'the fifth, written in hex');
    assert.equal(await sign(stack, '203.0.113.50'), 429);
    assert.equal(await sign(stack, '203.0.113.51'), 202, 'the next IPv4 address is another client');
  });

  test('uncached reads are budgeted per /64 too', async () => {
    const page = async (address: string, n: number) =>
      (await stack.call('GET', `/api/petitions/${stack.petitionIds[0]}/signatures?page=${n}`, { headers: from(address) })).status;
    assert.deepEqual([await page('2001:db8:b:1::1', 101), await page('2001:db8:b:1::2', 102), await page('2001:db8:b:1::3', 103)], [200, 200, 200]);
    assert.equal(await page('2001:db8:b:1::4', 104), 429, 'the fourth uncached read of the /64');
    assert.equal(await page('2001:db8:b:2::1', 105), 200, 'the next /64');
  });
});

describe('the ipv6Prefix setting moves the boundary', () => {
  let wide: Stack;
  let narrow: Stack;
  before(async () => {
    wide = await stackWith({ ipv6Prefix: 48 });
    narrow = await stackWith({ ipv6Prefix: 128 });
  });
  after(async () => {
    await wide.close();
    await narrow.close();
  });

  test('/48: a whole site shares one allowance; the next /48 has its own', async () => {
    for (let i = 1; i <= 5; i++) assert.equal(await sign(wide, `2001:db8:c:${i}::1`), 202);
    assert.equal(await sign(wide, '2001:db8:c:ffff::1'), 429);
    assert.equal(await sign(wide, '2001:db8:d::1'), 202);
  });

  test('/128: each address is its own client', async () => {
    for (let i = 1; i <= 5; i++) assert.equal(await sign(narrow, '2001:db8:e:1::1'), 202);
    assert.equal(await sign(narrow, '2001:db8:e:1::1'), 429);
    assert.equal(await sign(narrow, '2001:db8:e:1::2'), 202);
  });
});

test('ipv6Prefix is a whole number from 32 to 128; anything else is refused at start', () => {
  const base = {
    upstream: 'http://127.0.0.1:1/v1',
    apiKey: 'pk_x',
    secret: 's',
    publicUrl: 'http://127.0.0.1:2',
    petitions: [{ id: 1, source: 'https://www.example.org/p', sourceDescription: 'site', requesterEmail: 'team@example.org' }],
    operator: { name: 'Example', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
    dataDir: 'data',
  };
  assert.equal(parseProxyConfig(base).ipv6Prefix, 64);
  assert.equal(parseProxyConfig({ ...base, ipv6Prefix: 32 }).ipv6Prefix, 32);
  assert.equal(parseProxyConfig({ ...base, ipv6Prefix: 128 }).ipv6Prefix, 128);
  for (const bad of [31, 129, 64.5, '64']) {
    assert.throws(() => parseProxyConfig({ ...base, ipv6Prefix: bad }), (error: unknown) => {
      assert.ok(error instanceof ProxyConfigError);
      assert.deepEqual(error.problems, ['ipv6Prefix: must be a whole number from 32 to 128']);
      return true;
    });
  }
});
