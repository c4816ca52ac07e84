// The origin fields a proxy sends with a signature (client_address, utm_source, referrer_host):
// checked at the boundary of each rule (400 with one field message each), stored as
// address-key.ts writes an address, and gone with the signer's erasure.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { failureMessages, grantedKey, signerFields, submitSignature } from '../harness.js';
import type { Pairs, TestService } from '../harness.js';
import { withDatabase } from '../test-database.js';

let f: ConsoleFixture;
let t: TestService;
let key: string;
const source = 'https://www.example.org/origin';

before(async () => {
  f = await startConsoleFixture();
  t = f.t;
  key = await grantedKey(t, source);
});
after(() => f.close());

interface OriginRow {
  id: number;
  client_ip: string | null;
  utm_source: string | null;
  referrer_host: string | null;
}

function rowOf(email: string): Promise<OriginRow | undefined> {
  return withDatabase(t.dbPath, (db) =>
    db.prepare<[string], OriginRow>('SELECT id, client_ip, utm_source, referrer_host FROM signatures WHERE email = ?').get(email),
  );
}

async function sign(origin: Pairs, overrides: Record<string, string> = {}) {
  const fields = signerFields(overrides);
  const email = fields.find(([name]) => name === 'email')![1];
  return { email, response: await submitSignature(t, source, key, [...fields, ...origin]) };
}

describe('origin fields', () => {
  test('stored: an IPv4 address as IPv4-mapped hex, an IPv6 one as its 16 bytes, utm_source and referrer_host as sent', async () => {
    const v4 = await sign([['client_address', '192.0.2.255'], ['utm_source', 'Newsletter März'], ['referrer_host', 'news.example.org']]);
    assert.equal(v4.response.status, 202);
    assert.deepEqual(await rowOf(v4.email), {
      id: (await rowOf(v4.email))!.id,
      client_ip: '00000000000000000000ffffc00002ff',
      utm_source: 'Newsletter März',
      referrer_host: 'news.example.org',
    });
    const v6 = await sign([['client_address', '2001:db8:ffff::ff'], ['referrer_host', '[2001:db8::1]']]);
    assert.equal(v6.response.status, 202);
    const row = (await rowOf(v6.email))!;
    assert.equal(row.client_ip, '20010db8ffff000000000000000000ff');
    assert.equal(row.referrer_host, '[2001:db8::1]');
    // ::ffff:a.b.c.d is the IPv4 address it maps, stored as such.
    const mapped = await sign([['client_address', '::ffff:192.0.2.1']]);
    assert.equal((await rowOf(mapped.email))!.client_ip, '00000000000000000000ffffc0000201');
  });

  test('absent or empty: nothing stored, nothing refused (a client other than a proxy sends none)', async () => {
    const { email, response } = await sign([['client_address', ''], ['utm_source', '']]);
    assert.equal(response.status, 202);
    const row = (await rowOf(email))!;
    assert.deepEqual([row.client_ip, row.utm_source, row.referrer_host], [null, null, null]);
  });

  test('client_address: not an address is 400, with a message naming the field', async () => {
    for (const address of ['192.0.2.256', '192.0.2', '010.0.0.1', 'localhost', '2001:db8::g', '192.0.2.1/24']) {
      const { email, response } = await sign([['client_address', address]]);
      assert.deepEqual(await failureMessages(response, 400), ['client_address: must be an IPv4 or IPv6 address, like 203.0.113.7 or 2001:db8::1'], address);
      assert.equal(await rowOf(email), undefined);
    }
  });

  test('utm_source: 200 characters are taken, 201 or a control character are 400', async () => {
    assert.equal((await sign([['utm_source', 'u'.repeat(200)]])).response.status, 202);
    for (const value of ['u'.repeat(201), 'news\nletter', 'a\u202Eb']) {
      const { response } = await sign([['utm_source', value]]);
      assert.deepEqual(await failureMessages(response, 400), ['utm_source: must be at most 200 characters, without control characters']);
    }
  });

  test('referrer_host: a host name in lower case only (no scheme, port, path, or capitals)', async () => {
    for (const value of ['https://news.example.org', 'news.example.org:8080', 'news.example.org/path', 'News.example.org', 'a b', 'x'.repeat(254)]) {
      const { response } = await sign([['referrer_host', value]]);
      assert.deepEqual(await failureMessages(response, 400), ['referrer_host: must be a host name in lower case, like www.example.org'], value);
    }
  });

  test('an origin problem and a signer problem: one message each, the signer\'s first', async () => {
    const { response } = await sign([['client_address', 'nope']], { country_code: 'XX' });
    const messages = await failureMessages(response, 400);
    assert.equal(messages.length, 2);
    assert.match(messages[0]!, /^country_code: /);
    assert.match(messages[1]!, /^client_address: /);
  });

  test('erasing the signer erases the origin with the row', async () => {
    const { email } = await sign([['client_address', '198.51.100.9'], ['utm_source', 'erase-me']]);
    const { id } = (await rowOf(email))!;
    await f.client.get(`/admin/signatures/${id}`);
    assert.equal((await f.client.post(`/admin/signatures/${id}/erase`, { confirmed: 'yes' })).status, 303);
    const left = await withDatabase(t.dbPath, (db) =>
      db.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM signatures WHERE client_ip = ? OR utm_source = 'erase-me'").get('00000000000000000000ffffc6336409'),
    );
    assert.equal(Number(left!.n), 0);
  });
});
