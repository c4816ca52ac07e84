// Nothing lost: submissions during a service outage are queued durably, survive a proxy
// restart, and are forwarded in order once the service is back; definitive refusals are logged.
// Faults on the proxy's own side are in outbox-faults.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { QUEUED_MESSAGE } from '../../../src/proxy/outbox/submissions.js';
import { Stack, eventually, keysDecided, signer, received } from '../stack.js';

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
      assert.deepEqual(received(answer.json()), { result: 'success', messages: [QUEUED_MESSAGE] });
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
    assert.deepEqual(received(answer.json()), { result: 'success' });
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
    assert.deepEqual(received(answer.json()), { result: 'success', messages: [QUEUED_MESSAGE] });
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
    assert.deepEqual(received((await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: first })).json()), {
      result: 'success',
      messages: [QUEUED_MESSAGE],
    });
    // The service would take this one at once; it must still wait for the first.
    const second = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: signer(stack, { first_name: 'Waiting', last_name: 'Second' }),
    });
    assert.equal(second.status, 202);
    assert.deepEqual(received(second.json()), { result: 'success', messages: [QUEUED_MESSAGE] });
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

describe('a service that answers 429 (its rate limit for this proxy)', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack().start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('the signature is kept in the outbox and answered "queued": not 502, not dropped; delivered once the service takes it', async () => {
    const petition = stack.petitionIds[0]!;
    const route = `POST /v1/petitions/${petition}/signatures`;
    // The relay answers for the service, over real HTTP, as a service over its budget would.
    stack.relay.answers.set(route, { status: 429, headers: { 'retry-after': '1' }, body: '{"result":"failure","messages":["rate limit exceeded"]}' });
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: signer(stack, { first_name: 'Throttled', last_name: 'Once' }),
    });
    assert.equal(answer.status, 202);
    assert.deepEqual(received(answer.json()), { result: 'success', messages: [QUEUED_MESSAGE] });
    // The relay counts a try when it arrives, the proxy logs it once answered: wait for both.
    await eventually(
      () => stack.relay.count(route) >= 3 && stack.logs.some((line) => /not delivered \(service answered 429\), attempt 2/.test(line)),
      5000,
      'two more tries, each answered 429 and logged',
    );
    assert.ok(!stack.logs.some((line) => /removed|held, not removed/.test(line)), stack.logs.join('\n'));

    stack.relay.answers.delete(route);
    await eventually(async () => {
      const recent = (await stack.call('GET', `/api/petitions/${petition}/signatures/recent`)).json() as Array<{ name: string }>;
      return recent.some((s) => s.name === 'Throttled Once');
    }, 10_000, 'the kept signature to be listed');
    assert.deepEqual(stack.leaks(), []);
  });
});
