// The pages after a signer's confirmation link or code (confirmation-pages.ts), rendered from a
// petition row on the service's real database (a SQLite file, or PostgreSQL with
// SERVICE_TEST_DATABASE=postgres): each page that knows the petition says what happened and links
// back to the campaign's page (its `url`), escaped; a petition without one, or a row whose url is
// not an http(s) page, gets no link. The HTTP tests (confirmation-code.test.ts,
// signer-confirmation.test.ts, confirmation-recheck.test.ts) read these pages' titles.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { closedPage, confirmedPage, refusedPage, type Html } from '../../../src/service/confirmation/confirmation-pages.js';
import { COMMAND_LINE } from '../../../src/service/operators/audit-log.js';
import { createPetition } from '../../../src/service/petitions/petition-writes.js';
import type { PetitionRow, Store } from '../../../src/service/store/store.js';
import { openTestStore, type TestStore } from '../test-database.js';

let fixture: TestStore;
let store: Store;
before(async () => {
  fixture = await openTestStore('confirmation-pages-');
  store = fixture.store;
});
after(() => fixture.close());

async function petition(url: string | null): Promise<PetitionRow> {
  const id = await createPetition(store, { title: 'Save the Riverside Park' }, COMMAND_LINE);
  // Set on the row itself: the page must not trust a row to hold only what the API accepts.
  await store.db.prepare<[string | null, number]>('UPDATE petitions SET url = ? WHERE id = ?').run(url, id);
  return (await store.petitionById.get(id))!;
}

/** The page's <main> element, as sent. */
const mainOf = async (page: Html) => /<main[\s\S]*<\/main>/.exec(String(await page))?.[0];

test('the closed and refused pages say why the signature was not added, then link back to the campaign', async () => {
  const campaign = await petition('https://campaign.example.org/riverside?from=mail&x="<b>"');
  const link = '<p><a href="https://campaign.example.org/riverside?from=mail&amp;x=&quot;&lt;b&gt;&quot;">Go to the petition</a></p>';
  assert.equal(
    await mainOf(closedPage('en', campaign)),
    `<main class="narrow">
<h1>This petition is closed</h1>
<p>It closed before your signature was confirmed, so your signature was not added.</p>${link}
</main>`,
  );
  assert.equal(
    await mainOf(refusedPage('en', campaign)),
    `<main class="narrow">
<h1>This signature cannot be accepted</h1>
<p>This petition’s organisers do not accept this signature, so it was not added. Trying again will not change that.</p>${link}
</main>`,
  );
  assert.match((await mainOf(confirmedPage('en', campaign)))!, new RegExp(`</p>${link.replace(/[?&"<>]/g, (c) => `\\${c}`)}\n</main>$`));
});

test('no link without a url, nor for a url that is not an http(s) page', async () => {
  for (const url of [null, 'javascript:alert(1)', 'ftp://campaign.example.org/', 'xhttps://campaign.example.org/', 'not a url']) {
    const row = await petition(url);
    assert.equal(
      await mainOf(closedPage('en', row)),
      `<main class="narrow">
<h1>This petition is closed</h1>
<p>It closed before your signature was confirmed, so your signature was not added.</p>
</main>`,
      String(url),
    );
  }
  const plain = await petition('http://campaign.example.org/');
  assert.match((await mainOf(refusedPage('en', plain)))!, /<a href="http:\/\/campaign\.example\.org\/">Go to the petition<\/a>/);
});
