// Which address a submission is rate limited by (trustProxy). The forwarded hops are read right to
// left from the connection's peer and the walk stops at the first hop that is not a trusted
// reverse proxy, so whatever a client writes into X-Forwarded-For or Forwarded itself cannot move
// it to another bucket. These proxies are reached from 127.0.0.1: a loopback peer.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { UNTRUSTED_FORWARDING_HINT_AT } from '../../../src/proxy/visitors/client-address.js';
import { parseProxyConfig, ProxyConfigError } from '../../../src/proxy/index.js';
import { Stack, keysDecided, signer } from '../stack.js';

/** Signs with the given forwarding headers; answers the status. */
async function sign(stack: Stack, headers: Record<string, string | string[]> = {}): Promise<number> {
  const answer = await stack.call('POST', `/api/petitions/${stack.petitionIds[0]}/signatures`, { headers, json: signer(stack) });
  return answer.status;
}
const xff = (value: string | string[]) => ({ 'x-forwarded-for': value });

async function stackTrusting(trustProxy: unknown): Promise<Stack> {
  const config: Record<string, unknown> = { rateLimit: { signaturesPerIpPerMinute: 1 } };
  if (trustProxy !== undefined) config['trustProxy'] = trustProxy;
  const stack = await new Stack({ config }).start();
  await keysDecided(stack.proxy!);
  stack.storedKeys();
  return stack;
}

