// Where a signature came from reaches the service: the proxy sends the signer's address (behind
// its trusted reverse proxy), the page's utm_source and the referrer's host with the signature,
// also when it was queued through an outage; the service keeps them per signature, and neither
// the public API nor the proxy's answers and logs show the address.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DISPOSABLE_EMAIL, SIGNATURE_NOT_ACCEPTED } from '../../../src/shared/signature-refusals.js';
import { outboxPath } from '../../../src/proxy/outbox/outbox-sqlite.js';
import { Sqlite } from '../../../src/sqlite.js';
import { withDatabase } from '../../service/test-database.js';
import { Stack, eventually, keysDecided, signer } from '../stack.js';

interface OriginRow {
  client_ip: string | null;
  utm_source: string | null;
  referrer_host: string | null;
  email_domain: string;
}

async function originOf(stack: Stack, email: string): Promise<OriginRow | undefined> {
  return withDatabase(stack.dbPath, (db) =>
    db.prepare<[string], OriginRow>('SELECT client_ip, utm_source, referrer_host, email_domain FROM signatures WHERE email = ?').get(email),
  );
}

describe('a signature\'s origin, from the proxy to the service', () => {
  let stack: Stack;
  /** Whether the proxy's outbox holds no entry (its own SQLite file, read-only). */
function outboxEmpty(stack: Stack): boolean {
  const db = new Sqlite(outboxPath(stack.config.dataDir), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM outbox').get() as { n: number }).n === 0;
  } finally {
    db.close();
  }
}

let petition: number;
  before(async () => {
    stack = await new Stack().start();
    await keysDecided(stack.proxy!);
    petition = stack.petitionIds[0]!;
  });
  after(() => stack.close());

  async function sign(fields: Record<string, unknown>, forwardedFor?: string) {
    return stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: fields,
      ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
    });
  }

  test('an IPv4 signer: its address IPv4-mapped, utm_source, and the referrer\'s host only', async () => {
    const fields = signer(stack, {
      email: `Origin.${Date.now()}@Example.NET`,
      attribution: { utm_source: 'newsletter', utm_medium: 'email', referrer: 'https://News.Example.com:8443/story/1?secret=x' },
    });
    // The stack's proxy trusts loopback, so the forwarded address is the signer's.
    const answer = await sign(fields, '203.0.113.7');
    assert.equal(answer.status, 202, answer.body);
    assert.deepEqual(await originOf(stack, fields.email as string), {
      client_ip: '00000000000000000000ffffcb007107',
      utm_source: 'newsletter',
      referrer_host: 'news.example.com',
      email_domain: 'example.net',
    });
  });

  test('an IPv6 signer; nothing made up when there is no attribution', async () => {
    const fields = signer(stack);
    assert.equal((await sign(fields, '2001:DB8::1')).status, 202);
    assert.deepEqual(await originOf(stack, fields.email as string), {
      client_ip: '20010db8000000000000000000000001',
      utm_source: null,
      referrer_host: null,
      email_domain: 'example.net',
    });
  });

  test('without a forwarding header, the TCP peer is the address', async () => {
    const fields = signer(stack);
    assert.equal((await sign(fields)).status, 202);
    assert.equal((await originOf(stack, fields.email as string))?.client_ip, '00000000000000000000ffff7f000001');
  });

  test('a signature queued through an outage is delivered with its origin', async () => {
    await stack.stopService();
    const fields = signer(stack, { attribution: { utm_source: 'flyer', referrer: 'http://blog.example.org/post' } });
    assert.equal((await sign(fields, '198.51.100.20')).status, 202);
    await stack.startService();
    const row = await eventually(() => originOf(stack, fields.email as string), 10_000, 'the queued signature to arrive');
    assert.deepEqual(row, {
      client_ip: '00000000000000000000ffffc6336414',
      utm_source: 'flyer',
      referrer_host: 'blog.example.org',
      email_domain: 'example.net',
    });
    // The service has it; the proxy takes it out of its outbox once the 202 is back. Until then a
    // new signature queues behind it (202 "queued"), which the next test must not meet.
    await eventually(() => outboxEmpty(stack), 10_000, 'the proxy to take the delivered signature out of its outbox');
  });

  test('a disposable address is the signer\'s lot: shown on the form at once, and a queued one is refused and removed, not held', async () => {
    const direct = await sign(signer(stack, { email: `d${Date.now()}@mailinator.com` }));
    assert.equal(direct.status, 400);
    assert.deepEqual((direct.json() as { messages: string[] }).messages, [DISPOSABLE_EMAIL]);
    await stack.stopService();
    assert.equal((await sign(signer(stack, { email: `q${Date.now()}@guerrillamail.com` }))).status, 202);
    await stack.startService();
    await eventually(() => stack.logs.some((line) => /refused by the service \(400\) and removed/.test(line)), 10_000, 'the queued one to be refused');
    assert.ok(!stack.logs.some((line) => / held/.test(line)), stack.logs.join('\n'));
  });

  test('a blocked network is told only that the signature cannot be accepted', async () => {
    await withDatabase(stack.dbPath, (db) =>
      db.prepare("INSERT INTO block_entries (petition_id, kind, value, low, high, created_at) VALUES (NULL, 'range', '192.0.2.0/24', '00000000000000000000ffffc0000200', '00000000000000000000ffffc00002ff', 0)").run(),
    );
    const answer = await eventually(async () => {
      const attempt = await sign(signer(stack), '192.0.2.77');
      return attempt.status === 403 ? attempt : undefined;
    }, 5000, 'the block list to apply (within a second)');
    assert.deepEqual((answer!.json() as { messages: string[] }).messages, [SIGNATURE_NOT_ACCEPTED]);
  });

  test('the address is in no public answer and no log line', async () => {
    const page = await stack.call('GET', `/api/petitions/${petition}/signatures?page_size=100`);
    assert.equal(page.status, 200);
    for (const text of [...stack.responses.map((r) => r.body), ...stack.logs]) {
      for (const address of ['203.0.113.7', '2001:db8::1', '198.51.100.20', '192.0.2.77', 'cb007107', 'newsletter']) {
        assert.ok(!text.toLowerCase().includes(address), `${address} in ${text}`);
      }
    }
  });
});
