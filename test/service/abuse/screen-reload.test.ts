// The block lists as another process changes them (submission-screen.ts): an entry written by
// another connection to the same database (the `admin` command, a second instance) does not move
// this store's own change counter, so the screen reads the lists again at least every second
// (src/service/README.md) and refuses the signer from then on. On the service's real database (a
// SQLite file, or PostgreSQL with SERVICE_TEST_DATABASE=postgres), without HTTP.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { addBlockEntry } from '../../../src/service/abuse/block-list.js';
import { SubmissionScreen } from '../../../src/service/abuse/submission-screen.js';
import { COMMAND_LINE } from '../../../src/service/operators/audit-log.js';
import { createPetition } from '../../../src/service/petitions/petition-writes.js';
import { emailIdentity } from '../../../src/service/signatures/email-identity.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';
import { createStore, type Store } from '../../../src/service/store/store.js';
import { openTestStore, type TestStore } from '../test-database.js';

let fixture: TestStore;
let serving: Store;
let other: Store;
before(async () => {
  fixture = await openTestStore('screen-reload-');
  serving = fixture.store;
  other = createStore(await openStoreEngine(fixture.database));
});
after(async () => {
  await other.db.close();
  await fixture.close();
});

test("an entry another process adds refuses the signer within about a second, though this store's counter never moved", async () => {
  const petitionId = await createPetition(serving, { title: 'Reload petition' }, COMMAND_LINE);
  const screen = new SubmissionScreen(serving);
  const email = 'late.block@reload.example';
  const signer = { petitionId, email, emailIdentity: emailIdentity(email), clientAddress: '198.51.100.7' };
  const firstRead = Date.now();
  assert.equal(await screen.blocks(signer), false, 'read once: nothing blocks yet');
  const counter = serving.rulesVersion.value;

  await addBlockEntry(other, { kind: 'domain', value: 'reload.example', petitionId: null }, COMMAND_LINE);
  assert.equal(serving.rulesVersion.value, counter, 'the change came from elsewhere');
  const began = Date.now();
  let blocked = false;
  // Bounded: the screen reads again after 1 s; 5 s is for a loaded machine.
  while (!blocked && Date.now() - began < 5000) {
    blocked = await screen.blocks(signer);
    if (!blocked) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(blocked, true, 'the entry is read again once the lists are a second old');
  // The lists were read no earlier than firstRead, and are kept a whole second (RELOAD_MS).
  assert.ok(Date.now() - firstRead >= 1000, 'not before the second is up: nothing told this store of the change');
});
