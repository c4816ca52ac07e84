// The service's per-address limits count an IPv6 client by its network (`--ipv6-prefix`, 64 by
// default; src/shared/client-network.ts): the failed-authentication budget that the API routes
// and the form-post listener share, with `now` set and addresses as the socket gives them; the
// prefix setting through the real command line. The budgets kept in the database have their own
// tests: sign-in-limit.test.ts and confirmation-code-limit.test.ts.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { AuthFailureLimit } from '../../../src/service/limits/rate-limit.js';
import { builtCli } from '../../../support/built-cli.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');

function spentAfter(addresses: string[], probe: string, ipv6Prefix = 64): boolean {
  const limit = new AuthFailureLimit(addresses.length, ipv6Prefix);
  for (const address of addresses) limit.recordFailure(address, NOW);
  try {
    limit.refuseIfSpent(probe, NOW);
    return false;
  } catch (error) {
    assert.equal((error as { status?: number }).status, 429);
    return true;
  }
}

test('failed authentications from addresses of one /64 fill one budget; the neighbouring /64 has its own', () => {
  const inOne64 = ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:abcd::9'];
  assert.equal(spentAfter(inOne64, '2001:db8:1:2:ffff:ffff:ffff:ffff'), true);
  assert.equal(spentAfter(inOne64, '2001:DB8:1:2:0:0:0:77'), true, 'another spelling');
  assert.equal(spentAfter(inOne64, '2001:db8:1:3::1'), false);
  assert.equal(spentAfter(inOne64, '2001:db8:1:1:ffff:ffff:ffff:ffff'), false);
  assert.equal(spentAfter(inOne64.slice(0, 2), '2001:db8:1:2::3'), true, 'the Nth failure spends it exactly');
});

test('a dual-stack socket\'s ::ffff:v4 and the plain v4 are one client; the next v4 is another', () => {
  assert.equal(spentAfter(['::ffff:192.0.2.1', '::ffff:192.0.2.1'], '192.0.2.1'), true);
  assert.equal(spentAfter(['192.0.2.1', '192.0.2.1'], '::ffff:192.0.2.1'), true);
  assert.equal(spentAfter(['192.0.2.1', '192.0.2.1'], '192.0.2.2'), false);
});

test('the prefix setting moves the boundary: /48 and /56 wider, /128 one address', () => {
  assert.equal(spentAfter(['2001:db8:1:1::1', '2001:db8:1:ff00::1'], '2001:db8:1:ffff::1', 48), true);
  assert.equal(spentAfter(['2001:db8:1:1::1', '2001:db8:1:ff00::1'], '2001:db8:2::1', 48), false);
  assert.equal(spentAfter(['2001:db8:1:1::1', '2001:db8:1:ff::1'], '2001:db8:1:80::1', 56), true);
  assert.equal(spentAfter(['2001:db8:1:1::1', '2001:db8:1:ff::1'], '2001:db8:1:100::1', 56), false);
  assert.equal(spentAfter(['2001:db8:1:2::1', '2001:db8:1:2::1'], '2001:db8:1:2::2', 128), false);
  assert.equal(spentAfter(['2001:db8:1:2::1', '2001:db8:1:2::1'], '2001:db8:1:2::1', 128), true);
});

test('--ipv6-prefix outside 32..128 is a usage error (exit 2), before anything is opened', () => {
  const bin = builtCli();
  for (const bad of ['31', '129', '64.5', 'wide', '']) {
    const run = spawnSync(process.execPath, [bin, 'service', '--port', '0', '--db', '/nonexistent/x.db', '--ipv6-prefix', bad], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 2, bad);
    assert.match(run.stderr, /^--ipv6-prefix: must be a whole number from 32 to 128\n/, bad);
  }
});
