// Regions as readers read them (issue 33): the stored key to its name in the reader's language,
// from the shipped address data; the console's label with the stored value beside it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { everyCountry } from '../../src/shared/addresses/every-country.js';
import { subdivisionLabel, subdivisionName } from '../../src/shared/addresses/subdivision-name.js';

const list = (country: string) => everyCountry(country)?.subdivisions;

describe('subdivisionName', () => {
  it('names a US state, a Spanish province and a Ukrainian oblast from their keys', () => {
    assert.equal(subdivisionName(list('US'), 'TX', 'en'), 'Texas');
    assert.equal(subdivisionName(list('US'), 'TX', 'ja'), 'Texas');
    assert.equal(subdivisionName(list('ES'), 'M', 'es'), 'Madrid');
    assert.equal(subdivisionName(list('ES'), 'M', 'en'), 'Madrid');
    assert.equal(subdivisionName(list('ES'), 'VI', 'es'), 'Álava');
  });

  it('gives the local name to a reader of the country\'s language and the Latin name to others', () => {
    assert.equal(subdivisionName(list('JP'), '東京都', 'ja'), '東京都');
    assert.equal(subdivisionName(list('JP'), '東京都', 'ja-JP'), '東京都');
    assert.equal(subdivisionName(list('JP'), '東京都', 'en'), 'Tokyo');
    assert.equal(subdivisionName(list('JP'), '東京都', 'de'), 'Tokyo');
    assert.equal(subdivisionName(list('CN'), '广西壮族自治区', 'zh'), '广西');
    assert.equal(subdivisionName(list('CN'), '广西壮族自治区', 'en'), 'Guangxi Zhuangzuzizhiqu');
  });

  it('finds a value written another way: any case, a Latin name, an ISO 3166-2 code', () => {
    assert.equal(subdivisionName(list('US'), 'tx', 'en'), 'Texas');
    assert.equal(subdivisionName(list('JP'), 'Tokyo', 'ja'), '東京都');
    assert.equal(subdivisionName(list('JP'), '13', 'en'), 'Tokyo');
  });

  it('shows an unknown value, or one of a country without a list, as itself', () => {
    assert.equal(subdivisionName(list('US'), 'ZZ', 'en'), 'ZZ');
    assert.equal(subdivisionName(list('US'), '', 'en'), '');
    // Google's data lists no subdivisions for the United Kingdom: what the signer wrote is shown.
    assert.equal(list('GB'), undefined);
    assert.equal(subdivisionName(list('GB'), 'ENG', 'en'), 'ENG');
  });
});

describe('subdivisionLabel (the console, in English)', () => {
  it('puts the stored value beside the name, and only when they differ', () => {
    assert.equal(subdivisionLabel(list('US'), 'TX'), 'Texas (TX)');
    assert.equal(subdivisionLabel(list('ES'), 'M'), 'Madrid (M)');
    assert.equal(subdivisionLabel(list('JP'), '東京都'), 'Tokyo (東京都)');
    assert.equal(subdivisionLabel(list('GB'), 'ENG'), 'ENG');
    assert.equal(subdivisionLabel(list('US'), 'Nowhere'), 'Nowhere');
  });
});

describe('the rule on lists made for the case', () => {
  const made = { keys: ['K1', 'K2'], names: ['Eins', 'Zwei'], latinNames: ['One', 'Two'] };

  it('a list that names no language gives its Latin names to every reader', () => {
    assert.equal(subdivisionName(made, 'K2', 'de'), 'Two');
    assert.equal(subdivisionName(made, 'K1', 'en'), 'One');
  });

  it('the console reads as English: a list in English shows its own names there', () => {
    assert.equal(subdivisionLabel({ ...made, language: 'en' }, 'K1'), 'Eins (K1)');
    assert.equal(subdivisionLabel({ ...made, language: 'de' }, 'K1'), 'One (K1)');
  });

  it('a value written another way finds the first entry too, and in composed or decomposed accents alike', () => {
    assert.equal(subdivisionName(made, 'k1', 'en'), 'One');
    assert.equal(subdivisionName(made, ' eins ', 'en'), 'One');
    assert.equal(subdivisionName({ keys: ['VI'], names: ['\u00c1lava'], language: 'es' }, 'A\u0301lava', 'es'), '\u00c1lava');
  });
});

