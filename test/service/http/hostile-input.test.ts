// Property: whatever arrives at any endpoint, the service answers without a 5xx, and every
// failure is the spec's error body with messages that name no secret.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { connect } from 'node:net';
import { signFormBody } from '../../../src/shared/signing.js';
import { BODY_LIMIT_BYTES } from '../../../src/service/http/request-body.js';
import { grantedKey, signaturesPath, startTestService, urlOf } from '../harness.js';
import type { TestService } from '../harness.js';

let t: TestService;
let key: string;
const source = 'https://hostile.example.org/';
const RUNS = 200;

before(async () => {
  // Most random requests fail authentication: the per-address budget for that has its own test.
  t = await startTestService({ rateLimitPerMinute: 1_000_000, authFailuresPerMinute: 1_000_000 });
  key = await grantedKey(t, source);
  await t.admin.seed(t.petitionId, 50);
});
after(() => t.close());

const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    "'; DROP TABLE signatures; --",
    '" OR 1=1 --',
    '<script>alert(1)</script>',
    '%00%ff%',
    '\u0000',
    '../../etc/passwd',
    '1e309',
    '-0',
    '9'.repeat(40),
    '__proto__',
    'constructor',
    '{"a":',
  ),
);

const paramName = fc.oneof(
  fc.constantFrom('api_key', 'page', 'page_size', 'sort', 'rsig', 'timestamp', 'endpoint', 'auth_key', 'source', 'email', 'first_name', 'hidden', 'country_code', '__proto__'),
  fc.string({ maxLength: 12 }),
);

async function assertWellFormed(response: Response): Promise<void> {
  assert.ok(response.status < 500, `status ${response.status}`);
  const text = await response.text();
  const body = JSON.parse(text) as unknown;
  if (response.status >= 400) {
    const failure = body as { result: unknown; messages: unknown };
    assert.equal(failure.result, 'failure');
    assert.ok(Array.isArray(failure.messages) && failure.messages.every((m) => typeof m === 'string'));
  }
  for (const secret of [t.consumer.secret, key]) assert.ok(!text.includes(secret), 'a secret leaked');
}

test('GET list and recent with random query parameters', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.tuple(paramName, hostileText), { maxLength: 6 }), fc.boolean(), fc.oneof(fc.constant(String(1)), hostileText), async (pairs, recent, id) => {
      const query = new URLSearchParams([['api_key', t.consumer.api_key], ...pairs]);
      const path = `/v1/petitions/${encodeURIComponent(id)}/signatures${recent ? '/recent' : ''}?${query}`;
      await assertWellFormed(await fetch(urlOf(t, path)));
    }),
    { numRuns: RUNS },
  );
});

const contentType = fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'multipart/form-data; boundary=x', '');

test('POST signatures with random bodies, signed and unsigned', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(paramName, hostileText), { maxLength: 14 }),
      fc.constantFrom('form-signed', 'form', 'json', 'raw'),
      contentType,
      fc.string({ unit: 'binary', maxLength: 200 }),
      async (pairs, kind, type, raw) => {
        const path = signaturesPath(t.petitionId);
        let body: string;
        let headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
        if (kind === 'form-signed') {
          body = await signFormBody([['api_key', t.consumer.api_key], ['source', source], ...pairs, ['timestamp', new Date().toISOString()], ['endpoint', path]], t.consumer.secret, key);
        } else if (kind === 'form') {
          body = new URLSearchParams([['api_key', t.consumer.api_key], ...pairs]).toString();
        } else if (kind === 'json') {
          headers = { 'Content-Type': 'application/json' };
          body = JSON.stringify(Object.fromEntries([['api_key', t.consumer.api_key], ...pairs]));
        } else {
          headers = type ? { 'Content-Type': type } : {};
          body = raw;
        }
        await assertWellFormed(await fetch(urlOf(t, path), { method: 'POST', headers, body }));
      },
    ),
    { numRuns: RUNS },
  );
});

test('POST auth_keys with random JSON values', async () => {
  await fc.assert(
    fc.asyncProperty(fc.dictionary(paramName, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 8 }), async (fields) => {
      const response = await fetch(urlOf(t, `/v1/petitions/${t.petitionId}/auth_keys`), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ api_key: t.consumer.api_key, ...fields }),
      });
      await assertWellFormed(response);
    }),
    { numRuns: RUNS },
  );
});