describe('by default (trustProxy "loopback"): nginx or Caddy on this machine', () => {
  let stack: Stack;
  before(async () => (stack = await stackTrusting(undefined)));
  after(() => stack.close());

  test('the address the reverse proxy appended is the bucket; the client\'s own entries before it change nothing', async () => {
    assert.equal(await sign(stack, xff('203.0.113.7')), 202);
    assert.equal(await sign(stack, xff('1.2.3.4, 203.0.113.7')), 429);
    assert.equal(await sign(stack, xff('198.51.100.1,198.51.100.2 , 203.0.113.7')), 429);
    // A reverse proxy that adds its own header line instead of appending to the client's.
    assert.equal(await sign(stack, xff(['1.2.3.4', '203.0.113.7'])), 429);
    // With a port, as some proxies write it.
    assert.equal(await sign(stack, xff('203.0.113.7:51234')), 429);
  });

  test('another client has its own allowance, and so has the peer itself', async () => {
    assert.equal(await sign(stack, xff('1.2.3.4, 203.0.113.8')), 202);
    assert.equal(await sign(stack, xff('203.0.113.8')), 429);
    assert.equal(await sign(stack), 202);
    assert.equal(await sign(stack), 429);
  });

  test('Forwarded (RFC 7239) is read when there is no X-Forwarded-For, IPv6 and quoted forms too', async () => {
    assert.equal(await sign(stack, { forwarded: 'for=198.51.100.20;proto=https' }), 202);
    assert.equal(await sign(stack, { forwarded: 'for=6.6.6.6, for=198.51.100.20' }), 429);
    assert.equal(await sign(stack, { forwarded: 'for="[2001:db8::1]:4711"' }), 202);
    assert.equal(await sign(stack, { forwarded: 'For="[2001:DB8:0::1]"' }), 429);
  });

  test('X-Forwarded-For is preferred to a Forwarded header the client wrote', async () => {
    assert.equal(await sign(stack, { 'x-forwarded-for': '203.0.113.30', forwarded: 'for=198.51.100.31' }), 202);
    assert.equal(await sign(stack, { 'x-forwarded-for': '203.0.113.30', forwarded: 'for=198.51.100.32' }), 429);
  });

  test('a hop a proxy hid ("unknown") stops the walk at that proxy', async () => {
    // The furthest known address is the peer's, whose allowance the test above spent; what the
    // client wrote left of the hidden hop chooses nothing.
    assert.equal(await sign(stack, xff('203.0.113.40, unknown')), 429);
    assert.equal(await sign(stack, xff('203.0.113.41, unknown')), 429);
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('a chain through trusted hops (trustProxy ["loopback", "10.0.0.0/8"])', () => {
  let stack: Stack;
  before(async () => (stack = await stackTrusting(['loopback', '10.0.0.0/8'])));
  after(() => stack.close());

  test('the walk passes trusted hops and stops at the first untrusted one', async () => {
    // Client 203.0.113.7 -> load balancer 10.0.0.2 -> nginx on loopback -> proxy.
    assert.equal(await sign(stack, xff('203.0.113.7, 10.0.0.2')), 202);
    assert.equal(await sign(stack, xff('9.9.9.9, 203.0.113.7, 10.1.2.3')), 429);
    // An address the client wrote is not passed over: it sits left of an untrusted hop.
    assert.equal(await sign(stack, xff('203.0.113.7, 203.0.113.50, 10.0.0.2')), 202);
  });

  test('all hops trusted: the leftmost is the client', async () => {
    assert.equal(await sign(stack, xff('10.9.9.9, 10.0.0.2')), 202);
    assert.equal(await sign(stack, xff('10.9.9.9')), 429);
  });
});

describe('a hop count (trustProxy 1): one reverse proxy, whatever its address', () => {
  let stack: Stack;
  before(async () => (stack = await stackTrusting(1)));
  after(() => stack.close());

  test('only the entry the one proxy appended counts', async () => {
    assert.equal(await sign(stack, xff('5.5.5.5, 203.0.113.9')), 202);
    assert.equal(await sign(stack, xff('6.6.6.6, 203.0.113.9')), 429);
    assert.equal(await sign(stack, xff('203.0.113.9, 10.0.0.1')), 202, 'the one proxy appended 10.0.0.1: that is the client');
  });
});

describe('an untrusted peer (trustProxy [])', () => {
  let stack: Stack;
  before(async () => (stack = await stackTrusting([])));
  after(() => stack.close());

  test('forwarding headers are ignored: every submission from this peer shares its allowance', async () => {
    assert.equal(await sign(stack, xff('203.0.113.7')), 202);
    assert.equal(await sign(stack, xff('203.0.113.8')), 429);
    assert.equal(await sign(stack, { forwarded: 'for=198.51.100.1' }), 429);
    assert.equal(await sign(stack), 429);
  });

  test(`after ${UNTRUSTED_FORWARDING_HINT_AT} different forwarded addresses from it, one log line says how to configure trustProxy`, async () => {
    const hints = () => stack.logs.filter((line) => line.includes('trustProxy')).length;
    // Three came from the test above already.
    for (let i = 0; i < UNTRUSTED_FORWARDING_HINT_AT - 4; i++) assert.equal(await sign(stack, xff(`198.51.100.${100 + i}`)), 429);
    assert.equal(hints(), 0, 'not before the threshold');
    for (let i = 0; i < 10; i++) await sign(stack, xff(`192.0.2.${i}`));
    assert.equal(hints(), 1, 'once only');
    const hint = stack.logs.find((line) => line.includes('trustProxy'))!;
    assert.match(hint, /"trustProxy": \["127\.0\.0\.1"\]/);
    assert.doesNotMatch(hint, /198\.51\.100|192\.0\.2/, 'the clients\' addresses are not logged');
  });
});

describe('the configuration', () => {
  const base = {
    upstream: 'http://127.0.0.1:4010/v1',
    apiKey: 'pk',
    secret: 's',
    publicUrl: 'http://127.0.0.1:4020',
    petitions: [{ id: 1, source: 'https://www.example.org/p', sourceDescription: 'site', requesterEmail: 'team@example.org' }],
    operator: { name: 'Ops', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
    dataDir: 'data/proxy',
  };
  const problems = (extra: Record<string, unknown>) => {
    try {
      parseProxyConfig({ ...base, ...extra });
      return [];
    } catch (error) {
      assert.ok(error instanceof ProxyConfigError);
      return error.problems;
    }
  };

  test('trustProxy takes "loopback", addresses and CIDR ranges (IPv4 and IPv6), or a hop count', () => {
    for (const trustProxy of ['loopback', ['10.0.0.0/8', '192.0.2.1', '2001:db8::/32', 'loopback'], 0, 2]) {
      assert.deepEqual(problems({ trustProxy }), [], JSON.stringify(trustProxy));
    }
  });

  test('anything else is refused with one line naming the setting; the old trustForwardedFor names its replacement', () => {
    for (const trustProxy of ['all', ['10.0.0.0/33'], ['nginx'], -1, 1.5, true]) {
      const found = problems({ trustProxy });
      assert.equal(found.length, 1, JSON.stringify(trustProxy));
      assert.match(found[0]!, /^trustProxy(\[0\])?: must be /);
    }
    assert.deepEqual(problems({ rateLimit: { trustForwardedFor: true } }), [
      'rateLimit.trustForwardedFor: was replaced by trustProxy (see README.md "Behind a reverse proxy")',
    ]);
  });
});
