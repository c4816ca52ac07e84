// A name or town cut into pieces as the delivery draws them, with this machine's faces: each
// piece in the face of its script, right-to-left runs cut at their spaces and put in visual
// order by the Unicode bidi algorithm (the paragraph's direction from its first strong letter,
// or left to right for a town), brackets mirrored in right-to-left text, Japanese and Korean in
// their own CJK member, and nothing at all when a letter is in no face.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import PDFDocument from 'pdfkit';
import { DeliveryCells } from '../../../src/service/delivery/delivery-cells.js';
import { findDeliveryFont } from '../../../src/service/delivery/delivery-font.js';
import { textPieces } from '../../../src/service/delivery/delivery-text-runs.js';

const font = findDeliveryFont();
const cells = new DeliveryCells(new PDFDocument({ autoFirstPage: false }), font);
before(() => {
  const faces = font.faces.map((face) => face.name);
  assert.ok(['Latin', 'Arabic', 'Hebrew', 'Devanagari', 'CJK-SC', 'CJK-JP', 'CJK-KR', 'CJK-TC'].every((name) => faces.includes(name)),
    'this test needs DejaVu and Noto: apt-get install fonts-dejavu-core fonts-noto-core fonts-noto-cjk (.ci/run does)');
});

/** "face name:text" for each piece, left to right. */
const drawn = (text: string, direction?: 'ltr') => textPieces(text, cells, direction)?.map((piece) => `${font.faces[piece.face]!.name}:${piece.text}`) ?? null;
/** The same, for a signer living in `country`. */
const drawnIn = (text: string, country: string) =>
  textPieces(text, { order: (piece) => cells.order(piece, country), covers: (face, codePoint) => cells.covers(face, codePoint) })?.map((piece) => `${font.faces[piece.face]!.name}:${piece.text}`);

test('Latin, Greek and Cyrillic in the first face, in one piece', () => {
  assert.deepEqual(drawn('François Đặng Müller'), ['Latin:François Đặng Müller']);
  assert.deepEqual(drawn('Ελένη Παπαδοπούλου'), ['Latin:Ελένη Παπαδοπούλου']);
  assert.deepEqual(drawn('Анна Иванова'), ['Latin:Анна Иванова']);
});

test('a right-to-left name: its words right to left, each in the Arabic or Hebrew face', () => {
  assert.deepEqual(drawn('محمد علي'), ['Arabic:علي', 'Arabic: ', 'Arabic:محمد']);
  assert.deepEqual(drawn('דוד כהן'), ['Hebrew:כהן', 'Hebrew: ', 'Hebrew:דוד']);
});

test('mixed directions: the paragraph takes the direction of its first strong letter; a town is left to right', () => {
  assert.deepEqual(drawn('Ali محمد'), ['Latin:Ali ', 'Arabic:محمد']);
  assert.deepEqual(drawn('محمد Ali'), ['Latin:Ali', 'Arabic: ', 'Arabic:محمد']);
  assert.deepEqual(drawn('القاهرة, Egypt', 'ltr'), ['Arabic:القاهرة', 'Latin:, Egypt']);
  assert.deepEqual(drawn('القاهرة, Egypt'), ['Latin:Egypt', 'Arabic: ', 'Arabic:القاهرة,']);
});

test('brackets in right-to-left text are mirrored', () => {
  assert.deepEqual(drawn('محمد (علي)'), ['Latin:(', 'Arabic:علي', 'Latin:)', 'Arabic: ', 'Arabic:محمد']);
});

test('Han in the Chinese member, with kana or from Japan in the Japanese one, with Hangul in the Korean one, from Hong Kong in the traditional one', () => {
  assert.deepEqual(drawn('王 小明'), ['CJK-SC:王 小明']);
  assert.deepEqual(drawn('やまだ 花子'), ['CJK-JP:やまだ 花子']);
  assert.deepEqual(drawn('김 민준'), ['CJK-KR:김 민준']);
  assert.deepEqual(drawnIn('山田 花子', 'JP'), ['CJK-JP:山田 花子']);
  assert.deepEqual(drawnIn('陳 大文', 'HK'), ['CJK-TC:陳 大文']);
  assert.deepEqual(drawnIn('王 小明', 'GB'), ['CJK-SC:王 小明']);
  assert.deepEqual(drawn('प्रिया शर्मा'), ['Devanagari:प्रिया शर्मा']);
});

test('a letter no face has: nothing is drawn (the cell prints its placeholder)', () => {
  assert.equal(drawn('ᏣᎳᎩ'), null);
  assert.equal(drawn('Ann ᏣᎳᎩ'), null);
  assert.deepEqual(drawn(''), []);
});
