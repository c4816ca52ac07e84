// What a new operator found rough in the console (issue 20), page by page over HTTP: countries
// by name, audit entries that link to what they name (while it exists), closing that asks
// first, and the demo seed's regions as the address data stores them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CITIES } from '../../../src/service/seed/seed-people.js';
import { cleanAddress } from '../../../src/shared/addresses/address-check.js';
import { EVERY_COUNTRY } from '../../../src/shared/addresses/countries/every-country.js';
import { pageText } from '../console-client.js';
import { readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually, getJson, grantedKey, signerFields, submitSignature } from '../harness.js';

let f: ConsoleFixture;
const source = 'https://pages.example.org/';

before(async () => {
  f = await startConsoleFixture();
});
after(() => f.close());

async function signatureIdOf(email: string): Promise<number> {
  const read = () => readDatabase(f.t, (db) => db.prepare<[string], { id: number }>('SELECT id FROM signatures WHERE email = ?').get(email));
  return (await eventually(read, (row) => row !== undefined, 3000))!.id;
}

describe('countries', () => {
  test('the signatures table names the country, and a signature’s page gives the name and the code', async () => {
    const key = await grantedKey(f.t, source);
    const email = 'amal.countries@example.org';
    const fields = signerFields({ email, first_name: 'Amal', last_name: 'Haddad', country_code: 'AE', postal_code: '', city: 'Dubai', state_province: 'DU' });
    assert.equal((await submitSignature(f.t, source, key, fields)).status, 202);
    const id = await signatureIdOf(email);
    const list = await f.client.get(`/admin/petitions/${f.t.petitionId}/signatures?q=${encodeURIComponent(email)}`);
    assert.match(pageText(list.body), /Amal Haddad amal\.countries@example\.org Dubai United Arab Emirates /);
    assert.doesNotMatch(list.body, /<td>AE<\/td>/);
    assert.match(pageText((await f.client.get(`/admin/signatures/${id}`)).body), /Country United Arab Emirates \(AE\)/);
  });

  test('a signature’s page names its region in English with the stored value beside it, and escapes a region written freely', async () => {
    // A site of its own: the key of `source` is granted once, by the test before.
    const site = 'https://regions.example.org/';
    const key = await grantedKey(f.t, site);
    const regionOf = async (email: string, fields: Record<string, string>) => {
      assert.equal((await submitSignature(f.t, site, key, signerFields({ email, ...fields }))).status, 202);
      const body = (await f.client.get(`/admin/signatures/${await signatureIdOf(email)}`)).body;
      return /<dt>State or province<\/dt><dd>([^]*?)<\/dd>/.exec(body)![1];
    };
    assert.equal(await regionOf('tex.region@example.org', { country_code: 'US', state_province: 'TX', postal_code: '73301', city: 'Austin' }), 'Texas (TX)');
    // Stored as the key the country's post writes, shown with its Latin name.
    assert.equal(await regionOf('dubai.region@example.org', { country_code: 'AE', state_province: 'DU', postal_code: '', city: 'Dubai' }), 'Dubai (إمارة دبيّ)');
    // The United Kingdom has no list in the address data: the region is shown as written, escaped.
    assert.equal(await regionOf('kent.region@example.org', { country_code: 'GB', state_province: '<b>Kent</b>', postal_code: 'SW1A 1AA', city: 'Canterbury' }), '&lt;b&gt;Kent&lt;/b&gt;');
  });
});

