// Submissions screened before they are queued: disposable mail domains (and their subdomains,
// in any case) are 400 on `email`; the operator's block list, edited in the console, refuses
// an email domain, an email address as the duplicate rule compares it, and an address range,
// each exactly at its boundary, for the whole service or one petition only (403, without
// saying which list); every edit is audited without the entry's value.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import { DISPOSABLE_EMAIL, SIGNATURE_NOT_ACCEPTED } from '../../../src/shared/signature-refusals.js';
import { pageText } from '../console-client.js';
import { readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { failureMessages, grantedKey, signedPost, signerFields } from '../harness.js';
import type { Pairs, TestService } from '../harness.js';

let f: ConsoleFixture;
let t: TestService;
let other: number;
const source = 'https://www.example.org/screening';
const keys = new Map<number, string>();

before(async () => {
  f = await startConsoleFixture();
  t = f.t;
  keys.set(t.petitionId, await grantedKey(t, source));
  other = (await t.admin.createPetition('Another petition')).petition_id;
  const mainPetition = t.petitionId;
  t.petitionId = other;
  keys.set(other, await grantedKey(t, source));
  t.petitionId = mainPetition;
});
after(() => f.close());

async function sign(email: string, address?: string, petitionId = t.petitionId): Promise<Response> {
  const pairs: Pairs = [['source', source], ...signerFields({ email }), ...(address ? ([['client_address', address]] as Pairs) : [])];
  return signedPost(t, `/v1/petitions/${petitionId}/signatures`, pairs, keys.get(petitionId)!);
}

let n = 0;
const fresh = (domain: string) => `signer${++n}.${process.pid}@${domain}`;

async function block(kind: string, value: string, petition = ''): Promise<void> {
  await f.client.get('/admin/block-list');
  const answer = await f.client.post('/admin/block-list', { kind, value, petition });
  assert.equal(answer.status, 303, pageText(answer.body));
}

async function unblockAll(): Promise<void> {
  const ids = await readDatabase(t, async (db) => (await db.prepare<[], { id: number }>('SELECT id FROM block_entries').all()).map((row) => Number(row.id)));
  for (const id of ids) {
    await f.client.get('/admin/block-list');
    assert.equal((await f.client.post(`/admin/block-list/${id}/remove`)).status, 303);
  }
}

describe('disposable mail domains', () => {
  test('mailinator.com, guerrillamail.com, a subdomain and upper case are 400 on email', async () => {
    for (const domain of ['mailinator.com', 'guerrillamail.com', 'inbox.mailinator.com', 'MAILINATOR.COM', 'GuerrillaMail.Com']) {
      assert.deepEqual(await failureMessages(await sign(fresh(domain)), 400), [DISPOSABLE_EMAIL], domain);
    }
  });

  test('a look-alike that is not on the list is accepted', async () => {
    const list = disposableEmailBlocklistSet();
    for (const domain of ['mailinator.co', 'mailinator.com.example.org', 'guerrillamail.co.example']) {
      assert.equal(list.has(domain), false, `${domain} is not on the list`);
      assert.equal((await sign(fresh(domain))).status, 202, domain);
    }
  });
});

describe('the operator\'s block list', () => {
  test('an address range: its ends are refused, the addresses just outside are taken (IPv4 /12, IPv6 /48)', async () => {
    await block('range', '10.16.0.0/12');
    await block('range', '2001:db8:1::/48');
    for (const address of ['10.16.0.0', '10.31.255.255', '::ffff:10.20.0.1', '2001:db8:1::', '2001:db8:1:ffff:ffff:ffff:ffff:ffff']) {
      assert.deepEqual(await failureMessages(await sign(fresh('example.org'), address), 403), [SIGNATURE_NOT_ACCEPTED], address);
    }
    for (const address of ['10.15.255.255', '10.32.0.0', '2001:db8:0:ffff::1', '2001:db8:2::']) {
      assert.equal((await sign(fresh('example.org'), address)).status, 202, address);
    }
    assert.equal((await sign(fresh('example.org'))).status, 202, 'no address sent: no range applies');
    await unblockAll();
    assert.equal((await sign(fresh('example.org'), '10.16.0.0')).status, 202, 'removed: taken again at once');
  });

  test('an IPv4 range also refuses its addresses written inside IPv6 (NAT64, 6to4, IPv4-compatible); ::/0 is IPv6 only', async () => {
    await block('range', '192.0.2.0/24');
    for (const address of ['64:ff9b::192.0.2.7', '64:ff9b::c000:2ff', '2002:c000:200::1', '::192.0.2.9', '::ffff:192.0.2.1']) {
      assert.deepEqual(await failureMessages(await sign(fresh('example.org'), address), 403), [SIGNATURE_NOT_ACCEPTED], address);
    }
    // Look-alikes: the neighbour network in each form, and a prefix one group off NAT64's.
    for (const address of ['64:ff9b::192.0.3.0', '2002:c000:300::1', '::192.0.1.255', '64:ff9b:1::192.0.2.7']) {
      assert.equal((await sign(fresh('example.org'), address)).status, 202, address);
    }
    await unblockAll();
    await block('range', '::/0');
    assert.deepEqual(await failureMessages(await sign(fresh('example.org'), '2001:db8:9::1'), 403), [SIGNATURE_NOT_ACCEPTED]);
    for (const address of ['192.0.2.7', '64:ff9b::192.0.2.7']) {
      assert.equal((await sign(fresh('example.org'), address)).status, 202, `${address}: an IPv6 range holds no IPv4 signer`);
    }
    await unblockAll();
  });

  test('an email address: refused in another case and with a +tag where the provider drops tags; not where it keeps them', async () => {
    await block('email', 'Ada.Blocked@gmail.com');
    for (const email of ['adablocked@gmail.com', 'ADA.BLOCKED+petition@GoogleMail.com', 'a.d.a.blocked+x@gmail.com']) {
      assert.deepEqual(await failureMessages(await sign(email), 403), [SIGNATURE_NOT_ACCEPTED], email);
    }
    await block('email', 'someone@example.net');
    assert.equal((await sign('SomeOne@Example.NET')).status, 403);
    assert.equal((await sign('someone+tag@example.net')).status, 202, 'example.net keeps +tags: another mailbox');
    await unblockAll();
  });

  test('an email domain: it and its subdomains, in any case; not a look-alike', async () => {
    await block('domain', 'Blocked.Example');
    for (const domain of ['blocked.example', 'MAIL.BLOCKED.EXAMPLE']) assert.equal((await sign(fresh(domain))).status, 403, domain);
    for (const domain of ['notblocked.example', 'blocked.example.org']) assert.equal((await sign(fresh(domain))).status, 202, domain);
    await unblockAll();
  });

  test('a petition\'s entry refuses on that petition only', async () => {
    await block('domain', 'petition-only.example', String(other));
    assert.equal((await sign(fresh('petition-only.example'), undefined, other)).status, 403);
    assert.equal((await sign(fresh('petition-only.example'))).status, 202);
    await unblockAll();
  });

  test('the form: a value that cannot be read, a repeat, an unknown petition are errors at their field; edits are audited without the value', async () => {
    for (const [fields, message] of [
      [{ kind: 'range', value: '10.0.0.0/33' }, 'Enter an IP address or a CIDR range'],
      [{ kind: 'domain', value: 'not a domain' }, 'Enter an email domain'],
      [{ kind: 'email', value: 'nobody' }, 'Enter an email address'],
      [{ kind: 'domain', value: 'ok.example', petition: '999999' }, 'There is no petition 999999'],
      [{ kind: 'phone', value: '1' }, 'Choose what to block'],
    ] as const) {
      await f.client.get('/admin/block-list');
      const answer = await f.client.post('/admin/block-list', fields);
      assert.equal(answer.status, 400);
      assert.match(pageText(answer.body), new RegExp(`There is a problem ${message}`));
    }
    await block('email', 'private.person@example.org');
    await f.client.get('/admin/block-list');
    const repeat = await f.client.post('/admin/block-list', { kind: 'email', value: 'Private.Person@example.org', petition: '' });
    assert.match(pageText(repeat.body), /This is on the list already/);
    await unblockAll();
    const audit = pageText((await f.client.get('/admin/audit')).body);
    assert.match(audit, /block list entry added block list entry \d+ email; every petition/);
    assert.match(audit, /block list entry removed block list entry \d+ email; every petition/);
    assert.ok(!audit.includes('private.person'), 'no value in the audit log');
  });
});
