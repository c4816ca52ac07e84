// A petition whose signers confirm by email, through the proxy: the summary the form reads says
// so (confirm_signers), and a signature is answered 202 as usual while the service holds it,
// uncounted, until its signer confirms.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Sqlite } from '../../../src/sqlite.js';
import { openAdmin } from '../../../src/service/admin.js';
import { Stack, eventually, keysDecided, signer, received } from '../stack.js';

let stack: Stack;
let petition: number;

before(async () => {
  stack = new Stack({ petitionCount: 1 });
  await stack.start();
  await keysDecided(stack.proxy!);
  [petition] = stack.petitionIds as [number];
  const admin = await openAdmin(stack.dbPath);
  try {
    await admin.updatePetition(petition, { confirm_signers: 'true' });
  } finally {
    await admin.close();
  }
});
after(() => stack.close());

test('the summary carries confirm_signers, and a signature is 202 but counts only once confirmed', async () => {
  const summary = (await stack.call('GET', `/api/petitions/${petition}`)).json() as Record<string, unknown>;
  assert.equal(summary['confirm_signers'], true);
  assert.equal(summary['signature_count'], 0);

  const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack), headers: { origin: 'https://www.example.org' } });
  assert.equal(answer.status, 202);
  assert.deepEqual(received(answer.json()), { result: 'success' });
  const state = await eventually(() => {
    const db = new Sqlite(stack.dbPath, { readonly: true });
    try {
      return (db.prepare('SELECT state FROM signatures WHERE petition_id = ?').get(petition) as { state: string } | undefined)?.state;
    } finally {
      db.close();
    }
  }, 3000, 'the signature held by the service');
  assert.equal(state, 'unconfirmed');
  assert.deepEqual(stack.leaks(), []);
});

/** The language the service will write to a signer in, as it stored it with the confirmation. */
function confirmationLanguage(email: string): string | undefined {
  const db = new Sqlite(stack.dbPath, { readonly: true });
  try {
    const row = db
      .prepare('SELECT c.lang FROM signature_confirmations c JOIN signatures s ON s.id = c.signature_id WHERE s.email = ?')
      .get(email) as { lang: string } | undefined;
    return row?.lang;
  } finally {
    db.close();
  }
}

test("the form's language reaches the service, which writes to the signer in it: sent at once and from the outbox", async () => {
  const direct = signer(stack);
  const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: { ...direct, language: 'es' } });
  assert.equal(answer.status, 202);
  assert.equal(await eventually(() => confirmationLanguage(direct.email), 3000, 'the confirmation'), 'es');

  await stack.stopService();
  const queued = signer(stack);
  const queuedAnswer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: { ...queued, language: 'fr' } });
  assert.equal(queuedAnswer.status, 202);
  await stack.startService();
  assert.equal(await eventually(() => confirmationLanguage(queued.email), 10_000, 'the queued confirmation'), 'fr');
});