describe('the audit log', () => {
  test('each entry links to the petition, signature, key request, block list entry or batch it names, while that exists', async () => {
    const { client, t } = f;
    const key = await grantedKey(t, 'https://audit-links.example.org/');
    const kept = 'kept.audit@example.org';
    const erased = 'erased.audit@example.org';
    for (const email of [kept, erased]) assert.equal((await submitSignature(t, 'https://audit-links.example.org/', key, signerFields({ email }))).status, 202);
    const keptId = await signatureIdOf(kept);
    const erasedId = await signatureIdOf(erased);
    await client.get(`/admin/signatures/${keptId}`);
    await client.post(`/admin/signatures/${keptId}/hide`);
    await client.get(`/admin/signatures/${erasedId}`);
    await client.post(`/admin/signatures/${erasedId}/erase`, { confirmed: 'yes' });
    await client.get('/admin/block-list');
    for (const value of ['removed.example', 'stays.example']) assert.equal((await client.post('/admin/block-list', { kind: 'domain', value, petition: '' })).status, 303);
    const entries = await readDatabase(t, (db) => db.prepare<[], { id: number; value: string }>('SELECT id, value FROM block_entries ORDER BY id').all());
    const removed = entries.find((entry) => entry.value === 'removed.example')!.id;
    const stays = entries.find((entry) => entry.value === 'stays.example')!.id;
    await client.get('/admin/block-list');
    await client.post(`/admin/block-list/${removed}/remove`);
    await client.get(`/admin/petitions/${t.petitionId}/bulk-invalidation`);
    assert.equal((await client.post(`/admin/petitions/${t.petitionId}/bulk-invalidation`, { domain: 'nobody-signs-from.example' })).status, 303);
    const batch = (await readDatabase(t, (db) => db.prepare<[], { id: number }>('SELECT id FROM invalidation_batches').get()))!.id;
    const keyRequest = (await t.admin.listAuthKeys()).find((row) => row.source === 'https://audit-links.example.org/')!.id;

    const audit = (await client.get('/admin/audit')).body;
    const link = (href: string, text: string) => `<a href="${href}">${text}</a>`;
    for (const expected of [
      link(`/admin/signatures/${keptId}`, `signature ${keptId}`),
      link(`/admin/petitions/${t.petitionId}`, `petition ${t.petitionId}`),
      link(`/admin/key-requests#key-request-${keyRequest}`, `key request ${keyRequest}`),
      link(`/admin/block-list#block-entry-${stays}`, `block list entry ${stays}`),
      link(`/admin/petitions/${t.petitionId}/bulk-invalidation#batch-${batch}`, `batch ${batch}`),
    ]) {
      assert.ok(audit.includes(expected), expected);
    }
    // Gone: named as the entry wrote it, with no link to a page that would say "not found".
    assert.match(pageText(audit), new RegExp(`signer erased signature ${erasedId} `));
    assert.ok(!audit.includes(`/admin/signatures/${erasedId}"`), 'no link to an erased signature');
    assert.match(pageText(audit), new RegExp(`block list entry removed block list entry ${removed} `));
    assert.ok(!audit.includes(`#block-entry-${removed}"`), 'no link to a removed entry');
    // Each link's fragment is on the page it leads to.
    assert.match((await client.get('/admin/key-requests')).body, new RegExp(`<tr id="key-request-${keyRequest}">`));
    assert.match((await client.get('/admin/block-list')).body, new RegExp(`<tr id="block-entry-${stays}">`));
    assert.match((await client.get(`/admin/petitions/${t.petitionId}/bulk-invalidation`)).body, new RegExp(`<tr id="batch-${batch}">`));
  });
});

describe('closing a petition', () => {
  test('asks first: a close posted without the confirmation answers the confirmation page and changes nothing', async () => {
    const { client, t } = f;
    const petitionPage = await client.get(`/admin/petitions/${t.petitionId}`);
    assert.match(petitionPage.body, new RegExp(`<a class="button" href="/admin/petitions/${t.petitionId}/close">Close petition</a>`));
    const unconfirmed = await client.post(`/admin/petitions/${t.petitionId}/close`);
    assert.equal(unconfirmed.status, 400);
    assert.match(pageText(unconfirmed.body), /Close “.+”\? .*takes no more signatures.* Close the petition Cancel: keep it open/);
    assert.equal((await getJson(t, `/v1/petitions/${t.petitionId}`)).body.status, 'open');
    const confirmed = await client.post(`/admin/petitions/${t.petitionId}/close`, { confirmed: 'yes' });
    assert.equal(confirmed.location, `/admin/petitions/${t.petitionId}?done=closed`);
    assert.equal((await getJson(t, `/v1/petitions/${t.petitionId}`)).body.status, 'closed');
  });
});

test('the demo seed writes regions as the address data stores them, never a bare ISO 3166-2 number', () => {
  for (const place of CITIES) {
    assert.doesNotMatch(place.state_province, /^\d+$/, `${place.city}, ${place.country_code}`);
    // What the service would store for it: the seed is stored as a signer's address is.
    const stored = cleanAddress(EVERY_COUNTRY[place.country_code]!, place);
    assert.equal(stored.state_province, place.state_province, `${place.city}, ${place.country_code}`);
  }
  assert.equal(CITIES.find((place) => place.city === 'Tokyo')?.state_province, '東京都');
  assert.equal(CITIES.find((place) => place.city === 'New York')?.state_province, 'NY');
});
