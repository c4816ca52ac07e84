// Callback endpoints an attacker chooses: private and loopback addresses are refused when the key
// is requested and again when the callback is sent, redirects are never followed, and a
// consumer's hanging endpoints cannot delay another consumer's callback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { isIP } from 'node:net';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { lookup } from 'node:dns/promises';
import { isPublicAddress, publicAddresses } from '../../../src/service/auth-keys/callback-address.js';
import { startService } from '../../../src/service/index.js';
import { startCallbackReceiver } from '../callback-receiver.js';
import { authKeysPath, eventually, keyRequestFields, signedPost, startTestService } from '../harness.js';
import type { TestService } from '../harness.js';

async function keyRequest(t: TestService, source: string, callback: string, consumer = t.consumer): Promise<Response> {
  return signedPost({ ...t, consumer }, authKeysPath(t.petitionId), keyRequestFields(source, callback));
}

test('by default a callback_endpoint aimed at loopback, private, link-local or metadata addresses is 400, in every spelling', async () => {
  const own = await lookup(hostname(), { all: true });
  assert.ok(own.every(({ address }) => !isPublicAddress(address)), `this machine's name resolves to ${JSON.stringify(own)}`);
  const t = await startTestService({ allowPrivateCallbacks: false });
  try {
    const refused = [
      'http://0x7f000001:8080/', 'http://127.1/', 'http://0177.0.0.1/', 'http://2130706433/', 'http://[::1]/',
      'http://[::ffff:127.0.0.1]/', 'http://[::ffff:7f00:1]/', 'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1:6379/', 'http://192.168.1.1/', 'http://172.16.0.1/', 'http://100.100.100.200/',
      'http://[fd00:ec2::254]/', 'http://[fe80::1]/', 'http://0.0.0.0/', 'http://localhost:9/', 'http://api.localhost/',
      'http://[::ffff:169.254.169.254]/', 'http://[64:ff9b::7f00:1]/', 'http://[2002:a00:1::]/', 'http://[::]/',
      'http://224.0.0.1/', 'http://255.255.255.255/', 'http://198.18.0.1/',
      // IPv4-compatible (::a.b.c.d): the IPv4 it carries, as the block ranges read it.
      'http://[::127.0.0.1]/', 'http://[::a9fe:a9fe]/', 'http://[2002:7f00:1:1::]/',
      // A name is judged by what it resolves to: this machine's own name resolves to loopback.
      `http://${hostname()}:8080/`,
      // A name that resolves to nothing cannot be checked, nor called back.
      'http://no-such-host.invalid/',
    ];
    for (const [index, url] of refused.entries()) {
      const response = await keyRequest(t, `https://ssrf.example.org/${index}`, url);
      assert.equal(response.status, 400, url);
      const body = (await response.json()) as { messages: string[] };
      assert.match(body.messages.join(' '), /^callback_endpoint: /, url);
    }
    assert.equal((await t.admin.listAuthKeys()).length, 0, 'none was recorded');
    for (const [index, url] of ['http://93.184.215.14/callback', 'https://[2606:4700:4700::1111]/cb', 'http://[64:ff9b::5db8:d70e]/cb'].entries()) {
      assert.equal((await keyRequest(t, `https://public.example.org/${index}`, url)).status, 202, url);
    }
  } finally {
    await t.close();
  }
});

test('a name that resolves to public and private addresses at once is refused; one whose every address is public is not', async () => {
  // The resolver is answered here: no query leaves the machine, and any answer can be given.
  const asked: string[] = [];
  const answering = (...addresses: string[]) => async (host: string) => {
    asked.push(host);
    return addresses.map((address) => ({ address, family: isIP(address) }));
  };
  const mixes = [
    ['93.184.216.34', '10.0.0.5'],
    ['10.0.0.5', '93.184.216.34'],
    ['2606:4700:4700::1111', 'fd00:ec2::254'],
    ['93.184.216.34', '2606:4700:4700::1111', '::ffff:127.0.0.1'],
    [],
  ];
  for (const mix of mixes) {
    await assert.rejects(publicAddresses('callback.example.org', 1000, answering(...mix)), { code: 'ECALLBACKADDRESS' }, mix.join(', '));
  }
  const everyOnePublic = ['93.184.216.34', '2606:4700:4700::1111'];
  const found = await publicAddresses('callback.example.org', 1000, answering(...everyOnePublic));
  assert.deepEqual(found.map(({ address }) => address), everyOnePublic);
  assert.deepEqual(asked, Array(mixes.length + 1).fill('callback.example.org'), 'every answer came from the resolver given');
});

