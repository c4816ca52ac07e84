// Signatures through the Worker, as through the Node proxy (test/proxy/outbox/outbox.test.ts,
// test/proxy/visitors/origins.test.ts): delivered signed to the service, only from allowed
// origins, and no more per client network than the rate limit, counted by the Durable Object.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eventually, signer } from '../stack.js';
import { WORKER_SKIP, WorkerStack } from './worker-stack.js';

const ALLOWED = 'https://www.example.org';

async function granted(stack: WorkerStack): Promise<void> {
  await eventually(async () => {
    const summary = (await (await stack.call('GET', `/api/petitions/${stack.petitionIds[0]}`)).json()) as { key_status: string };
    return summary.key_status === 'granted';
  }, 10_000, 'the key to be granted');
}

describe('signing through the Worker', { skip: WORKER_SKIP }, () => {
  let stack: WorkerStack;
  let path: string;
  before(async () => {
    stack = await new WorkerStack().start();
    path = `/api/petitions/${stack.petitionIds[0]}`;
    await granted(stack);
  });
  after(() => stack?.close());

  test('a signature is answered 202 and delivered, signed, to the service', async () => {
    const fields = signer(stack);
    const answer = await stack.call('POST', `${path}/signatures`, { headers: { origin: ALLOWED }, json: fields });
    assert.equal(answer.status, 202);
    assert.equal(((await answer.json()) as { result: string }).result, 'success');
    // The service takes only signed submissions: the row is the proof of the rsig.
    assert.deepEqual(stack.serviceEmails(), [fields.email]);
    assert.ok(stack.relay.sent.some((line) => line.startsWith(`POST /v1/petitions/${stack.petitionIds[0]}/signatures`) && /&rsig=[0-9a-f]{64}$/.test(line)));
  });

  test('an allowed origin gets CORS headers and a preflight; one letter off is refused 403', async () => {
    const allowed = await stack.call('GET', path, { headers: { origin: ALLOWED } });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.headers.get('access-control-allow-origin'), ALLOWED);

    const preflight = await stack.call('OPTIONS', `${path}/signatures`, {
      headers: { origin: ALLOWED, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    assert.equal(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);

    const before = stack.serviceEmails().length;
    for (const method of ['GET', 'POST', 'OPTIONS']) {
      const refused = await stack.call(method, `${path}/signatures`, {
        headers: { origin: 'https://www.example.orh', 'access-control-request-method': 'POST' },
        ...(method === 'POST' ? { json: signer(stack) } : {}),
      });
      assert.equal(refused.status, 403, method);
      assert.equal(refused.headers.get('access-control-allow-origin'), null, method);
    }
    assert.equal(stack.serviceEmails().length, before);
  });

  test('no credential or signer\'s data in any answer of the Worker', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('the Worker\'s rate limit on signatures', { skip: WORKER_SKIP }, () => {
  const LIMIT = 3;
  let stack: WorkerStack;
  before(async () => {
    stack = await new WorkerStack({ config: { rateLimit: { signaturesPerIpPerMinute: LIMIT } } }).start();
    await granted(stack);
  });
  after(() => stack?.close());

  test(`signature number ${LIMIT} in a minute from one address is taken, the next is refused 429 with Retry-After`, async () => {
    const post = () => stack.call('POST', `/api/petitions/${stack.petitionIds[0]}/signatures`, { json: signer(stack) });
    for (let n = 1; n <= LIMIT; n++) assert.equal((await post()).status, 202, `signature ${n}`);
    const refused = await post();
    assert.equal(refused.status, 429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    assert.equal(stack.serviceEmails().length, LIMIT);
  });
});
