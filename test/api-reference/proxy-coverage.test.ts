// Every (operation, status) that docs/openapi/proxy.yaml lists, produced by a real proxy in front
// of a real service (test/proxy/stack.ts) and checked against it by the node:http check of
// validate-fetch.ts; and the document lists no answer these requests did not produce.
import './validate-fetch.js';
import assert from 'node:assert/strict';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BODY_LIMIT_BYTES } from '../../src/proxy/app.js';
import { callbackSignature } from '../../src/shared/signing.js';
import { Stack, keysDecided, signer } from '../proxy/stack.js';
import { apiDocuments } from './api-documents.js';
import { assertEveryAnswerProduced } from './coverage.js';
import { mountTmpfs, tmpfsUnavailable } from '../../support/tmpfs.js';

/** Answers no request here can produce on purpose: none. Add one only with the reason why. */
const EXEMPT = new Map<string, string>();
const noTmpfs = tmpfsUnavailable();
if (noTmpfs) EXEMPT.set('GET /healthz 503', `a full data folder needs a tmpfs of the test's own: ${noTmpfs}`);

const ALLOWED = { origin: 'https://www.example.org' };
const REFUSED = { origin: 'https://elsewhere.example.net' };
const proxyDocument = apiDocuments().find((document) => document.name === 'proxy')!;
/** A locale chunk's name as Vite gives it, where the document says the chunks are. */
const CHUNK_NAME = 'de-B2x9kQ1a.js';
const CHUNK = proxyDocument.paths.find(({ template }) => template.endsWith('/{chunk}'))!.template.replace('{chunk}', CHUNK_NAME);

/** What the service is made to answer through the proxy's own fetch, besides the real thing. */
type Upstream = 'real' | 'unreadable reads' | 'key revoked';

