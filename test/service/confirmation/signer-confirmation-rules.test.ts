// The confirmation rules of signer-confirmation.ts on the service's real database (a SQLite file,
// or PostgreSQL with SERVICE_TEST_DATABASE=postgres), each at a chosen `now`, without HTTP or mail:
// the link's 7 days to the millisecond, three mails in a day and the day's end exactly, the link's
// page for an unknown, expired or closed petition's link, and the removal of expired signatures
// past one batch. signer-confirmation.test.ts has the signer's side, over SMTP.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  awaitConfirmation,
  confirmSignature,
  readConfirmationLink,
  removeExpiredUnconfirmed,
  signerAskedAgain,
} from '../../../src/service/confirmation/signer-confirmation.js';
import { secretTokenHash } from '../../../src/service/http/secret-token.js';
import { COMMAND_LINE } from '../../../src/service/operators/audit-log.js';
import { createPetition } from '../../../src/service/petitions/petition-writes.js';
import { seedSignatures } from '../../../src/service/seed/seed.js';
import type { Store } from '../../../src/service/store/store.js';
import { openTestStore, type TestStore } from '../test-database.js';

const DAY = 24 * 60 * 60_000;
const WEEK = 7 * DAY;
const T0 = Date.UTC(2026, 0, 5, 12);
/** No recheck takes the signature: these tests are about the link, not the block lists. */
const noRefusal = { refusal: async () => null };

let fixture: TestStore;
let store: Store;
before(async () => {
  fixture = await openTestStore('signer-confirmation-rules-');
  store = fixture.store;
});
after(() => fixture.close());

/** `count` signatures on a new petition, each made to wait for confirmation at `at`. */
async function waitingSignatures(count: number, title = 'Confirmation rules', at = T0): Promise<{ petitionId: number; ids: number[] }> {
  const petitionId = await createPetition(store, { title }, COMMAND_LINE);
  await seedSignatures(store, petitionId, count);
  const rows = await store.db.prepare<[number], { id: number }>('SELECT id FROM signatures WHERE petition_id = ? ORDER BY id').all(petitionId);
  const ids = rows.map((row) => Number(row.id));
  const wait = store.db.prepare<[number]>("UPDATE signatures SET state = 'unconfirmed', listed_position = NULL WHERE id = ?");
  for (const id of ids) {
    await wait.run(id);
    await awaitConfirmation(store, id, petitionId, 'en', at);
  }
  return { petitionId, ids };
}

/** What a mail gives the signer: a link token whose hash the row keeps. */
async function mailLink(signatureId: number, token: string): Promise<void> {
  const { expires_at } = (await store.confirmationBySignature.get(signatureId))!;
  await store.setConfirmationToken.run({ signature_id: signatureId, token_hash: secretTokenHash(token), code_hash: 'unused', expires_at });
}

test('a waiting signature expires exactly 7 days after it arrived', async () => {
  const { ids } = await waitingSignatures(1);
  const row = (await store.confirmationBySignature.get(ids[0]!))!;
  assert.equal(row.expires_at, T0 + 604_800_000);
  assert.equal(row.mails_in_window, 1, 'the first mail counts in the day');
  assert.equal(row.window_started_at, T0);
});

test('asking again: nothing for an unknown signature, three mails within a day, a new day exactly 24 hours after the first', async () => {
  assert.equal(await signerAskedAgain(store, 987_654, T0), false, 'no confirmation waits for this signature');
  const { ids } = await waitingSignatures(1);
  const id = ids[0]!;
  const state = async () => {
    const row = (await store.confirmationBySignature.get(id))!;
    return { mails: row.mails_in_window, since: row.window_started_at, due: row.mail_due_at };
  };

  assert.equal(await signerAskedAgain(store, id, T0 + 1000), true, 'the second mail of the day');
  assert.deepEqual(await state(), { mails: 2, since: T0, due: T0 + 1000 });
  assert.equal(await signerAskedAgain(store, id, T0 + 2000), true, 'the third');
  assert.deepEqual(await state(), { mails: 3, since: T0, due: T0 + 2000 });
  assert.equal(await signerAskedAgain(store, id, T0 + DAY - 1), false, 'a fourth, a millisecond before the day is over: nothing is sent');
  assert.deepEqual(await state(), { mails: 3, since: T0, due: T0 + 2000 });
  assert.equal(await signerAskedAgain(store, id, T0 + DAY), true, 'exactly 24 hours after the first: a new day');
  assert.deepEqual(await state(), { mails: 1, since: T0 + DAY, due: T0 + DAY });
});

test("a link's page: its signer's name; unknown from the instant it expires; closed once its petition is", async () => {
  const { petitionId, ids } = await waitingSignatures(2, 'Link page rules');
  const [open, other] = ids as [number, number];
  await store.db.prepare<[number]>("UPDATE signatures SET first_name = '', last_name = 'Lovelace' WHERE id = ?").run(open);
  await mailLink(open, 'open-token');
  await mailLink(other, 'other-token');
  const expiresAt = T0 + WEEK;

  const ready = await readConfirmationLink(store, 'open-token', expiresAt - 1);
  assert.equal(ready.kind, 'ready');
  assert.equal(ready.kind === 'ready' && ready.signerName, 'Lovelace', 'no space before a name without a first name');
  assert.equal(ready.kind === 'ready' && ready.lang, 'en');
  assert.equal(ready.kind === 'ready' && ready.petition.id, petitionId);
  assert.deepEqual(await readConfirmationLink(store, 'open-token', expiresAt), { kind: 'unknown' });
  assert.deepEqual(await readConfirmationLink(store, 'never-mailed', T0), { kind: 'unknown' });
  assert.deepEqual(await confirmSignature(store, noRefusal, 'open-token', expiresAt), { kind: 'unknown' }, 'pressed the instant it expired');

  await store.db.prepare<[number]>("UPDATE petitions SET status = 'closed' WHERE id = ?").run(petitionId);
  const closed = await readConfirmationLink(store, 'other-token', T0 + 1);
  assert.equal(closed.kind, 'closed');
  assert.equal(closed.kind === 'closed' && closed.lang, 'en');
  assert.equal(closed.kind === 'closed' && closed.petition.id, petitionId);
});

test('expired signatures are removed past one batch of 500, the last one exactly at its expiry, none before', async () => {
  // A day before the other tests' signatures: theirs expire a day after these.
  const { petitionId, ids } = await waitingSignatures(502, 'Expiry batches', T0 - DAY);
  const expiresAt = T0 - DAY + WEEK;
  // One of them was mailed again later: its link lives a millisecond longer.
  await store.db.prepare<[number, number]>('UPDATE signature_confirmations SET expires_at = ? WHERE signature_id = ?').run(expiresAt + 1, ids[0]!);

  assert.equal(await removeExpiredUnconfirmed(store, expiresAt - 1), 0);
  assert.equal(await removeExpiredUnconfirmed(store, expiresAt), 501, 'the first 500, then the one left over');
  const left = await store.db.prepare<[number], { id: number }>('SELECT id FROM signatures WHERE petition_id = ?').all(petitionId);
  assert.deepEqual(left.map((row) => Number(row.id)), [ids[0]]);
  assert.equal((await store.unconfirmedCount.get(petitionId))!.count, 1);
});
