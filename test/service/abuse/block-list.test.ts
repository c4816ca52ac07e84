// The operator's block-list entries (block-list.ts) on the service's real database (a SQLite
// file, or PostgreSQL with SERVICE_TEST_DATABASE=postgres), without HTTP: what is read as an
// email domain, the words the console shows at each field, and the audit entries, which name the
// entry's id, kind and scope, never its value. screening.test.ts has the lists refusing signers.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addBlockEntry, BLOCK_KINDS, BlockEntryProblem, readEmailDomain, removeBlockEntry } from '../../../src/service/abuse/block-list.js';
import { OperatorError } from '../../../src/service/errors/operator-error.js';
import { auditPage, COMMAND_LINE } from '../../../src/service/operators/audit-log.js';
import { createPetition } from '../../../src/service/petitions/petition-writes.js';
import type { Store } from '../../../src/service/store/store.js';
import { openTestStore, type TestStore } from '../test-database.js';

let fixture: TestStore;
let store: Store;
before(async () => {
  fixture = await openTestStore('block-list-');
  store = fixture.store;
});
after(() => fixture.close());

describe('an email domain as typed', () => {
  test('lower case, trimmed, a leading @ dropped; an @ inside is no domain', () => {
    assert.equal(readEmailDomain('  @Spam.Example.ORG\t'), 'spam.example.org');
    assert.equal(readEmailDomain('name@example.org'), undefined);
    assert.equal(readEmailDomain('@@example.org'), undefined);
  });

  test('one-letter labels are labels; anything before or after the name makes it none', () => {
    assert.equal(readEmailDomain('a.b'), 'a.b');
    assert.equal(readEmailDomain('x.example.org'), 'x.example.org');
    for (const typed of ['bad!example.org', 'example.org!', 'example.org/x', 'example', '-a.example.org']) {
      assert.equal(readEmailDomain(typed), undefined, typed);
    }
  });

  test('253 characters are a domain, 254 are not', () => {
    const label = 'a'.repeat(63);
    const name253 = `${label}.${label}.${label}.${'b'.repeat(61)}`;
    assert.equal(name253.length, 253);
    assert.equal(readEmailDomain(name253), name253);
    const name254 = `${label}.${label}.${label}.${'b'.repeat(62)}`;
    assert.equal(name254.length, 254);
    assert.equal(readEmailDomain(name254), undefined);
  });
});

describe('the form', () => {
  test('the kinds, in the console\'s words', () => {
    assert.deepEqual(BLOCK_KINDS, { domain: 'Email domain', email: 'Email address', range: 'Network range' });
  });

  async function problem(kind: string, value: string, petitionId: number | null = null): Promise<{ name: string; field: string; message: string }> {
    const error = await addBlockEntry(store, { kind, value, petitionId }, COMMAND_LINE).then(
      () => assert.fail('accepted'),
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof BlockEntryProblem, String(error));
    return { name: error.name, field: error.field, message: error.message };
  }

  test('each problem at its field, in the words the console shows', async () => {
    assert.deepEqual(await problem('person', 'x'), { name: 'BlockEntryProblem', field: 'kind', message: 'Choose what to block' });
    assert.deepEqual(await problem('domain', 'not a domain'), { name: 'BlockEntryProblem', field: 'value', message: 'Enter an email domain, like example.com' });
    assert.deepEqual(await problem('email', 'nobody'), { name: 'BlockEntryProblem', field: 'value', message: 'Enter an email address, like name@example.com' });
    assert.deepEqual(await problem('range', '203.0.113.0/33'), {
      name: 'BlockEntryProblem',
      field: 'value',
      message: 'Enter an IP address or a CIDR range, like 203.0.113.0/24 or 2001:db8::/48',
    });
    assert.deepEqual(await problem('domain', 'example.org', 987654), { name: 'BlockEntryProblem', field: 'petition', message: 'There is no petition 987654' });
  });

  test('an email address with anything around it is not one; typed with spaces it is', async () => {
    for (const typed of ['x name@example.org', 'name@example.org x', 'name@exa mple.org']) {
      assert.equal((await problem('email', typed)).message, 'Enter an email address, like name@example.com', typed);
    }
    await addBlockEntry(store, { kind: 'email', value: '  Spaced@Example.org ', petitionId: null }, COMMAND_LINE);
    assert.deepEqual(await problem('email', 'spaced@example.org'), { name: 'BlockEntryProblem', field: 'value', message: 'This is on the list already' });
  });
});

describe('the audit log', () => {
  async function newest(): Promise<{ action: string; subject: string; detail: string }> {
    const { action, subject, detail } = (await auditPage(store, null)).entries[0]!;
    return { action, subject, detail };
  }
  async function entryId(value: string): Promise<number> {
    return Number((await store.allBlockEntries.all()).find((row) => row.value === value)!.id);
  }

  test('adding and removing name the entry, its kind and its scope, never its value', async () => {
    const petitionId = await createPetition(store, { title: 'Block list petition' }, COMMAND_LINE);
    await addBlockEntry(store, { kind: 'domain', value: 'everywhere.example', petitionId: null }, COMMAND_LINE);
    const everywhere = await entryId('everywhere.example');
    assert.deepEqual(await newest(), { action: 'block list entry added', subject: `block list entry ${everywhere}`, detail: 'domain; every petition' });
    await addBlockEntry(store, { kind: 'range', value: '198.51.100.0/24', petitionId }, COMMAND_LINE);
    const one = await entryId('198.51.100.0/24');
    assert.deepEqual(await newest(), { action: 'block list entry added', subject: `block list entry ${one}`, detail: `range; petition ${petitionId}` });

    await removeBlockEntry(store, one, COMMAND_LINE);
    assert.deepEqual(await newest(), { action: 'block list entry removed', subject: `block list entry ${one}`, detail: `range; petition ${petitionId}` });
    await removeBlockEntry(store, everywhere, COMMAND_LINE);
    assert.deepEqual(await newest(), { action: 'block list entry removed', subject: `block list entry ${everywhere}`, detail: 'domain; every petition' });
  });

  test('removing an entry that is not there is the operator\'s error, naming its id', async () => {
    await assert.rejects(removeBlockEntry(store, 987654, COMMAND_LINE), (error: unknown) => {
      assert.ok(error instanceof OperatorError, String(error));
      assert.equal(error.message, 'block list entry 987654 not found');
      return true;
    });
  });
});