describe('a proxy answering every documented status', () => {
  let stack: Stack;
  let upstream: Upstream = 'real';
  let petition = 0;
  let signatures = '';
  const call = (method: string, path: string, init: Parameters<Stack['call']>[2] = {}) => stack.call(method, path, init);
  const expect = async (answer: ReturnType<Stack['call']>, status: number) => {
    const { status: actual, body } = await answer;
    assert.equal(actual, status, body);
  };
  const signedCallback = async (payload: unknown, at = Math.floor(Date.now() / 1000)) => {
    const body = JSON.stringify(payload);
    const timestamp = String(at);
    const signature = await callbackSignature(stack.credentials.secret, timestamp, body);
    return call('POST', '/callbacks/auth-keys', {
      headers: { 'content-type': 'application/json', 'x-petition-timestamp': timestamp, 'x-petition-signature': signature },
      body,
    });
  };

  before(async () => {
    stack = await new Stack({
      // Every read reaches the service, and a failed read has no last good answer to fall back on.
      config: { cacheSeconds: 0, staleForSeconds: 0 },
      proxy: {
        readPauseMs: 0,
        fetch: async (input, init) => {
          if (upstream === 'unreadable reads' && init?.method === 'GET') return new Response('<html>not JSON</html>', { status: 200 });
          if (upstream === 'key revoked' && init?.method === 'POST' && String(input).endsWith('/signatures')) {
            return Response.json({ result: 'failure', messages: ['auth_key: this authorization key has been revoked'] }, { status: 403 });
          }
          return fetch(input, init);
        },
      },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    petition = stack.petitionIds[0]!;
    signatures = `/api/petitions/${petition}/signatures`;
  });
  after(() => stack.close());

  test('health, the embed status, and a preflight, a refused origin and a non-preflight OPTIONS on every path that has them', async () => {
    await expect(call('GET', '/healthz'), 200);
    await expect(call('GET', '/healthz', { headers: REFUSED }), 403);
    await expect(call('GET', '/embed-status', { headers: REFUSED }), 200);
    for (const { template, item } of proxyDocument.paths) {
      // The public paths (the script, its chunks, the embed status) have no preflight to answer.
      if (!item['options']) continue;
      const path = template.replace('{petition_id}', String(petition)).replace('{chunk}', CHUNK_NAME);
      await expect(call('OPTIONS', path, { headers: { ...ALLOWED, 'access-control-request-method': 'POST' } }), 204);
      await expect(call('OPTIONS', path, { headers: { ...REFUSED, 'access-control-request-method': 'POST' } }), 403);
      await expect(call('OPTIONS', path), 404);
    }
  });

  test('reads and the proof-of-work challenge: 200, 400, 403, 404', async () => {
    for (const path of [`/api/petitions/${petition}`, signatures, `${signatures}/recent`, `/api/petitions/${petition}/breakdown`, `/api/petitions/${petition}/challenge`]) {
      await expect(call('GET', path, { headers: ALLOWED }), 200);
      await expect(call('GET', path, { headers: REFUSED }), 403);
      await expect(call('GET', path.replace(`/${petition}`, '/999999')), 404);
    }
    await expect(call('GET', `${signatures}?page_size=0`), 400);
  });

  test('reads asked again with their ETag in If-None-Match: 304', async () => {
    for (const path of [`/api/petitions/${petition}`, signatures, `${signatures}/recent`, `/api/petitions/${petition}/breakdown`]) {
      const { headers } = await call('GET', path, { headers: ALLOWED });
      await expect(call('GET', path, { headers: { ...ALLOWED, 'if-none-match': headers['etag']! } }), 304);
    }
  });

  test('submissions: 202 (a duplicate too), 400, 403, 404, 413, 415, and 502 when the service refuses the proxy\'s credentials', async () => {
    const fields = signer(stack);
    await expect(call('POST', signatures, { headers: ALLOWED, json: fields }), 202);
    await expect(call('POST', signatures, { json: fields }), 202);
    await expect(call('POST', signatures, { json: { ...signer(stack), email: 'not an address' } }), 400);
    await expect(call('POST', signatures, { headers: REFUSED, json: signer(stack) }), 403);
    await expect(call('POST', '/api/petitions/999999/signatures', { json: signer(stack) }), 404);
    await expect(call('POST', signatures, { json: { ...signer(stack), reason: 'y'.repeat(BODY_LIMIT_BYTES) } }), 413);
    await expect(call('POST', signatures, { headers: { 'content-type': 'text/plain' }, body: JSON.stringify(signer(stack)) }), 415);
    const refusal = { status: 401, body: JSON.stringify({ result: 'failure', messages: ['rsig: does not match the request'] }) };
    stack.relay.answers.set(`POST /v1${signatures.slice('/api'.length)}`, refusal);
    try {
      await expect(call('POST', signatures, { json: signer(stack) }), 502);
    } finally {
      stack.relay.answers.clear();
    }
  });

  test('the service\'s callback: 200, 400, 401, 403, 413, and 503 for a decision from the same second as the known one', async () => {
    const elsewhere = { status: 'denied', petition_id: 999999, source_description: 'x', source: 'https://example.org/', requester_email: 'a@example.org' };
    await expect(signedCallback(elsewhere), 200);
    const configured = stack.config.petitions[0]!;
    const tie = { status: 'denied', petition_id: petition, source_description: configured.sourceDescription, source: configured.source, requester_email: configured.requesterEmail };
    const decidedAt = (stack.storedKeys()[0] as unknown as { decided_at: number }).decided_at;
    await expect(signedCallback(tie, decidedAt), 503);
    await expect(signedCallback({}), 400);
    await expect(call('POST', '/callbacks/auth-keys', { json: elsewhere }), 401);
    await expect(call('POST', '/callbacks/auth-keys', { headers: REFUSED, json: elsewhere }), 403);
    await expect(call('POST', '/callbacks/auth-keys', { json: { padding: 'y'.repeat(BODY_LIMIT_BYTES) } }), 413);
  });

  test('the script files, public to every origin: 200, 304, 404', async () => {
    for (const path of ['/petition-embed.js', CHUNK]) {
      await expect(call('GET', path), 404);
      mkdirSync(dirname(join(stack.dir, 'assets', CHUNK)), { recursive: true });
      writeFileSync(join(stack.dir, 'assets', path), 'export const ready = true;\n');
      const file = await call('GET', path, { headers: ALLOWED });
      assert.equal(file.status, 200);
      await expect(call('GET', path, { headers: { 'if-none-match': file.headers.etag! } }), 304);
      await expect(call('GET', path, { headers: REFUSED }), 200);
    }
  });

  test('reads while the service is down: 503 with Retry-After; an answer the proxy cannot read: 500', async () => {
    await stack.stopService();
    try {
      for (const path of [`/api/petitions/${petition}`, signatures, `${signatures}/recent`, `/api/petitions/${petition}/breakdown`]) await expect(call('GET', path), 503);
    } finally {
      await stack.startService();
    }
    upstream = 'unreadable reads';
    try {
      await expect(call('GET', `/api/petitions/${petition}`), 500);
      await expect(call('GET', signatures), 500);
    } finally {
      upstream = 'real';
    }
  });

  // Last: the proxy's data folder is gone for good after it.
  test('its data folder unwritable: 500 for a submission that revokes the key, and for a callback', async () => {
    renameSync(stack.config.dataDir, `${stack.config.dataDir}-moved`);
    writeFileSync(stack.config.dataDir, 'not a folder');
    upstream = 'key revoked';
    await expect(call('POST', signatures, { json: signer(stack) }), 500);
    const configured = stack.config.petitions[0]!;
    const outcome = { status: 'denied', petition_id: petition, source_description: configured.sourceDescription, source: configured.source, requester_email: configured.requesterEmail };
    // Stamped later than any decision above, so that it is applied (and its write fails).
    await expect(signedCallback(outcome, Math.floor(Date.now() / 1000) + 2), 500);
  });
});

test('a proxy still waiting for its key, with a limit of 1 signature and 1 challenge a minute: 503 with Retry-After, then 429; a challenge, then 429', async () => {
  const stack = await new Stack({ autoGrant: false, config: { rateLimit: { signaturesPerIpPerMinute: 1, challengesPerIpPerMinute: 1 } } }).start();
  try {
    const path = `/api/petitions/${stack.petitionIds[0]}/signatures`;
    assert.equal((await stack.call('POST', path, { json: signer(stack) })).status, 503);
    assert.equal((await stack.call('POST', path, { json: signer(stack) })).status, 429);
    const challenge = `/api/petitions/${stack.petitionIds[0]}/challenge`;
    assert.equal((await stack.call('GET', challenge)).status, 200);
    assert.equal((await stack.call('GET', challenge)).status, 429);
  } finally {
    await stack.close();
  }
});

test('reads beyond a client\'s allowance of uncached reads: 429 with Retry-After; the last good answer: 200 and stale', async () => {
  const stack = await new Stack({ petitionCount: 2, config: { cacheSeconds: 0, rateLimit: { uncachedReadsPerIpPerMinute: 1 } } }).start();
  try {
    const [first, second] = stack.petitionIds.map((id) => `/api/petitions/${id}`) as [string, string];
    const limited = async (path: string, headers: Record<string, string> = {}) => {
      const refused = await stack.call('GET', path, { headers });
      assert.equal(refused.status, 429, path);
      assert.ok(Number(refused.headers['retry-after']) >= 1);
    };
    assert.equal((await stack.call('GET', first)).status, 200);
    await limited(`${first}/signatures`);
    await limited(`${first}/signatures/recent`);
    await limited(`${first}/breakdown`);
    // Another client (through the loopback reverse proxy trusted by default) has its own allowance.
    const other = { 'x-forwarded-for': '203.0.113.5' };
    assert.equal((await stack.call('GET', `${second}/signatures/recent`, { headers: other })).status, 200);
    await limited(second, other);
    const stale = await stack.call('GET', first);
    assert.equal(stale.status, 200);
    assert.equal(stale.headers['x-petition-stale'], '1');
  } finally {
    await stack.close();
  }
});

test('a full data folder: a signature it cannot store is 503 with Retry-After, and so is /healthz', { skip: noTmpfs ?? false }, async () => {
  const disk = mountTmpfs(2048);
  const stack = await new Stack({ config: { dataDir: join(disk.dir, 'proxy') } }).start();
  try {
    await keysDecided(stack.proxy!);
    // The service down: each signature is queued, until the outbox cannot grow.
    await stack.stopService();
    disk.fill();
    const path = `/api/petitions/${stack.petitionIds[0]}/signatures`;
    let status = 202;
    for (let i = 0; i < 40 && status === 202; i++) status = (await stack.call('POST', path, { json: signer(stack) })).status;
    assert.equal(status, 503);
    assert.equal((await stack.call('GET', '/healthz')).status, 503);
  } finally {
    await stack.close();
    disk.close();
  }
});

test('proxy.yaml lists exactly the answers produced above', () => {
  assertEveryAnswerProduced('proxy', EXEMPT);
});
