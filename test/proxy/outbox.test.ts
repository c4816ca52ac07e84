// Nothing lost: submissions during a service outage are queued durably, survive a proxy
// restart, and are forwarded in order once the service is back; definitive refusals are logged.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Outbox } from '../../src/proxy/outbox.js';
import { openOutboxDatabase } from '../../src/proxy/outbox-sqlite.js';
import { QUEUED_MESSAGE } from '../../src/proxy/submissions.js';
import { Stack, eventually, keysDecided, signer } from './stack.js';

describe('outbox across a service outage and a proxy restart', () => {
  let stack: Stack;
  let petition: number;
  before(async () => {
    stack = await new Stack().start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    petition = stack.petitionIds[0]!;
  });
  after(() => stack.close());

  test('while the service is down, submissions are answered 202 "queued"', async () => {
    await stack.stopService();
    const duplicateOfFirst = signer(stack, { first_name: 'Queued', last_name: 'One' });
    const submissions = [
      duplicateOfFirst,
      signer(stack, { first_name: 'Queued', last_name: 'Two' }),
      { ...duplicateOfFirst, last_name: 'Again' },
      signer(stack, { first_name: 'Queued', last_name: 'Three' }),
    ];
    for (const fields of submissions) {
      const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields });
      assert.equal(answer.status, 202);
      assert.deepEqual(answer.json(), { result: 'success', messages: [QUEUED_MESSAGE] });
    }
    await eventually(() => stack.logs.some((line) => /not delivered .*attempt 2/.test(line)), 5000, 'a retry');
  });

  test('while the service is down, reads answer 503 with Retry-After and no upstream details', async () => {
    for (const path of [`/api/petitions/${petition}`, `/api/petitions/${petition}/signatures?page=2`, `/api/petitions/${petition}/signatures/recent`]) {
      const answer = await stack.call('GET', path);
      assert.equal(answer.status, 503, path);
      assert.ok(Number(answer.headers['retry-after']) > 0, path);
      assert.deepEqual(answer.json(), { result: 'failure', messages: ['The petition service is unavailable. Try again later.'] }, path);
    }
  });

  test('after a proxy restart and the service\'s return, all are delivered in order; the duplicate is logged', async () => {
    await stack.stopProxy();
    await stack.startService();
    await stack.startProxy();
    const names = await eventually(async () => {
      const page = (await stack.call('GET', `/api/petitions/${petition}/signatures?page_size=100`)).json() as {
        signatures: Array<{ name: string }>;
      };
      const queued = page.signatures.map((s) => s.name).filter((name) => name.startsWith('Queued'));
      return queued.length === 3 && queued;
    }, 10_000, 'the queued signatures to be listed');
    assert.deepEqual(names, ['Queued One', 'Queued Two', 'Queued Three']);
    assert.ok(
      stack.logs.some((line) => /refused by the service \(409\) and removed/.test(line)),
      stack.logs.join('\n'),
    );
  });

  test('with the outbox empty, submissions go straight through again', async () => {
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack) });
    assert.equal(answer.status, 202);
    assert.deepEqual(answer.json(), { result: 'success' });
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('a service that answers 503 or too slowly', () => {
  let stack: Stack;
  let failNext = 0;
  before(async () => {
    stack = await new Stack({
      config: { upstreamTimeoutMs: 200 },
      proxy: {
        // Wraps the real fetch: the first submissions meet a 503 or a hang, as from an overloaded service.
        fetch: async (input, init) => {
          if (String(input).endsWith('/signatures') && init?.method === 'POST' && failNext > 0) {
            failNext--;
            if (failNext % 2 === 0) return new Response('{"result":"failure","messages":["busy"]}', { status: 503 });
            return new Promise<Response>((_, reject) =>
              init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
            );
          }
          return fetch(input, init);
        },
      },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('a 503 and a timeout both end queued, then delivered', async () => {
    const petition = stack.petitionIds[0]!;
    failNext = 3;
    const fields = signer(stack, { first_name: 'Slow', last_name: 'Service' });
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields });
    assert.equal(answer.status, 202);
    assert.deepEqual(answer.json(), { result: 'success', messages: [QUEUED_MESSAGE] });
    await eventually(async () => {
      const recent = (await stack.call('GET', `/api/petitions/${petition}/signatures/recent`)).json() as Array<{ name: string }>;
      return recent.some((s) => s.name === 'Slow Service');
    }, 10_000, 'the queued signature to be listed');
    assert.ok(stack.logs.some((line) => line.includes('petition service timeout')), stack.logs.join('\n'));
    assert.ok(stack.logs.some((line) => line.includes('service answered 503')), stack.logs.join('\n'));
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('a submission arriving while an earlier one waits in the outbox', () => {
  let stack: Stack;
  /** Submissions carrying this (form-encoded) email meet a 503, as if the service failed on them only. */
  let heldEmail = '';
  before(async () => {
    stack = await new Stack({
      proxy: {
        fetch: async (input, init) => {
          if (heldEmail && init?.method === 'POST' && String(init.body).includes(encodeURIComponent(heldEmail))) {
            return new Response('{"result":"failure","messages":["busy"]}', { status: 503 });
          }
          return fetch(input, init);
        },
      },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('is queued behind it, not sent ahead of it, and both are delivered in order', async () => {
    const petition = stack.petitionIds[0]!;
    const first = signer(stack, { first_name: 'Waiting', last_name: 'First' });
    heldEmail = first.email;
    assert.deepEqual((await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: first })).json(), {
      result: 'success',
      messages: [QUEUED_MESSAGE],
    });
    // The service would take this one at once; it must still wait for the first.
    const second = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: signer(stack, { first_name: 'Waiting', last_name: 'Second' }),
    });
    assert.equal(second.status, 202);
    assert.deepEqual(second.json(), { result: 'success', messages: [QUEUED_MESSAGE] });
    await eventually(() => stack.logs.some((line) => /not delivered .*attempt 2/.test(line)), 5000, 'a retry');
    heldEmail = '';
    const names = await eventually(async () => {
      const page = (await stack.call('GET', `/api/petitions/${petition}/signatures?page_size=100`)).json() as {
        signatures: Array<{ name: string }>;
      };
      const waiting = page.signatures.map((s) => s.name).filter((name) => name.startsWith('Waiting'));
      return waiting.length === 2 && waiting;
    }, 10_000, 'both signatures to be listed');
    assert.deepEqual(names, ['Waiting First', 'Waiting Second']);
    assert.deepEqual(stack.leaks(), []);
  });
});

test('an unexpected error while forwarding (a failing disk, say) keeps the entry and is tried again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-outbox-'));
  const store = openOutboxDatabase(dir);
  const logs: string[] = [];
  let calls = 0;
  const outbox = new Outbox({
    store,
    deliver: async () => {
      calls++;
      if (calls === 1) throw new Error('EIO: i/o error, write /data/proxy/auth-keys.json');
      return { kind: 'accepted' };
    },
    onAccepted: () => undefined,
    log: (line) => logs.push(line),
    retry: { baseMs: 10, maxMs: 50 },
  });
  try {
    await outbox.queue(1, { first_name: 'Ada', last_name: 'Disk', email: 'ada@example.net', address: '1 Lane', city: 'Springfield', state_province: 'IL', postal_code: '62701', country_code: 'US' });
    await eventually(async () => !(await outbox.hasWaiting()), 5000, 'the entry to be delivered on a later try');
    assert.equal(calls, 2);
    assert.ok(logs.some((line) => /forwarding interrupted \(Error\)/.test(line)), logs.join('\n'));
    assert.ok(!logs.some((line) => line.includes('EIO') || line.includes('ada@example.net')), logs.join('\n'));
  } finally {
    await outbox.close();
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('a proxy killed right after answering "queued"', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack().start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('loses nothing: the next proxy on the same dataDir delivers it', async () => {
    const petition = stack.petitionIds[0]!;
    await stack.stopProxy();
    await stack.stopService();
    const configPath = join(stack.dir, 'proxy.config.json');
    writeFileSync(configPath, JSON.stringify(stack.config));
    const child = spawn(process.execPath, ['bin/petition-embed.js', 'proxy', '--port', String(stack.proxy!.port), '--config', configPath], {
      cwd: new URL('../..', import.meta.url).pathname,
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 20_000,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        let output = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (chunk: string) => {
          output += chunk;
          if (output.includes(stack.proxy!.url)) resolve();
        });
        child.once('exit', (code) => reject(new Error(`proxy exited (${code}):\n${output}`)));
      });
      const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
        json: signer(stack, { first_name: 'Killed', last_name: 'Proxy' }),
      });
      assert.deepEqual(answer.json(), { result: 'success', messages: [QUEUED_MESSAGE] });
    } finally {
      // No clean shutdown: whatever was not on disk when "queued" was answered is gone.
      child.kill('SIGKILL');
      await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    }

    await stack.startService();
    await stack.startProxy();
    await eventually(async () => {
      const recent = (await stack.call('GET', `/api/petitions/${petition}/signatures/recent`)).json() as Array<{ name: string }>;
      return recent.some((s) => s.name === 'Killed Proxy');
    }, 10_000, 'the signature queued by the killed proxy to be listed');
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('a queued signature the service refuses with 401 (this proxy\'s credentials or clock)', () => {
  let stack: Stack;
  /** While set, submissions reach the real service with a wrong rsig, as with a rotated secret. */
  let wrongSignature = false;
  before(async () => {
    stack = await new Stack({
      proxy: {
        fetch: async (input, init) => {
          if (wrongSignature && init?.method === 'POST' && String(input).endsWith('/signatures')) {
            return fetch(input, { ...init, body: String(init.body).replace(/rsig=[0-9a-f]+$/, `rsig=${'0'.repeat(64)}`) });
          }
          return fetch(input, init);
        },
      },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('is kept and delivered once the proxy is fixed, not removed', async () => {
    const petition = stack.petitionIds[0]!;
    // Set before anything is sent, so no try of this signature can reach the service unaltered.
    wrongSignature = true;
    await stack.stopService();
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: signer(stack, { first_name: 'Refused', last_name: 'Credentials' }),
    });
    assert.deepEqual(answer.json(), { result: 'success', messages: [QUEUED_MESSAGE] });
    stack.relay.reset();
    await stack.startService();
    await eventually(() => stack.relay.count(`POST /v1/petitions/${petition}/signatures`) >= 2, 5000, 'two refused tries');
    wrongSignature = false;
    await eventually(async () => {
      const recent = (await stack.call('GET', `/api/petitions/${petition}/signatures/recent`)).json() as Array<{ name: string }>;
      return recent.some((s) => s.name === 'Refused Credentials');
    }, 10_000, 'the queued signature to be listed');
    assert.ok(stack.logs.some((line) => line.includes('refused this proxy\'s credentials (401)')), stack.logs.join('\n'));
    assert.ok(!stack.logs.some((line) => line.includes('and removed')), stack.logs.join('\n'));
    assert.deepEqual(stack.leaks(), []);
  });
});
