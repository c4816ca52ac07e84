// Authorization keys through a real service: obtained by callback and by a 200 answer, kept
// across restarts, decisions (deny, revoke) honoured, forged and stale callbacks refused.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { openAdmin } from '../../../src/service/admin.js';
import { callbackSignature } from '../../../src/shared/signing.js';
import { parseProxyConfig, startProxy } from '../../../src/proxy/index.js';
import { Stack, eventually, freePort, keysDecided, signer, received } from '../stack.js';
import { builtCli } from '../../../support/built-cli.js';

describe('keys granted automatically (callback) and reused (200 answer)', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack({ autoGrant: true }).start();
  });
  after(() => stack.close());

  test('the first request is answered 202 and the key arrives by the signed callback', async () => {
    await keysDecided(stack.proxy!);
    const [record] = stack.storedKeys();
    assert.equal(record?.status, 'granted');
    assert.match(record?.auth_key ?? '', /^[0-9a-f]{64}$/);
    assert.equal(stack.relay.count(`POST /v1/petitions/${stack.petitionIds[0]}/auth_keys`), 1);
    const summary = await stack.call('GET', `/api/petitions/${stack.petitionIds[0]}`);
    assert.equal((summary.json() as { accepting_signatures: boolean }).accepting_signatures, true);
  });

  test('a restarted proxy keeps its key and asks the service for nothing', async () => {
    await stack.stopProxy();
    stack.relay.reset();
    await stack.startProxy();
    await keysDecided(stack.proxy!);
    assert.equal(stack.relay.count(`POST /v1/petitions/${stack.petitionIds[0]}/auth_keys`), 0);
    const answer = await stack.call('POST', `/api/petitions/${stack.petitionIds[0]}/signatures`, { json: signer(stack) });
    assert.equal(answer.status, 202);
    assert.deepEqual(received(answer.json()), { result: 'success' });
  });

  test('a proxy without stored keys gets the existing key from the 200 answer', async () => {
    const other = parseProxyConfig({ ...stack.config, dataDir: `${stack.dir}/second-proxy` });
    const logs: string[] = [];
    const second = await startProxy(other, { port: 0, log: (line) => logs.push(line), assetsDir: stack.dir });
    try {
      await keysDecided(second);
      assert.ok(logs.includes(`auth key for petition ${stack.petitionIds[0]}: granted`), logs.join('\n'));
      stack.logs.push(...logs);
    } finally {
      await second.close();
    }
  });

  test('`proxy keys` prints each status as JSON and never the key', () => {
    const configPath = `${stack.dir}/proxy.config.json`;
    execFileSync('node', ['-e', `require('fs').writeFileSync(${JSON.stringify(configPath)}, ${JSON.stringify(JSON.stringify(stack.config))})`]);
    const output = execFileSync('node', [builtCli(), 'proxy', 'keys', '--config', configPath], {
      cwd: new URL('../../..', import.meta.url).pathname,
      encoding: 'utf8',
    });
    const statuses = JSON.parse(output) as Array<{ petition_id: number; status: string }>;
    assert.deepEqual(statuses.map((s) => [s.petition_id, s.status]), [[stack.petitionIds[0], 'granted']]);
    stack.logs.push(output);
  });

  test('forged, unsigned and stale callbacks are refused and change nothing', async () => {
    const body = JSON.stringify({
      status: 'revoked',
      petition_id: stack.petitionIds[0],
      source_description: 'campaign website',
      source: stack.config.petitions[0]!.source,
      requester_email: 'team@example.org',
    });
    const now = String(Math.floor(Date.now() / 1000));
    const forged = await stack.call('POST', '/callbacks/auth-keys', {
      headers: {
        'content-type': 'application/json',
        'x-petition-timestamp': now,
        'x-petition-signature': await callbackSignature('not-the-secret', now, body),
      },
      body,
    });
    assert.equal(forged.status, 401);
    assert.equal((forged.json() as { result: string }).result, 'failure');

    const unsigned = await stack.call('POST', '/callbacks/auth-keys', { headers: { 'content-type': 'application/json' }, body });
    assert.equal(unsigned.status, 401);

    const old = String(Math.floor(Date.now() / 1000) - 600);
    const stale = await stack.call('POST', '/callbacks/auth-keys', {
      headers: {
        'content-type': 'application/json',
        'x-petition-timestamp': old,
        'x-petition-signature': await callbackSignature(stack.credentials.secret, old, body),
      },
      body,
    });
    assert.equal(stale.status, 401);
    assert.equal(stack.storedKeys()[0]?.status, 'granted');
  });

  test('no secret, key or personal data in any response or log line', () => {
    stack.storedKeys();
    assert.ok(stack.responses.length > 0);
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('keys decided by the operator', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack({ autoGrant: false, petitionCount: 2 }).start();
  });
  after(() => stack.close());

  test('while pending: not accepting, submissions answered 503 with Retry-After', async () => {
    const [first] = stack.petitionIds;
    const summary = await stack.call('GET', `/api/petitions/${first}`);
    assert.equal((summary.json() as { accepting_signatures: boolean }).accepting_signatures, false);
    const answer = await stack.call('POST', `/api/petitions/${first}/signatures`, { json: signer(stack) });
    assert.equal(answer.status, 503);
    assert.ok(Number(answer.headers['retry-after']) > 0);
  });

  test('a grant, a denial and later a revocation reach the proxy and are honoured', async () => {
    const [first, second] = stack.petitionIds as [number, number];
    const admin = await openAdmin(stack.dbPath);
    try {
      const requests = await admin.listAuthKeys();
      await admin.grant(requests.find((r) => r.petition_id === first)!.id);
      await admin.deny(requests.find((r) => r.petition_id === second)!.id);
      await keysDecided(stack.proxy!);
      stack.storedKeys();

      const accepted = await stack.call('POST', `/api/petitions/${first}/signatures`, { json: signer(stack) });
      assert.equal(accepted.status, 202);
      const denied = await stack.call('POST', `/api/petitions/${second}/signatures`, { json: signer(stack) });
      assert.equal(denied.status, 403);
      assert.match((denied.json() as { messages: string[] }).messages[0]!, /not permitted/);

      await admin.revoke(requests.find((r) => r.petition_id === first)!.id);
      await eventually(() => stack.storedKeys().find((k) => k.petition_id === first)?.status === 'revoked', 5000, 'revocation');
      const revoked = await stack.call('POST', `/api/petitions/${first}/signatures`, { json: signer(stack) });
      assert.equal(revoked.status, 403);
      assert.match((revoked.json() as { messages: string[] }).messages[0]!, /no longer accepts/);
      const summary = await stack.call('GET', `/api/petitions/${first}`);
      assert.equal((summary.json() as { accepting_signatures: boolean }).accepting_signatures, false);
    } finally {
      await admin.close();
    }
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('queued submissions while the key is pending again', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack({ autoGrant: false }).start();
  });
  after(() => stack.close());

  test('wait for the new key instead of being dropped, then are delivered with it', async () => {
    const petition = stack.petitionIds[0]!;
    const admin = await openAdmin(stack.dbPath);
    try {
      await admin.grant((await admin.listAuthKeys())[0]!.id);
      await keysDecided(stack.proxy!);
      stack.storedKeys();
      await stack.stopService();
      const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
        json: signer(stack, { first_name: 'Pending', last_name: 'Key' }),
      });
      assert.equal(answer.status, 202);

      // The site moves to a new address: the proxy asks for a key for the new source, and the
      // operator has not decided yet when the queued signature is next tried.
      await stack.stopProxy();
      stack.config = { ...stack.config, petitions: [{ ...stack.config.petitions[0]!, source: 'https://www.example.org/moved' }] };
      await stack.startService();
      await stack.startProxy();
      await eventually(() => stack.logs.some((line) => line.includes('not delivered (auth key pending)')), 5000, 'a try while pending');

      const request = (await admin.listAuthKeys()).find((r) => r.source === 'https://www.example.org/moved')!;
      await admin.grant(request.id);
      await eventually(async () => {
        const recent = (await stack.call('GET', `/api/petitions/${petition}/signatures/recent`)).json() as Array<{ name: string }>;
        return recent.some((s) => s.name === 'Pending Key');
      }, 10_000, 'the queued signature to be listed');
      stack.storedKeys();
      assert.ok(!stack.logs.some((line) => line.includes('and removed')), stack.logs.join('\n'));
      assert.deepEqual(stack.leaks(), []);
    } finally {
      await admin.close();
    }
  });
});

