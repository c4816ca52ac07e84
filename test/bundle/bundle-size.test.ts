// The built embed's weight (dist/ from `vite build`), gzipped at level 9: the entry a page loads
// first, each chunk, and each element's critical path (what it needs before it can render). Each
// budget is the size when it was set plus a small margin, except the entry's, which is the
// issue's ceiling: the entry stays a loader, with room to grow.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { ELEMENTS, ENTRY, chunkFiles, criticalPath, gzipped, staticImports } from '../../support/bundle-chunks.js';
import { breakdownWords } from '../../src/components/petition-breakdown/breakdown-words.js';
import { signWords } from '../../src/components/petition-sign/sign-words.js';
import { signaturesWords } from '../../src/components/petition-signatures/signatures-words.js';

const dist = new URL('../../dist/', import.meta.url).pathname;
const built = process.env.PETITION_EMBED_BUILT !== '0' && existsSync(join(dist, ENTRY));
const skip = !built && 'bundle not built';

const ENTRY_BUDGET = 15_000;
/** Chunk budgets by the name Rollup gives each chunk (before its hash). */
const CHUNK_BUDGETS: Array<[name: RegExp, bytes: number]> = [
  [/^petition-sign$/, 8_700],
  [/^petition-signatures$/, 3_300],
  [/^petition-breakdown$/, 3_650],
  /**
   * <petition-breakdown view="map">'s world (176 countries' SVG paths, projected at build time),
   * loaded only for that view. Issue 20 set 40 KB as the ceiling; world-atlas's topology alone is
   * 38 KB gzipped, before d3-geo and topojson-client, hence the projection at build time.
   */
  [/^world-map$/, 27_000],
  /**
   * Lit, @lit/task, the code the elements share and the English words any of them shows before a
   * touch (issue 32); each element's own first words are in its chunk.
   */
  [/^shared$/, 10_100],
  /** The bundler's helper for module namespaces, which every element's chunk imports. */
  [/^rolldown-runtime$/, 200],
  /** The table of the address rules' chunks, and the form's problems and submission: on the form's first touch. */
  [/^by-letter$/, 450],
  /** <petition-breakdown>'s naming of one country's regions (issue 33), loaded only when it shows regions. */
  [/^region-names$/, 500],
  [/^form-outcome$/, 1_050],
  [/^postal-code$/, 1_050],
  /** The table of the 39 other languages' chunks, loaded only where one is spoken. */
  [/^catalogue-chunks$/, 850],
  /** Why an element cannot work (a failed load) and the console's advice. */
  [/^embed-diagnosis$/, 750],
  /** The rest of English, and each other language (named by its code): Greek and Cyrillic take the most bytes. */
  [/^(messages-later|[a-z]{2}(-[A-Za-z]+)?)$/, 3_000],
  [/^proof-of-work$/, 2_300],
  [/^share-step$/, 1_000],
  /** The signer schema (valibot), loaded on the form's first touch. */
  [/^signature-schema$/, 3_400],
  /** The address rules of the countries whose codes start with that letter (src/shared/addresses/countries/). */
  [/^[a-z]$/, 3_072],
];
const PATH_BUDGETS: Record<(typeof ELEMENTS)[number], number> = {
  'petition-sign': 20_200,
  'petition-signatures': 14_800,
  'petition-breakdown': 15_100,
};

const nameOf = (chunk: string) => chunk.replace(/^chunks\//, '').replace(/-[\w-]{8}\.js$/, '');

test(`the entry is at most ${ENTRY_BUDGET} bytes gzipped`, { skip }, () => {
  const size = gzipped(dist, ENTRY);
  assert.ok(size <= ENTRY_BUDGET, `${ENTRY} is ${size} bytes gzipped, over ${ENTRY_BUDGET}`);
});

test('every chunk has a budget and is within it', { skip }, () => {
  const chunks = chunkFiles(dist);
  for (const expected of ['petition-sign', 'petition-signatures', 'petition-breakdown', 'world-map', 'shared', 'messages-later', 'de', 'proof-of-work', 'share-step', 'signature-schema', 'by-letter', 'u']) {
    assert.ok(chunks.some((chunk) => nameOf(chunk) === expected), `no ${expected} chunk among ${chunks.join(', ')}`);
  }
  for (const chunk of chunks) {
    const budget = CHUNK_BUDGETS.find(([name]) => name.test(nameOf(chunk)))?.[1];
    assert.ok(budget, `${chunk} has no budget`);
    const size = gzipped(dist, chunk);
    assert.ok(size <= budget, `${chunk} is ${size} bytes gzipped, over ${budget}`);
  }
});

test("each element's critical path (entry, its chunk, their static imports, the English words among them) is within its budget", { skip }, () => {
  for (const tag of ELEMENTS) {
    const files = criticalPath(dist, tag);
    assert.ok(files.some((file) => nameOf(file) === 'shared'), `${tag} does not import the shared chunk: ${files.join(', ')}`);
    const size = files.reduce((sum, file) => sum + gzipped(dist, file), 0);
    assert.ok(size <= PATH_BUDGETS[tag], `<${tag}> needs ${size} bytes gzipped (${files.join(', ')}), over ${PATH_BUDGETS[tag]}`);
  }
});

test("no element's critical path carries the signer schema, address data or the world map", { skip }, () => {
  for (const tag of ELEMENTS) {
    const names = criticalPath(dist, tag).map(nameOf);
    assert.ok(!names.some((name) => name === 'signature-schema' || name === 'world-map' || /^[a-z]$/.test(name)), `<${tag}> needs ${names.join(', ')}`);
  }
});

test("each element's critical path carries its own first words and no other element's", { skip }, () => {
  const words = { 'petition-sign': signWords.loadingPetition, 'petition-signatures': signaturesWords.loadingSignatures, 'petition-breakdown': breakdownWords.loadingBreakdown };
  for (const tag of ELEMENTS) {
    const code = criticalPath(dist, tag).map((file) => readFileSync(join(dist, file), 'utf8')).join('\n');
    for (const [owner, text] of Object.entries(words)) assert.equal(code.includes(text), owner === tag, `<${tag}>'s critical path and ${JSON.stringify(text)}`);
  }
});

test('the entry parses as a classic script too: no static import or export, no import.meta', { skip }, () => {
  const code = readFileSync(join(dist, ENTRY), 'utf8');
  assert.doesNotThrow(() => new Script(code, { filename: ENTRY }));
  assert.deepEqual(staticImports(dist, ENTRY), []);
});

test('no chunk imports the entry, and the solver travels only in its chunk', { skip }, () => {
  for (const chunk of chunkFiles(dist)) assert.ok(!staticImports(dist, chunk).includes(ENTRY), `${chunk} imports the entry`);
  // sha256.ts computes its constants with Math.cbrt: the one place the elements' code calls it.
  const solverIn = chunkFiles(dist).filter((chunk) => readFileSync(join(dist, chunk), 'utf8').includes('Math.cbrt'));
  assert.deepEqual(solverIn.map(nameOf), ['proof-of-work']);
});
