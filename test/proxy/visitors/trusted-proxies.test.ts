// Which peers are trusted reverse proxies (trustProxy) and which client a request is counted
// against (src/proxy/visitors/trusted-proxies.ts): the walk from the peer leftwards stops at the
// first untrusted or unreadable hop, so a client's own entries never choose its bucket.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clientAddress, DEFAULT_TRUST_PROXY, isTrustEntry, trustRule, type TrustProxySetting } from '../../../src/proxy/visitors/trusted-proxies.js';
import { parseIp } from '../../../src/shared/ip-address.js';

const trusts = (setting: TrustProxySetting, address: string, hop = 0) => trustRule(setting)(parseIp(address)!, hop);
const client = (setting: TrustProxySetting, peer: string, xForwardedFor?: string, forwarded?: string) =>
  clientAddress(peer, { xForwardedFor, forwarded }, trustRule(setting));

describe('trustRule', () => {
  test('the default is "loopback": 127.0.0.0/8 and ::1, nothing next to them', () => {
    assert.equal(DEFAULT_TRUST_PROXY, 'loopback');
    for (const address of ['127.0.0.1', '127.0.0.0', '127.255.255.255', '::1', '::ffff:127.0.0.1']) {
      assert.equal(trusts('loopback', address), true, address);
    }
    for (const address of ['126.255.255.255', '128.0.0.0', '::2', '::', '10.0.0.1', '2001:db8::1']) {
      assert.equal(trusts('loopback', address), false, address);
    }
  });

  test('a list trusts its addresses and ranges, any of them; "loopback" may be one', () => {
    const list = ['10.0.0.0/8', '2001:db8::/32', '192.0.2.1'];
    for (const address of ['10.0.0.0', '10.255.255.255', '2001:db8:ffff::1', '192.0.2.1']) assert.equal(trusts(list, address), true, address);
    for (const address of ['9.255.255.255', '11.0.0.0', '2001:db9::1', '192.0.2.2', '127.0.0.1', '::1']) assert.equal(trusts(list, address), false, address);
    const withLoopback = ['loopback', '10.0.0.0/8'];
    for (const address of ['127.0.0.1', '::1', '10.1.2.3']) assert.equal(trusts(withLoopback, address), true, address);
    assert.equal(trusts(withLoopback, '11.0.0.0'), false);
    assert.equal(trusts([], '127.0.0.1'), false, 'an empty list trusts nobody');
  });

  test('a hop count trusts that many hops from this proxy, whatever their addresses', () => {
    assert.equal(trusts(0, '127.0.0.1', 0), false);
    assert.equal(trusts(1, '203.0.113.7', 0), true);
    assert.equal(trusts(1, '127.0.0.1', 1), false);
    assert.equal(trusts(2, '203.0.113.7', 1), true);
    assert.equal(trusts(2, '203.0.113.7', 2), false);
  });

  test('isTrustEntry: "loopback", an address or a CIDR range; nothing else', () => {
    for (const entry of ['loopback', '10.0.0.0/8', '192.0.2.1', '2001:db8::/32', '::1']) assert.equal(isTrustEntry(entry), true, entry);
    for (const entry of ['Loopback', 'localhost', '', 'nginx', '10.0.0.0/33', '10.0.0.0/', 'all']) assert.equal(isTrustEntry(entry), false, entry);
  });
});

describe('clientAddress', () => {
  test('a peer that is not a readable address is its own client, as the runtime wrote it', () => {
    assert.equal(client('loopback', 'unknown', '203.0.113.7'), 'unknown');
    assert.equal(client(1, 'unknown', '203.0.113.7'), 'unknown');
  });

  test('an untrusted peer is the client, in canonical spelling; its headers are not read', () => {
    assert.equal(client('loopback', '2001:DB8:0::1', '203.0.113.7'), '2001:db8::1');
    assert.equal(client('loopback', '203.0.113.9', undefined, 'for=203.0.113.7'), '203.0.113.9');
    assert.equal(client(0, '127.0.0.1', '203.0.113.7'), '127.0.0.1');
  });

  test('a trusted peer without forwarding headers is the client', () => {
    assert.equal(client('loopback', '::ffff:127.0.0.1'), '127.0.0.1');
    assert.equal(client('loopback', '::1'), '::1');
  });

  test('behind a trusted peer the walk goes leftwards and stops at the first untrusted hop', () => {
    const chain = ['loopback', '10.0.0.0/8'];
    assert.equal(client(chain, '127.0.0.1', '203.0.113.7'), '203.0.113.7');
    assert.equal(client(chain, '127.0.0.1', '9.9.9.9, 203.0.113.7, 10.1.2.3'), '203.0.113.7');
    assert.equal(client(chain, '127.0.0.1', '203.0.113.7, 203.0.113.50, 10.0.0.2'), '203.0.113.50');
    assert.equal(client(chain, '127.0.0.1', '10.9.9.9, 10.0.0.2'), '10.9.9.9', 'all hops trusted: the leftmost is the client');
    assert.equal(client(chain, '127.0.0.1', 'unknown'), '127.0.0.1', 'a hidden hop: the trusted peer that wrote it is the furthest known');
    assert.equal(client(chain, '127.0.0.1', '203.0.113.40, unknown, 10.0.0.3'), '10.0.0.3');
  });

  test('with a hop count, the hops are counted from the peer (hop 0)', () => {
    assert.equal(client(1, '127.0.0.1', '5.5.5.5, 203.0.113.9'), '203.0.113.9');
    assert.equal(client(2, '198.51.100.1', '5.5.5.5, 203.0.113.9, 10.0.0.1'), '203.0.113.9');
    assert.equal(client(3, '198.51.100.1', '5.5.5.5, 203.0.113.9, 10.0.0.1'), '5.5.5.5');
    assert.equal(client(9, '198.51.100.1', '5.5.5.5, 203.0.113.9'), '5.5.5.5', 'fewer hops than trusted: the leftmost');
  });

  test('X-Forwarded-For is read when present, Forwarded otherwise', () => {
    assert.equal(client('loopback', '127.0.0.1', undefined, 'for=6.6.6.6, for="[2001:db8::1]:4711"'), '2001:db8::1');
    assert.equal(client('loopback', '127.0.0.1', '203.0.113.30', 'for=198.51.100.31'), '203.0.113.30');
    assert.equal(client('loopback', '127.0.0.1', '', 'for=198.51.100.31'), '127.0.0.1', 'an empty X-Forwarded-For is still the one read');
  });
});