test('the address is checked again at delivery: a loopback endpoint recorded earlier is never posted to', async () => {
  const t = await startTestService({ allowPrivateCallbacks: true, retryBaseMs: 100 });
  const receiver = await startCallbackReceiver(t.consumer.secret);
  let hits = 0;
  const counting = createServer((_request, response) => {
    hits++;
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => counting.listen(0, '127.0.0.1', resolve));
  const countingUrl = `http://localhost:${(counting.address() as AddressInfo).port}/cb`;
  try {
    assert.equal((await keyRequest(t, 'https://rebind.example.org/', countingUrl)).status, 202);
    await t.service.close();
    // The same file, now served with the address check on, as in production.
    const strict = await startService({ dbPath: t.dbPath, port: 0, retryBaseMs: 100, log: (line) => t.logs.push(line) });
    try {
      const [request] = await t.admin.listAuthKeys();
      await t.admin.grant(request!.id);
      const attempted = await eventually(async () => (await t.admin.listAuthKeys())[0]!.deliveries[0]!, (d) => d.attempts >= 1, 3000);
      assert.equal(attempted.state, 'pending', 'not delivered');
      assert.equal(hits, 0, 'nothing reached the loopback endpoint');
      // The attempt is recorded before its log line is written: wait for the line too.
      const failed = (line: string) => /callback delivery \d+: attempt 1 failed \(ECALLBACKADDRESS\)/.test(line);
      assert.ok(await eventually(() => t.logs.some(failed), (found) => found, 3000), t.logs.join('\n'));
    } finally {
      await strict.close();
    }
  } finally {
    await new Promise<void>((resolve) => counting.close(() => resolve()));
    await receiver.close();
    await t.close();
  }
});

test('callback delivery never follows a redirect (the payload carries the key)', async () => {
  const t = await startTestService({ autoGrant: true, retryBaseMs: 60_000 });
  const target = await startCallbackReceiver(t.consumer.secret);
  const redirecting = createServer((_request, response) => response.writeHead(307, { Location: target.url }).end());
  await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/cb`;
    assert.equal((await keyRequest(t, 'https://redirect.example.org/', url)).status, 202);
    const delivery = await eventually(async () => (await t.admin.listAuthKeys())[0]!.deliveries[0]!, (d) => d.attempts >= 1, 3000);
    assert.equal(delivery.state, 'pending', 'a 3xx is a failed attempt');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(target.received.length, 0, 'the redirect target never sees the payload');
    assert.ok(t.logs.some((line) => /attempt 1 failed \(HTTP 307\)/.test(line)), t.logs.join('\n'));
  } finally {
    await new Promise<void>((resolve) => redirecting.close(() => resolve()));
    await target.close();
    await t.close();
  }
});

test("300 key requests aimed at hanging endpoints on 30 hosts do not delay another consumer's callback", async () => {
  const t = await startTestService({ autoGrant: true, rateLimitPerMinute: 100_000, callbackTimeoutMs: 10_000 });
  // 30 hosts (a host is a name and a port), each holding every request unanswered: with 4 slots
  // a host they could fill every slot there is, were a consumer's slots not capped too.
  const hanging = await Promise.all(Array.from({ length: 30 }, async () => {
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server;
  }));
  const other = await t.admin.createConsumer('another site');
  const receiver = await startCallbackReceiver(other.secret);
  try {
    for (let i = 0; i < 300; i++) {
      const port = (hanging[i % hanging.length]!.address() as AddressInfo).port;
      assert.equal((await keyRequest(t, `https://flood.example.org/${i}`, `http://127.0.0.1:${port}/hang/${i}`)).status, 202);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const asked = Date.now();
    assert.equal((await keyRequest(t, 'https://patient.example.org/', receiver.url, other)).status, 202);
    await eventually(() => receiver.received.length, (n) => n >= 1, 3000);
    assert.equal(receiver.received.length, 1);
    assert.ok(Date.now() - asked < 2000, `delivered after ${Date.now() - asked} ms, while 300 others hang`);
  } finally {
    await t.close();
    await Promise.all(hanging.map((server) => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections())));
    await receiver.close();
  }
});
