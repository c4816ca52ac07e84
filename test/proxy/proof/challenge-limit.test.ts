// GET /challenge is limited per client network like every per-visitor limit: 30 a minute by
// default (rateLimit.challengesPerIpPerMinute), an IPv4 client by its address and an IPv6 one by
// its /64, answered with the spec's failure body and Retry-After. Before it, one address took
// 1,500 challenges in 6.2 s. The clients are written into X-Forwarded-For by the tests' trusted
// loopback reverse proxy position.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parseProxyConfig, ProxyConfigError } from '../../../src/proxy/index.js';
import { Stack, keysDecided, signer } from '../stack.js';

describe('challenges per client network, at the default of 30 a minute', () => {
  let stack: Stack;
  before(async () => {
    // The signatures' own limit at 5 (the default), to show the two are counted apart.
    stack = new Stack({ petitionCount: 2, petitionConfig: () => ({ proofOfWork: 0 }), config: { rateLimit: { signaturesPerIpPerMinute: 5 } } });
    await stack.start();
    await keysDecided(stack.proxy!);
  });
  after(() => stack.close());

  const challenge = (address: string, petition = stack.petitionIds[0]!) =>
    stack.call('GET', `/api/petitions/${petition}/challenge`, { headers: { 'x-forwarded-for': address } });
  const status = async (address: string, petition?: number) => (await challenge(address, petition)).status;

  test('the 30th challenge from an IPv4 address is given, the 31st refused with 429, Retry-After and the failure body', async () => {
    for (let i = 1; i <= 30; i++) assert.equal(await status('203.0.113.7'), 200, `challenge ${i}`);
    const refused = await challenge('203.0.113.7');
    assert.equal(refused.status, 429);
    assert.deepEqual(refused.json(), {
      result: 'failure',
      messages: ['Too many proof-of-work challenges from your network in the last minute. Try again in a minute.'],
    });
    const retryAfter = Number(refused.headers['retry-after']);
    assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${refused.headers['retry-after']}`);
    assert.equal(await status('203.0.113.7', stack.petitionIds[1]), 429, 'one allowance for all the petitions');
    assert.equal(await status('::ffff:203.0.113.7'), 429, 'the same address, IPv4-mapped');
  });

  test('an IPv4 address one off on either side has its own allowance', async () => {
    assert.equal(await status('203.0.113.8'), 200);
    assert.equal(await status('203.0.113.6'), 200);
  });

  test('an IPv6 /64 is one client: 30 from 30 of its addresses, the 31st from yet another is refused; the next /64 is not', async () => {
    for (let i = 1; i <= 30; i++) assert.equal(await status(`2001:db8:7:1::${i.toString(16)}`), 200, `challenge ${i}`);
    assert.equal(await status('2001:db8:7:1:ffff:ffff:ffff:ffff'), 429);
    assert.equal(await status('2001:db8:7:2::1'), 200, 'the next /64');
    assert.equal(await status('2001:db8:7:0:ffff:ffff:ffff:ffff'), 200, 'the /64 before');
  });

  test('a network out of challenges still signs within its own signature allowance, and the limit is logged once, naming its setting', async () => {
    const signed = await stack.call('POST', `/api/petitions/${stack.petitionIds[0]}/signatures`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
      json: signer(stack),
    });
    assert.equal(signed.status, 202, signed.body);
    const lines = stack.logs.filter((line) => line.includes('limit reached: challenges_per_network'));
    assert.equal(lines.length, 1, lines.join('\n'));
    assert.match(lines[0]!, /rateLimit\.challengesPerIpPerMinute/);
    assert.ok(!lines[0]!.includes('203.0.113'), 'no client address in the log');
  });

  test('nothing secret or personal in any answer or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});

test('rateLimit.challengesPerIpPerMinute: 30 by default, a whole number from 1', () => {
  const base = {
    upstream: 'http://127.0.0.1:1/v1',
    apiKey: 'pk_x',
    secret: 's',
    publicUrl: 'http://127.0.0.1:2',
    petitions: [{ id: 1, source: 'https://www.example.org/p', sourceDescription: 'site', requesterEmail: 'team@example.org' }],
    operator: { name: 'Example', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
    dataDir: 'data',
  };
  assert.equal(parseProxyConfig(base).rateLimit.challengesPerIpPerMinute, 30);
  assert.equal(parseProxyConfig({ ...base, rateLimit: { challengesPerIpPerMinute: 1 } }).rateLimit.challengesPerIpPerMinute, 1);
  for (const [bad, problem] of [[0, 'must be at least 1'], [2.5, 'must be an integer'], ['30', 'must be a number']] as const) {
    assert.throws(() => parseProxyConfig({ ...base, rateLimit: { challengesPerIpPerMinute: bad } }), (error: unknown) => {
      assert.ok(error instanceof ProxyConfigError);
      assert.deepEqual(error.problems, [`rateLimit.challengesPerIpPerMinute: ${problem}`]);
      return true;
    });
  }
});
