// GET petitions/:id/signatures/breakdown (docs/api.md "Signatures by place"): listed signatures
// by country and region, read from the count table, with every group under 5 withheld and what
// is left over published as it is; hidden signers in no group (issue 31's padding attack, through
// the API). The counts are otherwise written into the table itself (split over days, as the
// triggers keep them) so each boundary is exact; one test signs through the API to show the
// triggers' counts arrive here.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { EVERY_COUNTRY } from '../../../src/shared/addresses/countries/every-country.js';
import { failureMessages, getJson, grantedKey, signerFields, startTestService, submitSignature, urlOf, eventually } from '../harness.js';
import type { TestService } from '../harness.js';
import { withDatabase } from '../test-database.js';

let t: TestService;
before(async () => {
  t = await startTestService();
});
after(() => t.close());

const DAY = 86_400_000;
const path = (id: number) => `/v1/petitions/${id}/signatures/breakdown`;

/** A new petition whose count table holds these [country, region, count] groups, each split over two days where it can be. */
async function petitionWith(groups: Array<[string, string, number]>): Promise<number> {
  const { petition_id } = await t.admin.createPetition('Breakdown');
  await withDatabase(t.dbPath, async (db) => {
    const insert = db.prepare<[number, number, string, string, number]>(
      'INSERT INTO insight_places (petition_id, day, country_code, state_province, signatures) VALUES (?, ?, ?, ?, ?)',
    );
    for (const [country, region, count] of groups) {
      const first = Math.ceil(count / 2);
      await insert.run(petition_id, 20_000 * DAY, country, region, first);
      if (count > first) await insert.run(petition_id, 20_001 * DAY, country, region, count - first);
    }
  });
  return petition_id;
}

async function breakdown(groups: Array<[string, string, number]>) {
  const { status, body } = await getJson(t, path(await petitionWith(groups)));
  assert.equal(status, 200);
  return body;
}

describe('withholding small groups', () => {
  test('a country of exactly 5 is shown, one of 4 is not; the others make an "other" of 5', async () => {
    const body = await breakdown([['GB', 'ENG', 5], ['FR', '', 4], ['DE', '', 1]]);
    assert.deepEqual(body, {
      signature_count: 10,
      minimum_group: 5,
      countries: [{ country_code: 'GB', country_name: 'United Kingdom', signature_count: 5, regions: [{ state_province: 'ENG', signature_count: 5 }], other_count: 0 }],
      other_count: 5,
    });
  });

  test('what is left over is published as it is: 4 stray signatures never blank a large country, and an "other" of 1 is 1', async () => {
    const large = await breakdown([['GB', 'ENG', 720], ['US', '', 4]]);
    assert.deepEqual(large.countries.map((c: { country_code: string; signature_count: number }) => [c.country_code, c.signature_count]), [['GB', 720]]);
    assert.deepEqual(large.countries[0].regions, [{ state_province: 'ENG', signature_count: 720 }]);
    assert.equal(large.other_count, 4);
    const one = await breakdown([['GB', '', 5], ['DE', '', 1]]);
    assert.deepEqual(one.countries.map((c: { country_code: string }) => c.country_code), ['GB']);
    assert.equal(one.other_count, 1);
    assert.equal((await breakdown([['DE', '', 1]])).other_count, 1);
  });

  test('regions: 5 shown, 4 and 1 withheld into the country\'s other', async () => {
    const shown = await breakdown([['GB', 'ENG', 5], ['GB', 'SCT', 4], ['GB', 'WLS', 1]]);
    assert.deepEqual(shown.countries[0].regions, [{ state_province: 'ENG', signature_count: 5 }]);
    assert.equal(shown.countries[0].other_count, 5);
    assert.equal(shown.other_count, 0);

    const four = await breakdown([['GB', 'ENG', 5], ['GB', 'SCT', 4]]);
    assert.deepEqual(four.countries[0].regions, [{ state_province: 'ENG', signature_count: 5 }]);
    assert.equal(four.countries[0].signature_count, 9);
    assert.equal(four.countries[0].other_count, 4);

    // Signatures without a region are never a region, whatever their number.
    const unknown = await breakdown([['US', 'CA', 7], ['US', '', 6]]);
    assert.deepEqual(unknown.countries[0].regions, [{ state_province: 'CA', signature_count: 7 }]);
    assert.equal(unknown.countries[0].other_count, 6);
  });

  test('largest first, ties by code; an empty petition has nothing and no other', async () => {
    const body = await breakdown([['FR', '', 5], ['DE', '', 5], ['US', '', 9]]);
    assert.deepEqual(body.countries.map((c: { country_code: string }) => c.country_code), ['US', 'DE', 'FR']);
    assert.deepEqual(await breakdown([]), { signature_count: 0, minimum_group: 5, countries: [], other_count: 0 });
  });
});

