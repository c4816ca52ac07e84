// CIDR ranges whose prefix ends inside a byte (trustProxy "172.16.0.0/12"): the bits of the last,
// partial byte decide, and only they. Strings parsed and matched, no traffic; each range is tried
// at its first and last address and one address past either end.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inRange, parseIp, parseIpRange } from '../../src/shared/ip-address.js';

function assertRange(rangeText: string, inside: string[], outside: string[]): void {
  const range = parseIpRange(rangeText);
  assert.ok(range, rangeText);
  const contains = (text: string) => {
    const address = parseIp(text);
    assert.ok(address, text);
    return inRange(address, range);
  };
  for (const text of inside) assert.equal(contains(text), true, `${rangeText} contains ${text}`);
  for (const text of outside) assert.equal(contains(text), false, `${rangeText} does not contain ${text}`);
}

test('an IPv4 prefix that is not a multiple of 8: 172.16.0.0/12 is 172.16.0.0 to 172.31.255.255', () => {
  assertRange('172.16.0.0/12', ['172.16.0.0', '172.20.10.1', '172.31.255.255'], ['172.32.0.0', '172.15.255.255', '172.48.0.1', '173.16.0.0']);
  // Written with host bits set, the range is still the /12 those bits fall in.
  assertRange('172.20.1.2/12', ['172.16.0.0', '172.31.255.255'], ['172.32.0.0', '172.15.255.255']);
  assertRange('100.64.0.0/10', ['100.64.0.0', '100.127.255.255'], ['100.128.0.0', '100.63.255.255']);
  assertRange('10.0.0.0/31', ['10.0.0.0', '10.0.0.1'], ['10.0.0.2', '9.255.255.255']);
  assertRange('192.168.0.0/17', ['192.168.0.0', '192.168.127.255'], ['192.168.128.0', '192.167.255.255']);
});

test('an IPv6 prefix that is not a multiple of 8 or 16: /36 and /60', () => {
  assertRange(
    '2001:db8:1000::/36',
    ['2001:db8:1000::', '2001:db8:1fff:ffff:ffff:ffff:ffff:ffff'],
    ['2001:db8:2000::', '2001:db8:fff:ffff:ffff:ffff:ffff:ffff', '2001:db9:1000::'],
  );
  assertRange(
    '2001:db8:0:10::/60',
    ['2001:db8:0:10::', '2001:db8:0:1f:ffff:ffff:ffff:ffff', '2001:DB8:0:1A::1'],
    ['2001:db8:0:20::', '2001:db8:0:f:ffff:ffff:ffff:ffff', '2001:db8:1:10::'],
  );
  assertRange('fc00::/7', ['fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'], ['fe00::', 'fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff']);
});

test('an IPv4-mapped range with a prefix inside a byte is the IPv4 range it maps: ::ffff:172.16.0.0/108 is 172.16.0.0/12', () => {
  assertRange('::ffff:172.16.0.0/108', ['172.31.255.255', '::ffff:172.16.0.0'], ['172.32.0.0', '172.15.255.255', '::ffff:172.32.0.0']);
});

test('an IPv4 address is never in an IPv6 range, nor the other way', () => {
  assertRange('::/0', ['2001:db8::1'], ['172.16.0.1']);
  assertRange('0.0.0.0/0', ['172.16.0.1'], ['2001:db8::1']);
});

test('IPv4 inside IPv6 (NAT64, 6to4, IPv4-compatible) is the IPv4 it carries, in addresses and in ranges', () => {
  for (const carrier of ['64:ff9b::c000:22a', '64:ff9b::192.0.2.42', '2002:c000:22a::', '2002:c000:22a:ffff::1', '::192.0.2.42', '::ffff:192.0.2.42']) {
    assert.equal(parseIp(carrier)?.text, '192.0.2.42', carrier);
  }
  // An IPv4 range catches the carried forms; each carrier's range form is the IPv4 range it carries.
  assertRange('192.0.2.0/24', ['64:ff9b::192.0.2.0', '2002:c000:2ff::1', '::192.0.2.255'], ['64:ff9b::192.0.3.0', '2002:c000:300::', '::192.0.1.255']);
  assertRange('64:ff9b::192.0.2.0/120', ['192.0.2.0', '192.0.2.255', '2002:c000:2ff::'], ['192.0.3.0', '192.0.1.255']);
  assertRange('2002:c000:200::/40', ['192.0.2.0', '192.0.2.255', '64:ff9b::192.0.2.9'], ['192.0.3.0', '192.0.1.255']);
  // Past the carried IPv4 (6to4's site bits) the range is still that one IPv4 address.
  assertRange('2002:c000:22a:1::/64', ['192.0.2.42'], ['192.0.2.43']);
  assert.deepEqual(parseIpRange('64:ff9b::/96'), { bytes: Uint8Array.of(0, 0, 0, 0), prefixLength: 0 });
  // Shorter than the carrier's own prefix: an IPv6 range, holding no IPv4 address.
  assertRange('2002::/15', ['2003::1'], ['192.0.2.42', '2002:c000:22a::']);
  // Look-alikes stay IPv6: one bit off the NAT64 prefix, and IPv6's own :: and ::1.
  for (const plain of ['64:ff9a::192.0.2.42', '64:ff9b:0:0:0:1:c000:22a', '2003:c000:22a::', '::1', '::']) {
    assert.equal(parseIp(plain)?.bytes.length, 16, plain);
  }
  assert.equal(parseIpRange('::ffff:192.0.2.0/129'), undefined);
  assert.equal(parseIpRange('192.0.2.0/33'), undefined);
});
