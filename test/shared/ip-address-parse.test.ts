// Reading and writing addresses and ranges (src/shared/ip-address.ts), each rule at its boundary:
// IPv4's octets, IPv6's groups and its one `::`, the canonical spelling (RFC 5952), the IPv4 an
// IPv6 address carries, and a range's prefix. Strings only, no traffic.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatIpRange, formatIpv6, inRange, parseIp, parseIpRange } from '../../src/shared/ip-address.js';

const text = (address: string) => parseIp(address)?.text;
const range = (written: string) => {
  const parsed = parseIpRange(written);
  return parsed && formatIpRange(parsed);
};

test('an IPv4 octet is 0 to 255, written without leading zeros', () => {
  for (const octet of ['0', '1', '9', '10', '99', '100', '199', '255']) {
    assert.equal(text(`${octet}.${octet}.${octet}.${octet}`), `${octet}.${octet}.${octet}.${octet}`, octet);
  }
  assert.deepEqual(parseIp('192.0.2.42')?.bytes, Uint8Array.of(192, 0, 2, 42));
  for (const octet of ['256', '1000', '01', '00', '001', '-1', '+1', ' 1', '1 ', '', 'a', '0x1', '1e2']) {
    assert.equal(parseIp(`192.0.2.${octet}`), undefined, JSON.stringify(octet));
    assert.equal(parseIp(`${octet}.0.2.1`), undefined, JSON.stringify(octet));
  }
  for (const count of ['192.0.2', '192.0.2.1.5', '192.0.2.1.', '.192.0.2.1', '1']) assert.equal(parseIp(count), undefined, count);
});

test('IPv6: eight groups of 1 to 4 hex digits, or fewer around one ::', () => {
  assert.equal(text('1:2:3:4:5:6:7:8'), '1:2:3:4:5:6:7:8');
  assert.deepEqual(
    parseIp('0123:4567:89ab:cdef:ABCD:EF00:ffff:9')?.bytes,
    Uint8Array.of(0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xab, 0xcd, 0xef, 0x00, 0xff, 0xff, 0, 9),
  );
  assert.equal(text('A:F:0:9:a:f:fF00:Aa'), 'a:f:0:9:a:f:ff00:aa');
  assert.equal(text('1:2:3:4:5:6:7::'), '1:2:3:4:5:6:7:0');
  assert.equal(text('::2:3:4:5:6:7:8'), '0:2:3:4:5:6:7:8');
  assert.equal(text('1::8'), '1::8');
  for (const bad of [
    '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7:8::', '::1:2:3:4:5:6:7:8', '1::2::3', '1:2:3:4:5:6:7:8::9::', ':::', '1:2:3:4:5:6:7:',
    '1:2:3:4:5:6:7:12345', '12345::', '1:2:3:4:5:6:7:g', 'g::', '1:2:3:4:5:6:7: 8', '1:2:3:4:5:6:7:-1', ':1:2:3:4:5:6:7', '',
  ]) {
    assert.equal(parseIp(bad), undefined, bad);
  }
});

test("a zone (%eth0) is dropped, and a trailing IPv4 needs all its four octets", () => {
  assert.equal(text('fe80::1%eth0'), 'fe80::1');
  assert.equal(text('fe80::1'), 'fe80::1');
  assert.equal(text('::ffff:192.0.2.1%1'), '192.0.2.1');
  for (const bad of ['::ffff:192.0.2', '::ffff:192.0.2.256', '::ffff:192.0.2.01', '1:2:3:4:5:6:7:1.2.3.4', '::ffff:1.2.3.4:5']) {
    assert.equal(parseIp(bad), undefined, bad);
  }
  assert.equal(text('1:2:3:4:5:6:1.2.3.4'), '1:2:3:4:5:6:102:304');
});

test('IPv4-compatible ::a.b.c.d is IPv4 for every address but :: and ::1; IPv4-mapped for all', () => {
  for (const carried of ['0.0.0.2', '1.0.0.0', '0.1.0.0', '0.0.1.0', '0.0.1.1', '1.0.0.1', '0.1.0.1']) {
    assert.equal(text(`::${carried}`), carried, `::${carried}`);
  }
  assert.equal(text('::0.0.0.1'), '::1');
  assert.equal(text('::0.0.0.0'), '::');
  assert.equal(text('::ffff:0.0.0.1'), '0.0.0.1');
  assert.equal(text('::ffff:0.0.0.0'), '0.0.0.0');
  assert.equal(text('64:ff9b::0.0.0.1'), '0.0.0.1');
  assert.equal(text('2002::'), '0.0.0.0');
  // One byte off each carrier's prefix is plain IPv6.
  assert.equal(text('::fffe:192.0.2.1'), '::fffe:c000:201');
  assert.equal(text('::1:ffff:192.0.2.1'), '::1:ffff:c000:201');
  assert.equal(text('2001::'), '2001::');
});

