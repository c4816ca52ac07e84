// The network a client counts as in every per-address limit (src/shared/client-network.ts): an
// IPv6 client by its /64 (or the configured prefix), IPv4 by its address, ::ffff:v4 as the v4.
// Each boundary is tried at its last address inside and the first one past it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_IPV6_PREFIX, IPV6_PREFIX_RULE, isIpv6Prefix, networkKey } from '../../src/shared/client-network.js';

const same = (a: string, b: string, prefix = DEFAULT_IPV6_PREFIX) => networkKey(a, prefix) === networkKey(b, prefix);

test('two addresses in one /64 share a key; the neighbouring /64 on either side does not', () => {
  assert.equal(DEFAULT_IPV6_PREFIX, 64);
  assert.equal(networkKey('2001:db8:1:2::1', 64), '2001:db8:1:2::/64');
  assert.ok(same('2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff'));
  assert.ok(same('2001:db8:1:2::', '2001:db8:1:2:0:0:0:1'));
  assert.ok(!same('2001:db8:1:2::1', '2001:db8:1:3::'), 'the next /64');
  assert.ok(!same('2001:db8:1:2::', '2001:db8:1:1:ffff:ffff:ffff:ffff'), 'the /64 before');
});

test('look-alikes: other spellings of one address are one key; near misses are not', () => {
  assert.ok(same('2001:DB8:1:2::1', '2001:0db8:0001:0002:0000:0000:0000:0001'));
  assert.ok(same('2001:db8:1:2::1%eth0', '2001:db8:1:2::9'), 'a zone index changes nothing');
  assert.ok(!same('2001:db8:1:2::1', '2001:db8:1:20::1'));
  assert.ok(!same('2001:db8:1:2::1', '2001:db8:1::2:0:0:1'), 'the same groups in other places');
  assert.ok(!same('203.0.113.7', '203.0.113.8'), 'IPv4: every address is its own');
  assert.equal(networkKey('unknown', 64), 'unknown', 'what is not an address is its own key');
  assert.equal(networkKey('2001:db8::1/64', 64), '2001:db8::1/64', 'nor is a range an address');
});

test('an IPv6 address carrying an IPv4 one (mapped, NAT64, 6to4, IPv4-compatible) counts as that IPv4 address, at any prefix', () => {
  for (const prefix of [32, 48, 64, 128]) {
    assert.equal(networkKey('::ffff:203.0.113.7', prefix), '203.0.113.7');
    assert.equal(networkKey('::FFFF:cb00:7107', prefix), '203.0.113.7');
    assert.ok(!same('::ffff:203.0.113.7', '::ffff:203.0.113.8', prefix));
  }
  // One rule with the block ranges and the callback check (src/shared/ip-address.ts).
  for (const carrier of ['::203.0.113.7', '64:ff9b::203.0.113.7', '64:ff9b::cb00:7107', '2002:cb00:7107::', '2002:cb00:7107:1:2:3:4:5']) {
    assert.equal(networkKey(carrier, 64), '203.0.113.7', carrier);
  }
  // Look-alikes: one group off the NAT64 prefix, a 6to4 neighbour, and IPv6's own :: and ::1.
  assert.equal(networkKey('64:ff9a::203.0.113.7', 64), '64:ff9a::/64');
  assert.equal(networkKey('64:ff9b:1::203.0.113.7', 64), '64:ff9b:1::/64');
  assert.equal(networkKey('2003:cb00:7107::', 64), '2003:cb00:7107::/64');
  assert.equal(networkKey('::1', 128), '::1/128');
  assert.equal(networkKey('::', 128), '::/128');
  assert.equal(networkKey('::2', 128), '0.0.0.2');
});

test('the setting moves the boundary: /48, /56 and /128', () => {
  assert.ok(same('2001:db8:1:ffff::1', '2001:db8:1:0::1', 48));
  assert.ok(!same('2001:db8:1::1', '2001:db8:2::1', 48));
  assert.ok(same('2001:db8:1:ff::1', '2001:db8:1:0::1', 56));
  assert.ok(!same('2001:db8:1:ff::1', '2001:db8:1:100::1', 56));
  assert.ok(!same('2001:db8:1:2::1', '2001:db8:1:2::2', 128));
  assert.ok(same('2001:db8:1:2::1', '2001:db8:1:2:0::1', 128));
  // A prefix inside a byte: /60 keeps the top 4 bits of the 8th byte.
  assert.ok(same('2001:db8:1:20::', '2001:db8:1:2f:ffff::', 60));
  assert.ok(!same('2001:db8:1:20::', '2001:db8:1:30::', 60));
});

test('the prefix setting is a whole number from 32 to 128', () => {
  for (const good of [32, 48, 64, 128]) assert.equal(isIpv6Prefix(good), true);
  for (const bad of [31, 129, 0, 64.5, '64', null, -64]) assert.equal(isIpv6Prefix(bad), false, String(bad));
  assert.equal(IPV6_PREFIX_RULE, 'must be a whole number from 32 to 128');
});
