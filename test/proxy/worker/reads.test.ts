// Reads answered in the Worker's isolate (src/proxy/worker/isolate-reads.ts), as the Node proxy
// answers them ahead of its app (test/proxy/reads/cached-read-listener.test.ts): identical reads
// cost the Durable Object one call a second, a signer is still listed within 2 s, a refused
// origin is still refused, and a stale answer stays the object's to keep. An answer from the
// isolate's memory carries `Age`; one the object produced does not.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { LISTING_DELAY_MS } from '../../../src/proxy/reads/read-cache.js';
import { eventually, signer } from '../stack.js';
import { WORKER_SKIP, WorkerStack } from './worker-stack.js';

const ALLOWED = 'https://www.example.org';

const fromIsolate = (answer: Response) => answer.headers.has('age');

/** The headers a browser acts on: without those of the moment (date, age) and the transport's. */
function normalised(answer: Response): Record<string, string> {
  const headers = Object.fromEntries(answer.headers);
  for (const name of ['age', 'date', 'content-length', 'transfer-encoding', 'connection']) delete headers[name];
  return headers;
}

async function startGranted(options: ConstructorParameters<typeof WorkerStack>[0]): Promise<WorkerStack> {
  const stack = await new WorkerStack(options).start();
  await eventually(async () => {
    const summary = (await (await stack.call('GET', `/api/petitions/${stack.petitionIds[0]}`)).json()) as { key_status: string };
    return summary.key_status === 'granted';
  }, 10_000, 'the key to be granted');
  return stack;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('reads kept in the Worker\'s isolate', { skip: WORKER_SKIP }, () => {
  let stack: WorkerStack;
  let recent: string;
  before(async () => {
    // The object keeps reads its default 5 s: only the isolate's memory decides what is asked of it.
    stack = await startGranted({});
    recent = `/api/petitions/${stack.petitionIds[0]}/signatures/recent`;
  });
  after(() => stack?.close());

  test('20 identical reads at once cost the object one call; the isolate asks again once its second is over', async () => {
    const breakdown = `/api/petitions/${stack.petitionIds[0]}/breakdown`;
    // A slow service: the 20 reads arrive while the first is still being answered.
    stack.relay.delays.set(`GET /v1/petitions/${stack.petitionIds[0]}/signatures/breakdown`, 300);
    const answers = await Promise.all(Array.from({ length: 20 }, () => stack.call('GET', breakdown, { headers: { origin: ALLOWED } })));
    assert.deepEqual(answers.map((answer) => answer.status), Array(20).fill(200));
    assert.equal(answers.filter((answer) => !fromIsolate(answer)).length, 1, 'one answer produced by the object');
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    assert.equal(new Set(bodies).size, 1);
    assert.equal(stack.relay.counts.get(`GET /v1/petitions/${stack.petitionIds[0]}/signatures/breakdown`), 1);

    assert.ok(fromIsolate(await stack.call('GET', breakdown)), 'a read in the same second is the isolate\'s');
    await sleep(LISTING_DELAY_MS + 100);
    assert.ok(!fromIsolate(await stack.call('GET', breakdown)), 'after the second, the object is asked again');
    stack.relay.delays.clear();
  });

  test('a kept answer equals the object\'s, header for header, with the asking origin in its CORS header; HEAD too', async () => {
    await sleep(LISTING_DELAY_MS);
    const first = await stack.call('GET', recent, { headers: { origin: ALLOWED } });
    assert.ok(!fromIsolate(first));
    const second = await stack.call('GET', recent, { headers: { origin: ALLOWED } });
    assert.ok(fromIsolate(second));
    assert.deepEqual(normalised(second), normalised(first));
    assert.equal(await second.text(), await first.text());

    const own = new URL(stack.url).origin;
    const other = await stack.call('GET', recent, { headers: { origin: own } });
    assert.ok(fromIsolate(other));
    assert.equal(other.headers.get('access-control-allow-origin'), own);
    const none = await stack.call('GET', recent);
    assert.ok(fromIsolate(none));
    assert.equal(none.headers.get('access-control-allow-origin'), null);
    assert.equal(none.headers.get('vary'), 'Origin');

    const head = await stack.call('HEAD', recent, { headers: { origin: ALLOWED } });
    assert.equal(head.status, 200);
    assert.ok(fromIsolate(head));
    assert.deepEqual(normalised(head), normalised(first));
    assert.equal(await head.text(), '');
  });

  test('an origin one letter off is refused 403 though the answer is kept', async () => {
    assert.equal((await stack.call('GET', recent, { headers: { origin: ALLOWED } })).status, 200);
    for (const method of ['GET', 'HEAD']) {
      const refused = await stack.call(method, recent, { headers: { origin: 'https://www.example.orh' } });
      assert.equal(refused.status, 403, method);
      assert.equal(refused.headers.get('access-control-allow-origin'), null, method);
      assert.ok(!fromIsolate(refused), method);
    }
  });

  test('a signer is listed within 2 s of the 202, though the list was kept just before', async () => {
    assert.equal((await stack.call('GET', recent, { headers: { origin: ALLOWED } })).status, 200);
    assert.ok(fromIsolate(await stack.call('GET', recent, { headers: { origin: ALLOWED } })), 'the list is kept');
    const fields = signer(stack);
    const signed = await stack.call('POST', `/api/petitions/${stack.petitionIds[0]}/signatures`, { headers: { origin: ALLOWED }, json: fields });
    assert.equal(signed.status, 202);
    const signedAt = Date.now();
    // The signature went through this isolate: its copy is dropped, as the object drops its own.
    const next = await stack.call('GET', recent, { headers: { origin: ALLOWED } });
    assert.ok(!fromIsolate(next), 'the first read after the 202 is the object\'s');
    await eventually(async () => (await (await stack.call('GET', recent, { headers: { origin: ALLOWED } })).text()).includes(fields.last_name), 2000, 'the signer listed');
    assert.ok(Date.now() - signedAt <= 2000);
  });

  test('no credential or signer\'s data in any answer of the Worker', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('failures and stale reads through the Worker\'s isolate', { skip: WORKER_SKIP }, () => {
  let stack: WorkerStack;
  before(async () => {
    // The object keeps a read 1 s, a stale one too (its STALE_KEPT_MS is longer); reads pause 50 ms after a failure.
    stack = await startGranted({ config: { cacheSeconds: 1 }, timing: { readPauseMs: 50 } });
  });
  after(() => stack?.close());

  test('a failure is never kept: each read asks the object again, and the first good answer after it is the object\'s', async () => {
    const breakdown = `/api/petitions/${stack.petitionIds[0]}/breakdown`;
    const upstream = `GET /v1/petitions/${stack.petitionIds[0]}/signatures/breakdown`;
    stack.relay.answers.set(upstream, { status: 404, body: JSON.stringify({ result: 'failure', messages: ['petition not found'] }) });
    const before = stack.relay.count(upstream);
    for (let n = 0; n < 3; n++) assert.equal((await stack.call('GET', breakdown)).status, 404);
    assert.equal(stack.relay.count(upstream), before + 3, 'each failed read reached the service');
    stack.relay.answers.delete(upstream);
    const good = await stack.call('GET', breakdown);
    assert.equal(good.status, 200);
    assert.ok(!fromIsolate(good));
  });

  test('a stale answer is never kept in the isolate: fresh answers return as soon as the object has them', async () => {
    const path = `/api/petitions/${stack.petitionIds[0]}/signatures/recent`;
    assert.equal((await stack.call('GET', path)).headers.get('x-petition-stale'), null);
    await stack.stopService();
    let staleAnswers = 0;
    await eventually(async () => {
      const answer = await stack.call('GET', path);
      if (answer.headers.get('x-petition-stale') !== '1') return false;
      staleAnswers++;
      assert.ok(!fromIsolate(answer), 'a stale answer comes from the object');
      return staleAnswers >= 20;
    }, 5000, '20 stale answers');

    await stack.startService();
    const back = Date.now();
    await eventually(async () => (await stack.call('GET', path)).headers.get('x-petition-stale') === null, 3000, 'a fresh answer');
    // The object's stale copy lasts its 1 s; the isolate adds nothing to it.
    assert.ok(Date.now() - back <= 1000 + 300, `fresh after ${Date.now() - back} ms`);
  });
});
