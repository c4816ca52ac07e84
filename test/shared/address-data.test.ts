// src/shared/addresses/countries/ is what scripts/address-data/write.ts renders from the installed
// address metadata package: a changed package (or a hand edit) shows here until it is rewritten.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { DATA_FOLDER, renderedData } from '../../scripts/address-data/render.js';

test('the address data files are as rendered from the package', () => {
  const rendered = renderedData();
  assert.deepEqual(readdirSync(DATA_FOLDER).sort(), Object.keys(rendered).sort());
  for (const [name, text] of Object.entries(rendered)) {
    assert.equal(readFileSync(new URL(name, DATA_FOLDER), 'utf8'), text, `${name}: run npm run address-data`);
  }
});