test('a NUL character anywhere is an ordinary refusal on either engine (PostgreSQL text cannot hold one)', async () => {
  const path = signaturesPath(t.petitionId);
  const post = (target: string, pairs: [string, string][]) =>
    fetch(urlOf(t, target), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(pairs).toString() });
  const unknownKey = await post(path, [['api_key', 'pk_\u0000'], ['first_name', 'Ada']]);
  assert.equal(unknownKey.status, 401);
  await assertWellFormed(unknownKey);
  const read = await fetch(urlOf(t, `${path}?api_key=${encodeURIComponent('\u0000')}`));
  assert.equal(read.status, 401);
  await assertWellFormed(read);
  // A source with a NUL finds no key: 401, as any unknown source.
  const signed = await signFormBody([['api_key', t.consumer.api_key], ['source', 'https://x.example.org/\u0000'], ['first_name', 'Ada'], ['timestamp', new Date().toISOString()], ['endpoint', path]], t.consumer.secret, key);
  const unknownSource = await fetch(urlOf(t, path), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: signed });
  assert.equal(unknownSource.status, 401);
  const keys = `/v1/petitions/${t.petitionId}/auth_keys`;
  const keyRequest = await signFormBody([
    ['api_key', t.consumer.api_key], ['source_description', 'site\u0000'], ['source', 'https://nul.example.org/'], ['requester_email', 'team@example.org'],
    ['callback_endpoint', 'http://127.0.0.1:9/cb'], ['timestamp', new Date().toISOString()], ['endpoint', keys],
  ], t.consumer.secret, '');
  const refused = await fetch(urlOf(t, keys), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: keyRequest });
  assert.equal(refused.status, 400);
  assert.deepEqual(((await refused.json()) as { messages: string[] }).messages, ['source_description: must not contain control characters']);
});

test('random methods and paths', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
      fc.array(fc.oneof(fc.constantFrom('v1', 'petitions', '1', 'signatures', 'recent', 'auth_keys', '..', '%2e%2e', ''), fc.string({ maxLength: 8 })), { maxLength: 6 }),
      async (method, segments) => {
        const path = `/${segments.map((s) => encodeURIComponent(s)).join('/')}`;
        await assertWellFormed(await fetch(urlOf(t, path), { method, body: method === 'GET' || method === 'OPTIONS' ? undefined : 'x=1' }));
      },
    ),
    { numRuns: RUNS },
  );
});

test('a body over the limit without Content-Length (chunked) is 413', async () => {
  const big = new TextEncoder().encode(`reason=${'y'.repeat(BODY_LIMIT_BYTES)}`);
  const stream = new ReadableStream({
    start(controller) {
      controller.enqueue(big);
      controller.close();
    },
  });
  const response = await fetch(urlOf(t, signaturesPath(t.petitionId)), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  assert.equal(response.status, 413);
  await assertWellFormed(response);
});

/** Sends bytes as they are over a fresh connection; resolves with everything the server sent. */
function rawExchange(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(t.service.port, '127.0.0.1', () => socket.end(bytes));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
  });
}

test("requests Node's HTTP parser refuses still get the error body", async () => {
  const cases: [string, number][] = [
    [`POST /v1/petitions/1/signatures HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\nabc`, 400],
    ['NOT HTTP AT ALL\r\n\r\n', 400],
    [`GET /v1/petitions/1/signatures HTTP/1.1\r\nHost: x\r\nX-Filler: ${'f'.repeat(20_000)}\r\n\r\n`, 413],
  ];
  for (const [request, status] of cases) {
    const answer = await rawExchange(request);
    assert.match(answer, new RegExp(`^HTTP/1\\.1 ${status} `), answer.slice(0, 80));
    const [head, body] = answer.split('\r\n\r\n');
    assert.match(head!, /content-type: application\/json/i);
    const failure = JSON.parse(body!) as { result: string; messages: string[] };
    assert.equal(failure.result, 'failure');
    assert.equal(failure.messages.length, 1);
  }
});
