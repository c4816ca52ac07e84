// The space the loader reserves for the elements before their code runs (reserved-space.ts): each
// rule holds only while its element is undefined, so the element's own styles take over the moment
// it is defined, and both elements and the form's variants get a height. Whether the heights match
// the defined elements is measured in Chromium (test/bundle/layout-shift.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RESERVED_SPACE_CSS } from '../../src/shared/reserved-space.js';

const rules = [...RESERVED_SPACE_CSS.matchAll(/([^{}]+)\{([^{}]*)\}/g)].map(([, selector, body]) => ({ selector: selector!.trim(), body: body! }));

test('every rule holds only for an element not yet defined', () => {
  assert.ok(rules.length >= 5, RESERVED_SPACE_CSS);
  for (const { selector } of rules) {
    for (const part of selector.split(',')) assert.match(part, /^petition-(sign|signatures)(\[[^\]]+\])?:not\(:defined\)$/, selector);
  }
});

test('both elements are blocks with a minimum height; the form without its phone or reason field has its own', () => {
  const bodyOf = (selector: string) => rules.find((rule) => rule.selector === selector)?.body ?? '';
  assert.match(bodyOf('petition-sign:not(:defined),petition-signatures:not(:defined)'), /display:block/);
  assert.match(bodyOf('petition-sign:not(:defined)'), /min-block-size:calc\(/);
  assert.match(bodyOf('petition-signatures:not(:defined)'), /min-block-size:calc\(/);
  assert.match(bodyOf('petition-signatures[mode=list]:not(:defined)'), /min-block-size:calc\(/);
  assert.match(bodyOf('petition-sign[hide-phone]:not(:defined)'), /--_i:8/);
  assert.match(bodyOf('petition-sign[hide-reason]:not(:defined)'), /--_t:0/);
});
