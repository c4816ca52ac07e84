// A signer's name or town cut into pieces pdfkit can draw one at a time: each piece in one font
// (the first that has its letters) and one direction, in the order they appear on the page.
// pdfkit shapes a piece with fontkit (Arabic joining, Indic conjuncts) and draws a right-to-left
// script's glyphs reversed, but it lays a string's words out left to right: so a right-to-left
// run is cut at its spaces, and the Unicode bidi algorithm (bidi-js) orders the pieces.
import bidiModule from 'bidi-js';

// A CommonJS module typed as an ES one: Node's default import is the factory its types call `default`.
const bidi = (bidiModule as unknown as typeof bidiModule.default)();

/** One piece as drawn, left to right on the page. */
export interface TextPiece {
  text: string;
  face: number;
  rightToLeft: boolean;
  /** Its place in the text as written (pieces of mixed directions). */
  logical?: number;
}

/** Which face draws a code point: the faces in the order they are tried, and whether each has it. */
export interface FaceCoverage {
  /** Face indices to try, for this text (a Japanese name prefers the Japanese CJK member). */
  order(text: string): readonly number[];
  covers(face: number, codePoint: number): boolean;
}

const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\u200f\u202b\u202e\u2067]/u;
/** Latin as Europe writes it: the first face (Latin) draws it whole, in one piece. */
const LATIN_ONLY = /^[\u0020-\u007e\u00a0-\u024f\u1e00-\u1eff\u2018\u2019\u201c\u201d]*$/;
/** Bidi controls steer the order and are not drawn. */
const BIDI_CONTROL = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Joiners shape the letters around them (a Persian name's ZWNJ) and go with them. */
const JOINER = /[\u200c\u200d]/;
const LETTER = /\p{L}/u;
const FIRST_FACE_SCRIPTS = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
const SPACE = /\s/;

/** A paragraph's direction: from its first strong letter, or given. */
export type Direction = 'ltr' | 'rtl';

/** The direction of a paragraph, from its first strong letter (left to right when it has none). */
export function paragraphDirection(text: string): Direction {
  if (!RIGHT_TO_LEFT.test(text)) return 'ltr';
  return (bidi.getEmbeddingLevels(text).paragraphs[0]?.level ?? 0) % 2 === 1 ? 'rtl' : 'ltr';
}

interface LogicalPiece extends TextPiece {
  level: number;
  space: boolean;
}

function faceFor(coverage: FaceCoverage, order: readonly number[], codePoint: number, character: string, current: number): number {
  // Digits, punctuation and marks stay in the face of the letters around them.
  if (current >= 0 && (!LETTER.test(character) && (JOINER.test(character) || coverage.covers(current, codePoint)))) return current;
  // The first face is the document's (Latin, Greek, Cyrillic): a letter of another script is drawn
  // by its own script's face, even where DejaVu Sans has a glyph for it, and only then by the first.
  const ownScript = !LETTER.test(character) || FIRST_FACE_SCRIPTS.test(character);
  for (const face of order) if ((ownScript || face !== 0) && coverage.covers(face, codePoint)) return face;
  if (!ownScript && coverage.covers(0, codePoint)) return 0;
  return SPACE.test(character) && current >= 0 ? current : -1;
}

/**
 * The pieces in visual order, or null when a character is in no face (the text is then not drawn
 * at all). The paragraph's direction comes from its first strong letter, or is `ltr` for a town:
 * "city, Country" is the document's English around the town's own name, or is the direction of
 * the paragraph a cover's line was cut from (delivery-paragraphs.ts).
 */
export function textPieces(text: string, coverage: FaceCoverage, direction?: Direction): TextPiece[] | null {
  if (text === '') return [];
  if (LATIN_ONLY.test(text) && coverage.covers(0, 0x41)) {
    for (const character of text) if (!coverage.covers(0, character.codePointAt(0)!)) return mixedPieces(text, coverage, direction);
    return [{ text, face: 0, rightToLeft: false }];
  }
  return mixedPieces(text, coverage, direction);
}

function mixedPieces(text: string, coverage: FaceCoverage, direction?: Direction): TextPiece[] | null {
  const levels = RIGHT_TO_LEFT.test(text) ? bidi.getEmbeddingLevels(text, direction).levels : null;
  const order = coverage.order(text);
  const pieces: LogicalPiece[] = [];
  let current = -1;
  for (let index = 0; index < text.length;) {
    const codePoint = text.codePointAt(index)!;
    const character = String.fromCodePoint(codePoint);
    const level = levels ? levels[index]! : 0;
    index += character.length;
    if (BIDI_CONTROL.test(character)) continue;
    // Punctuation where the direction changes goes to the first face: a reader keeps it apart from the right-to-left word.
    const face = faceFor(coverage, order, codePoint, character, level === pieces.at(-1)?.level ? current : -1);
    if (face === -1) return null;
    current = face;
    const space = SPACE.test(character);
    const last = pieces.at(-1);
    // A right-to-left run is cut at its spaces: pdfkit would otherwise lay its words out left to right.
    if (last && last.face === face && last.level === level && !(level % 2 === 1 && (space || last.space))) last.text += character;
    else pieces.push({ text: character, face, level, space, rightToLeft: level % 2 === 1, logical: pieces.length });
  }
  return visualOrder(pieces).map(({ text: pieceText, face, rightToLeft, logical }) => ({ text: rightToLeft ? mirrored(pieceText) : pieceText, face, rightToLeft, logical }));
}

/** Rule L2 of the bidi algorithm on whole pieces: from the highest level to the lowest odd one, reverse each run at that level or above. */
function visualOrder(pieces: LogicalPiece[]): LogicalPiece[] {
  const levels = pieces.map((piece) => piece.level);
  const highest = Math.max(...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1));
  if (!Number.isFinite(lowestOdd)) return pieces;
  const visual = [...pieces];
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < visual.length;) {
      if (visual[start]!.level < level) {
        start++;
        continue;
      }
      let end = start;
      while (end < visual.length && visual[end]!.level >= level) end++;
      visual.splice(start, end - start, ...visual.slice(start, end).reverse());
      start = end;
    }
  }
  return visual;
}

/** Brackets in right-to-left text open the other way (rule L4). */
function mirrored(text: string): string {
  let out = '';
  for (const character of text) out += bidi.getMirroredCharacter(character) ?? character;
  return out;
}