describe('the route', () => {
  test('signatures made through the API are counted here', async () => {
    const key = await grantedKey(t, 'https://breakdown.example.org/');
    for (let i = 0; i < 5; i++) {
      const answer = await submitSignature(t, 'https://breakdown.example.org/', key, [
        ...signerFields({ email: `place${i}@example.org`, country_code: 'GB', state_province: 'SCT', postal_code: EVERY_COUNTRY['GB']!.postalExamples![0]! }),
      ]);
      assert.equal(answer.status, 202, await answer.text());
    }
    const body = await eventually(async () => (await getJson(t, path(t.petitionId))).body, (b) => b.signature_count === 5);
    assert.deepEqual(body.countries[0].regions, [{ state_province: 'SCT', signature_count: 5 }]);
  });

  test('padding a small group cannot single out a hidden signer: hidden signers are in no group, only in the total and its other', async () => {
    const { petition_id } = await t.admin.createPetition('Padding attack');
    const petition = { ...t, petitionId: petition_id };
    const source = 'https://padding.example.org/';
    const key = await grantedKey(petition, source);
    let n = 0;
    const sign = async (hidden: boolean) => {
      n++;
      const fields = signerFields({ email: `pad${n}@example.org`, country_code: 'US', state_province: 'WY', city: 'Cheyenne', postal_code: '82001', ...(hidden ? { hidden: 'true' } : {}) });
      const answer = await submitSignature(petition, source, key, fields);
      assert.equal(answer.status, 202, await answer.text());
    };
    const read = (count: number) => eventually(async () => (await getJson(t, path(petition_id))).body, (b) => b.signature_count === count);
    // The attacker's own four in Wyoming, then a hidden signer from Wyoming.
    for (let i = 0; i < 4; i++) await sign(false);
    await sign(true);
    const afterHidden = await read(5);
    assert.deepEqual(afterHidden.countries, [], 'no US: 5 [WY = 5] that the hidden signer made');
    assert.equal(afterHidden.other_count, 5);
    // A fifth listed one of the attacker's: Wyoming shows its 5 listed signers, not 6.
    await sign(false);
    const padded = await read(6);
    assert.deepEqual(padded.countries, [{ country_code: 'US', country_name: 'United States', signature_count: 5, regions: [{ state_province: 'WY', signature_count: 5 }], other_count: 0 }]);
    assert.equal(padded.other_count, 1, 'the hidden signer, placed nowhere');
    // Their place is never in a group, however many hidden signers there are.
    for (let i = 0; i < 5; i++) await sign(true);
    const manyHidden = await read(11);
    assert.equal(manyHidden.countries[0].signature_count, 5);
    assert.equal(manyHidden.other_count, 6);
  });

  test('a hidden signer is taken out of their own place only: 5 listed in Wyoming stay 5 beside 1 hidden in Colorado', async () => {
    const { petition_id } = await t.admin.createPetition('Hidden elsewhere');
    const petition = { ...t, petitionId: petition_id };
    const source = 'https://elsewhere.example.org/';
    const key = await grantedKey(petition, source);
    const places = [
      ...Array.from({ length: 5 }, () => ({ state_province: 'WY', city: 'Cheyenne', postal_code: '82001' })),
      { state_province: 'CO', city: 'Denver', postal_code: '80202', hidden: 'true' },
    ];
    for (const [n, place] of places.entries()) {
      const answer = await submitSignature(petition, source, key, signerFields({ email: `elsewhere${n}@example.org`, country_code: 'US', ...place }));
      assert.equal(answer.status, 202, await answer.text());
    }
    const body = await eventually(async () => (await getJson(t, path(petition_id))).body, (b) => b.signature_count === 6);
    assert.deepEqual(body.countries, [{ country_code: 'US', country_name: 'United States', signature_count: 5, regions: [{ state_province: 'WY', signature_count: 5 }], other_count: 0 }]);
    assert.equal(body.other_count, 1);
  });

  test('an unknown petition is 404, a missing api_key 401, another method 405', async () => {
    assert.deepEqual((await getJson(t, path(999_999))).body.messages, ['petition not found']);
    await failureMessages(await fetch(urlOf(t, path(t.petitionId))), 401);
    const post = await fetch(urlOf(t, `${path(t.petitionId)}?api_key=${t.consumer.api_key}`), { method: 'POST' });
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    await failureMessages(post, 405);
  });
});