describe('a revocation whose callback never reaches the proxy', () => {
  let stack: Stack;
  before(async () => {
    // Callbacks go to a path this proxy does not serve, so it learns its key only by asking again
    // (the 200 answer) and the revocation only from the service's 403.
    stack = await new Stack({ config: { publicUrl: `http://127.0.0.1:${await freePort()}/unreachable` } }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('the service\'s 403 marks the key revoked: submissions stop with a clear message', async () => {
    const petition = stack.petitionIds[0]!;
    assert.equal((await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack) })).status, 202);
    const admin = await openAdmin(stack.dbPath);
    try {
      await admin.revoke((await admin.listAuthKeys())[0]!.id);
    } finally {
      await admin.close();
    }
    const refused = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack) });
    assert.equal(refused.status, 403);
    assert.match((refused.json() as { messages: string[] }).messages[0]!, /no longer accepts/);
    assert.equal(stack.storedKeys()[0]?.status, 'revoked');

    stack.relay.reset();
    const again = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack) });
    assert.equal(again.status, 403);
    assert.equal(stack.relay.count(`POST /v1/petitions/${petition}/signatures`), 0);
    const summary = await stack.call('GET', `/api/petitions/${petition}`);
    assert.equal((summary.json() as { accepting_signatures: boolean }).accepting_signatures, false);
    assert.deepEqual(stack.leaks(), []);
  });
});