test('the canonical spelling: lower case, the longest run of two or more zero groups as ::, the first of equals', () => {
  assert.equal(text('FE80:0:0:0:0:0:0:1'), 'fe80::1');
  assert.equal(text('0:0:0:0:0:0:0:0'), '::');
  assert.equal(text('1:0:0:0:0:0:0:0'), '1::');
  // Every other address under ::/96 carries IPv4: formatIpv6 writes it as IPv6 all the same.
  assert.equal(formatIpv6(Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2)), '::2');
  assert.equal(text('0:0:0:0:0:1:0:2'), '::1:0:2');
  assert.equal(text('1:0:2:3:4:5:6:7'), '1:0:2:3:4:5:6:7');
  assert.equal(text('1:0:0:2:0:0:3:4'), '1::2:0:0:3:4');
  assert.equal(text('1:0:0:2:0:0:0:4'), '1:0:0:2::4');
  assert.equal(text('1:0:0:0:2:0:0:3'), '1::2:0:0:3');
  assert.equal(text('0001:0db8:0000:0000:1:0:0:0'), '1:db8:0:0:1::');
  assert.equal(formatIpv6(Uint8Array.of(0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xab, 0xcd)), '2001:db8::abcd');
});

test('a range: address/prefix or one address, the prefix 0 to 32 for IPv4 and 0 to 128 for IPv6, in digits', () => {
  assert.equal(range('192.0.2.1'), '192.0.2.1/32');
  assert.equal(range('192.0.2.0/24'), '192.0.2.0/24');
  assert.equal(range('192.0.2.0/32'), '192.0.2.0/32');
  assert.equal(range('0.0.0.0/0'), '0.0.0.0/0');
  assert.equal(range('2001:db8::1'), '2001:db8::1/128');
  assert.equal(range('2001:db8::1/128'), '2001:db8::1/128');
  assert.equal(range('2001:DB8::/32'), '2001:db8::/32');
  assert.equal(range('::/0'), '::/0');
  assert.equal(range('::ffff:192.0.2.0/120'), '192.0.2.0/24');
  assert.equal(range('::ffff:192.0.2.1'), '192.0.2.1/32');
  assert.equal(range('2002:c000:200::/39'), '192.0.2.0/23');
  assert.equal(range('2002:c000:200::/16'), '192.0.2.0/0');
  for (const bad of [
    '192.0.2.0/33', '2001:db8::/129', '192.0.2.0/', '192.0.2.0/ 8', '192.0.2.0/8 ', '192.0.2.0/0x8', '192.0.2.0/0008', '192.0.2.0/-1',
    '192.0.2.0/8/8', '2001:db8::/ 8', '2001:db8::/0032', '::ffff:192.0.2.0/129', '/8', 'x/8', '192.0.2/24', '',
  ]) {
    assert.equal(parseIpRange(bad), undefined, bad);
  }
  assert.deepEqual(parseIpRange('10.0.0.0/8'), { bytes: Uint8Array.of(10, 0, 0, 0), prefixLength: 8 });
});

test('whole-byte prefixes compare those bytes only; a /32 and a /128 the whole address', () => {
  const contains = (written: string, address: string) => inRange(parseIp(address)!, parseIpRange(written)!);
  assert.equal(contains('10.0.0.0/8', '10.255.255.255'), true);
  assert.equal(contains('10.0.0.0/8', '11.0.0.0'), false);
  assert.equal(contains('10.1.0.0/16', '10.1.255.0'), true);
  assert.equal(contains('10.1.0.0/16', '10.2.0.0'), false);
  assert.equal(contains('192.0.2.1/32', '192.0.2.1'), true);
  assert.equal(contains('192.0.2.1/32', '192.0.2.0'), false);
  assert.equal(contains('2001:db8::1', '2001:db8::1'), true);
  assert.equal(contains('2001:db8::1', '2001:db8::'), false);
  assert.equal(contains('2001:db8::/32', '2001:db8:ffff::'), true);
  assert.equal(contains('2001:db8::/32', '2001:db9::'), false);
});
