// The browser routes against a real service: reads and page rewriting, the cache and request
// coalescing (upstream calls counted), the petition allow-list, validation, the rate limit, and a
// scan of everything for leaked secrets. Origins, bodies and script files have their own files.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { openAdmin } from '../../../src/service/admin.js';
import { Stack, eventually, keysDecided, signer, received } from '../stack.js';

describe('proxy browser routes', () => {
  let stack: Stack;
  let petition: number;
  let other: number;
  before(async () => {
    stack = await new Stack({
      petitionCount: 2,
      seedPerPetition: 23,
      config: { cacheSeconds: 30, rateLimit: { signaturesPerIpPerMinute: 3 } },
    }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    [petition, other] = stack.petitionIds as [number, number];
  });
  after(() => stack.close());

  test('GET /api/petitions/:id gives the petition as the service has it, whether signatures are accepted here, and the notice', async () => {
    const admin = await openAdmin(stack.dbPath);
    try {
      await admin.updatePetition(other, { overview: 'Why it matters', targets: ['The Mayor'], goal: '500', url: 'https://www.example.org/p2' });
    } finally {
      await admin.close();
    }
    const answer = await stack.call('GET', `/api/petitions/${petition}`);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.json(), {
      petition_id: petition,
      title: 'Petition 1',
      status: 'open',
      overview: '',
      targets: [],
      signature_count: 23,
      goal: null,
      end_at: null,
      url: null,
      image_url: null,
      confirm_signers: false,
      accepting_signatures: true,
      key_status: 'granted',
      operator: { name: 'Example Petitions', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
      stale: false,
      opt_ins: [],
    });
    assert.equal(answer.headers['x-petition-stale'], undefined);
    const second = (await stack.call('GET', `/api/petitions/${other}`)).json() as Record<string, unknown>;
    assert.deepEqual(
      [second['overview'], second['targets'], second['goal'], second['url']],
      ['Why it matters', [{ name: 'The Mayor' }], 500, 'https://www.example.org/p2'],
    );
  });

  test('signature pages carry endpoints rewritten to the proxy routes, and they work', async () => {
    const first = await stack.call('GET', `/api/petitions/${petition}/signatures?page=2&page_size=5&sort=time_desc`);
    assert.equal(first.status, 200);
    const page = first.json() as { prev_page_endpoint: string; next_page_endpoint: string; page: number; total_pages: number; signatures: unknown[] };
    assert.equal(page.page, 2);
    assert.equal(page.total_pages, 5);
    assert.equal(page.signatures.length, 5);
    assert.equal(page.prev_page_endpoint, `/api/petitions/${petition}/signatures?page=1&page_size=5&sort=time_desc`);
    assert.equal(page.next_page_endpoint, `/api/petitions/${petition}/signatures?page=3&page_size=5&sort=time_desc`);
    const next = await stack.call('GET', page.next_page_endpoint);
    assert.equal((next.json() as { page: number }).page, 3);
    const last = await stack.call('GET', `/api/petitions/${petition}/signatures?page=5&page_size=5`);
    assert.equal((last.json() as { next_page_endpoint: string | null }).next_page_endpoint, null);
  });

  test('bad list parameters get the service\'s message naming the parameter', async () => {
    const answer = await stack.call('GET', `/api/petitions/${petition}/signatures?page_size=0`);
    assert.equal(answer.status, 400);
    const messages = (answer.json() as { messages: string[] }).messages;
    assert.ok(messages.every((m) => m.startsWith('page_size')), messages.join());
  });

  test('only configured petitions exist here', async () => {
    for (const path of ['/api/petitions/999', '/api/petitions/999/signatures', '/api/petitions/abc/signatures/recent', '/api/petitions/01']) {
      const answer = await stack.call('GET', path);
      assert.equal(answer.status, 404, path);
      assert.deepEqual(answer.json(), { result: 'failure', messages: ['petition not found'] });
    }
    const post = await stack.call('POST', '/api/petitions/999/signatures', { json: signer(stack) });
    assert.equal(post.status, 404);
    assert.equal(stack.relay.count('POST /v1/petitions/999/signatures'), 0);
  });

  test('reads are cached and concurrent identical reads share one upstream call', async () => {
    stack.relay.reset();
    const path = `/api/petitions/${other}/signatures/recent`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => stack.call('GET', path)));
    assert.ok(answers.every((a) => a.status === 200 && a.body === answers[0]!.body));
    assert.equal((answers[0]!.json() as unknown[]).length, 10);
    for (let i = 0; i < 5; i++) await stack.call('GET', path);
    assert.equal(stack.relay.count(`GET /v1/petitions/${other}/signatures/recent`), 1);
  });

  test('a signature through the proxy reaches the service and refreshes the cached reads', async () => {
    const before = (await stack.call('GET', `/api/petitions/${petition}`)).json() as { signature_count: number };
    await stack.call('GET', `/api/petitions/${petition}/signatures/recent`);
    const fields = signer(stack, { first_name: 'Grace', last_name: 'Listed' });
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields });
    assert.equal(answer.status, 202);
    assert.deepEqual(received(answer.json()), { result: 'success' });
    const after = await eventually(async () => {
      const summary = (await stack.call('GET', `/api/petitions/${petition}`)).json() as { signature_count: number };
      return summary.signature_count === before.signature_count + 1 && summary;
    }, 5000, 'the new signature to be counted');
    assert.ok(after);
    const recent = await eventually(async () => {
      const list = (await stack.call('GET', `/api/petitions/${petition}/signatures/recent`)).json() as Array<{ name: string }>;
      return list[0]?.name === 'Grace Listed' && list;
    }, 5000, 'the new signature to be listed');
    assert.ok(recent);
  });

  test('a second signature with the same email (other case) is answered as the first: 202, the same fields, nothing said', async () => {
    const fields = signer(stack);
    const first = await stack.call('POST', `/api/petitions/${other}/signatures`, { json: fields });
    assert.equal(first.status, 202);
    const again = await stack.call('POST', `/api/petitions/${other}/signatures`, { json: { ...fields, email: fields.email.toUpperCase() } });
    assert.equal(again.status, 202, 'the service\'s 409 is not passed on');
    const [firstBody, againBody] = [first.json(), again.json()] as Array<Record<string, unknown>>;
    assert.deepEqual(Object.keys(againBody!).sort(), Object.keys(firstBody!).sort());
    assert.equal(againBody!['result'], 'success');
    assert.notEqual(againBody!['withdraw_url'], firstBody!['withdraw_url']);
  });

  test('invalid fields: 400 with one "field: message" per bad field, nothing sent upstream', async () => {
    stack.relay.reset();
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: { ...signer(stack), email: 'not-an-address', first_name: '  ', country_code: 'XX' },
    });
    assert.equal(answer.status, 400);
    assert.deepEqual((answer.json() as { messages: string[] }).messages, [
      'first_name: Enter your first name',
      'email: Enter an email address in the correct format, like name@example.com',
      'country_code: Select your country from the list',
    ]);
    const address = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: { ...signer(stack), country_code: 'US', state_province: 'XX', postal_code: 'ABCDE' },
    });
    assert.equal(address.status, 400);
    assert.deepEqual(address.json(), {
      result: 'failure',
      messages: ['state_province: State or province: select one from the list', 'postal_code: Enter a postal code like 95014'],
      problems: [
        { field: 'state_province', code: 'unknown_subdivision' },
        { field: 'postal_code', code: 'postal_code_format' },
      ],
    });
    const notJson = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      headers: { 'content-type': 'application/json' },
      body: '{"first_name":',
    });
    assert.equal(notJson.status, 400);
    const form = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'first_name=Ada',
    });
    assert.equal(form.status, 415);
    assert.equal(stack.relay.count(`POST /v1/petitions/${petition}/signatures`), 0);
  });

  test('per-IP rate limit: 429 with Retry-After once the minute\'s allowance is used', async () => {
    // Three allowed a minute in this stack; earlier tests used three already from 127.0.0.1.
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack) });
    assert.equal(answer.status, 429);
    const retryAfter = Number(answer.headers['retry-after']);
    assert.ok(retryAfter >= 1 && retryAfter <= 60, String(retryAfter));
    assert.equal((answer.json() as { result: string }).result, 'failure');
  });

  test('GET /healthz: up, with the package version, never stored by a cache', async () => {
    const answer = await stack.call('GET', '/healthz');
    assert.equal(answer.status, 200);
    const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    assert.deepEqual(JSON.parse(answer.body), { status: 'ok', version });
    // A health check must reach the proxy itself, never a copy a cache in front of it kept.
    assert.equal(answer.headers['cache-control'], 'no-store');
  });

  test('the auth key never travels to the service: signed submissions carry no auth_key', () => {
    const keys = stack.storedKeys().flatMap((record) => (record.auth_key ? [record.auth_key] : []));
    assert.equal(keys.length, 2);
    const submissions = stack.relay.sent.filter((line) => /^POST \S+\/signatures /.test(line));
    assert.ok(submissions.length >= 3, String(submissions.length));
    for (const line of stack.relay.sent) {
      assert.doesNotMatch(line, /[?&\s]auth_key=/);
      assert.ok(keys.every((key) => !line.includes(key)));
    }
    assert.ok(submissions.every((line) => /&rsig=[0-9a-f]{64}$/.test(line)));
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.ok(stack.responses.length > 30);
    assert.deepEqual(stack.leaks(), []);
  });
});
