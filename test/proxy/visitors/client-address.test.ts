// The client each request is counted against (src/proxy/visitors/client-address.ts), and the one
// log line that tells an operator their reverse proxy is not trusted: 20 distinct forwarded
// values from one untrusted peer, at most 100 peers watched, the clients' addresses never logged.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ClientAddresses } from '../../../src/proxy/visitors/client-address.js';
import type { TrustProxySetting } from '../../../src/proxy/visitors/trusted-proxies.js';

function addresses(trustProxy: TrustProxySetting = 'loopback') {
  const logs: string[] = [];
  const clients = new ClientAddresses({ trustProxy, log: (line) => logs.push(line) });
  const of = (peer: string, headers: Record<string, string> = {}) => clients.of(peer, (name) => headers[name]);
  return { logs, of };
}

const HINT =
  'client addresses: requests from 198.51.100.9 carry many different X-Forwarded-For/Forwarded addresses, but 198.51.100.9 is ' +
  'not a trusted reverse proxy, so they all share its rate limits. If it is your reverse proxy, add it to ' +
  'trustProxy in the config (e.g. "trustProxy": ["198.51.100.9"]); see README.md "Behind a reverse proxy".';

describe('the client of a request', () => {
  test('behind a trusted peer, the client X-Forwarded-For or Forwarded names', () => {
    const { of } = addresses();
    assert.equal(of('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }), '203.0.113.7');
    assert.equal(of('127.0.0.1', { forwarded: 'for=203.0.113.8' }), '203.0.113.8');
    assert.equal(of('127.0.0.1', { 'x-forwarded-for': '203.0.113.7', forwarded: 'for=203.0.113.8' }), '203.0.113.7');
    assert.equal(of('127.0.0.1'), '127.0.0.1');
  });

  test('an untrusted peer, or one that is no address, is the client itself', () => {
    const { of, logs } = addresses();
    assert.equal(of('198.51.100.9', { 'x-forwarded-for': '203.0.113.7' }), '198.51.100.9');
    assert.equal(of('unknown', { 'x-forwarded-for': '203.0.113.7' }), 'unknown');
    assert.deepEqual(logs, []);
  });
});

describe('the hint for an untrusted reverse proxy', () => {
  test('logged at the 20th distinct X-Forwarded-For value from one untrusted peer, once, naming only the peer', () => {
    const { of, logs } = addresses();
    for (let i = 1; i <= 19; i++) of('198.51.100.9', { 'x-forwarded-for': `203.0.113.${i}` });
    // A repeated value is no new one.
    of('198.51.100.9', { 'x-forwarded-for': '203.0.113.1' });
    assert.deepEqual(logs, [], 'not at 19');
    of('198.51.100.9', { 'x-forwarded-for': '203.0.113.20' });
    assert.deepEqual(logs, [HINT]);
    for (let i = 21; i <= 45; i++) of('198.51.100.9', { 'x-forwarded-for': `203.0.113.${i}` });
    for (let i = 0; i < 25; i++) of(`198.51.100.${100 + i}`, { forwarded: `for=203.0.113.${i}` });
    assert.deepEqual(logs, [HINT], 'once only');
  });

  test('distinct Forwarded values count too, and the peer is named in its canonical spelling', () => {
    const { of, logs } = addresses();
    for (let i = 1; i <= 20; i++) of('::ffff:198.51.100.9', { forwarded: `for=203.0.113.${i}` });
    assert.deepEqual(logs, [HINT]);
  });

  test('requests without forwarding headers are not counted; an empty header is the same value as none', () => {
    const { of, logs } = addresses();
    for (let i = 1; i <= 17; i++) of('198.51.100.9', { 'x-forwarded-for': `203.0.113.${i}` });
    of('198.51.100.9', { 'x-forwarded-for': '203.0.113.19' });
    of('198.51.100.9', { 'x-forwarded-for': '203.0.113.19', forwarded: '' });
    of('198.51.100.9', { 'x-forwarded-for': '', forwarded: 'for=203.0.113.1' });
    of('198.51.100.9', { forwarded: 'for=203.0.113.1' });
    // 17, then 203.0.113.19 (twice), then for=203.0.113.1 (twice): 19 distinct values.
    for (let i = 0; i < 5; i++) of('198.51.100.9');
    assert.deepEqual(logs, [], 'one short of 20 distinct values');
  });

  test('only the first 100 characters of the values tell them apart', () => {
    const { of, logs } = addresses();
    const long = '203.0.113.1, '.repeat(8).slice(0, 99);
    assert.equal(long.length, 99);
    // Values equal in their first 100 characters ("|" and Forwarded joined after X-Forwarded-For): one value.
    for (let i = 0; i < 25; i++) of('198.51.100.9', { 'x-forwarded-for': `${long}x${i}` });
    assert.deepEqual(logs, []);
    // Differing at the 100th character: distinct.
    for (let i = 0; i < 19; i++) of('198.51.100.9', { 'x-forwarded-for': `${long.slice(0, 98)}${String.fromCharCode(65 + i)}` });
    assert.deepEqual(logs, [HINT]);
  });

  test('a trusted peer, or one that is no address, is never the subject', () => {
    const { of, logs } = addresses();
    for (let i = 1; i <= 25; i++) of('127.0.0.1', { 'x-forwarded-for': `203.0.113.${i}` });
    for (let i = 1; i <= 25; i++) of('unknown', { 'x-forwarded-for': `203.0.113.${i}` });
    assert.deepEqual(logs, []);
    const counted = addresses(1);
    for (let i = 1; i <= 25; i++) counted.of('198.51.100.9', { 'x-forwarded-for': `203.0.113.${i}` });
    assert.deepEqual(counted.logs, [], 'trustProxy 1: the peer is hop 0, trusted');
  });

  test('100 untrusted peers are watched at once: the 100th is, the 101st is not', () => {
    const watched = addresses();
    for (let peer = 1; peer <= 99; peer++) watched.of(`10.0.0.${peer}`, { 'x-forwarded-for': '203.0.113.1' });
    for (let i = 1; i <= 20; i++) watched.of('198.51.100.9', { 'x-forwarded-for': `203.0.113.${i}` });
    assert.deepEqual(watched.logs, [HINT]);

    const full = addresses();
    for (let peer = 1; peer <= 100; peer++) full.of(`10.0.0.${peer}`, { 'x-forwarded-for': '203.0.113.1' });
    for (let i = 1; i <= 25; i++) full.of('198.51.100.9', { 'x-forwarded-for': `203.0.113.${i}` });
    assert.deepEqual(full.logs, []);
    // A peer watched before the watch was full still counts.
    for (let i = 2; i <= 20; i++) full.of('10.0.0.100', { 'x-forwarded-for': `203.0.113.${i}` });
    assert.equal(full.logs.length, 1);
    assert.match(full.logs[0]!, /^client addresses: requests from 10\.0\.0\.100 /);
  });
});
