// Drawing a signer's name or town in its cell with the delivery's faces (delivery-font.ts): the
// pieces of delivery-text-runs.ts, each in its font at its x, cut with an ellipsis to the cell's
// width. A text no face can draw is a placeholder, counted, never a row of empty boxes. The
// cover's own paragraphs are drawn line by line with the same pieces (delivery-paragraphs.ts).
import { helveticaDraws, helveticaText, wellFormed } from './delivery-font.js';
import type { DeliveryFont } from './delivery-font.js';
import { GlyphShapes } from './delivery-glyph-shapes.js';
import type { EmbeddedFace } from './delivery-glyph-shapes.js';
import { textPieces } from './delivery-text-runs.js';
import type { Direction, FaceCoverage, TextPiece } from './delivery-text-runs.js';

/** The parts of pdfkit's font objects the cells use: fontkit's font and pdfkit's per-word cache. */
interface PdfkitFont {
  font?: { hasGlyphForCodePoint(codePoint: number): boolean };
  layoutCache?: object;
}

const HELVETICA = 'Helvetica';
/** Words a font keeps laid out between pages: a few MiB at most. */
const LAYOUTS_KEPT = 2000;
/** `y` is the baseline: fonts of different scripts have different ascents, and their letters share one line. */
export const ON_BASELINE = { lineBreak: false, baseline: 'alphabetic' } as const;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** A Han-only name (山田 花子) takes its glyph forms from where the signer lives. */
const CJK_BY_COUNTRY: Readonly<Record<string, string>> = { JP: 'CJK-JP', KR: 'CJK-KR', KP: 'CJK-KR', TW: 'CJK-TC', HK: 'CJK-TC', MO: 'CJK-TC' };

/** A cell's paragraph direction (a town is left to right) and its signer's country (ISO 3166 code). */
interface CellOptions {
  direction?: 'ltr';
  country?: string;
}
const HANGUL = /\p{Script=Hangul}/u;
/** Spaces, joiners and bidi controls: no face need draw them. */
const UNDRAWN = /[\s\u200c-\u200f\u202a-\u202e\u2066-\u2069]/u;

export class DeliveryCells implements FaceCoverage {
  readonly #doc: PDFKit.PDFDocument;
  readonly font: DeliveryFont;
  readonly #opened: (PdfkitFont | undefined)[] = [];
  readonly #shapes: GlyphShapes;
  /** How many names and towns were placeholders. */
  undrawable = 0;

  constructor(doc: PDFKit.PDFDocument, font: DeliveryFont) {
    this.#doc = doc;
    this.font = font;
    this.#shapes = new GlyphShapes(doc);
    font.faces.forEach((face, index) => doc.registerFont(`face${index}`, face.path, face.member ?? ''));
  }

  /** The document's own English words (the date, the count, numbers, page footers): in the Latin face, or Helvetica. */
  useLatin(): void {
    this.#use(0);
  }

  /** Draws `text` at x on the baseline y, within `width`; `placeholder` (in the document's words) when no face has its letters. */
  draw(text: string, x: number, y: number, width: number, placeholder: string, options: CellOptions = {}): void {
    const pieces = this.#fitted(wellFormed(text), width, options);
    if (pieces === null) {
      this.undrawable++;
      this.useLatin();
      this.#doc.text(placeholder, x, y, ON_BASELINE);
      return;
    }
    this.drawPieces(pieces, x, y);
  }

  /**
   * Pieces placed left to right from x on the baseline y. `inLogicalOrder`: a line's runs of one
   * face and direction drawn in the order written, each at its place (a run's own pieces left to
   * right): pdfjs takes each run as one item, in the order drawn, and puts a run's letters back
   * in logical order itself, so a line mixing directions or faces reads back as written.
   */
  drawPieces(pieces: readonly TextPiece[], x: number, y: number, inLogicalOrder = false): void {
    const lefts: number[] = [];
    let left = x;
    for (const piece of pieces) {
      lefts.push(left);
      left += this.width([piece]);
    }
    let order = pieces.map((_, index) => index);
    if (inLogicalOrder) {
      const runs: number[][] = [];
      for (const index of order) {
        const last = runs.at(-1);
        const previous = pieces[index - 1];
        if (last && previous && previous.face === pieces[index]!.face && previous.rightToLeft === pieces[index]!.rightToLeft) last.push(index);
        else runs.push([index]);
      }
      const written = (run: number[]) => Math.min(...run.map((index) => pieces[index]!.logical ?? index));
      order = runs.sort((a, b) => written(a) - written(b)).flat();
    }
    for (const index of order) {
      const piece = pieces[index]!;
      left = lefts[index]!;
      this.#use(piece.face);
      // A vowel drawn before its consonant would read back in the wrong order: outlines, and the letters as written.
      if (this.font.faces[piece.face]?.reorders === true) {
        const internals = this.#doc as unknown as { _font: EmbeddedFace; _fontSize: number };
        this.#shapes.draw(internals._font, piece.text, left, y, internals._fontSize);
      } else {
        this.#doc.text(piece.text, left, y, ON_BASELINE);
      }
    }
  }

  /**
   * A line of the document's own text (delivery-paragraphs.ts) in pieces, in visual order within a
   * paragraph of `direction`; `paragraph` says which forms its Han take. Give it printable() text.
   */
  linePieces(line: string, direction: Direction, paragraph: string): TextPiece[] {
    if (this.font.faces.length === 0) return [{ text: helveticaText(line), face: -1, rightToLeft: false }];
    const coverage: FaceCoverage = { order: () => this.order(paragraph), covers: (face, codePoint) => this.covers(face, codePoint) };
    return textPieces(line, coverage, direction) ?? [{ text: line, face: 0, rightToLeft: false }];
  }

  /** The document's own text with "?" for each character no face has: a reader sees where one was, never a box. */
  printable(text: string): string {
    const well = wellFormed(text);
    if (this.font.faces.length === 0) return well;
    const order = this.order(well);
    let out = '';
    for (const character of well) {
      const codePoint = character.codePointAt(0)!;
      out += UNDRAWN.test(character) || order.some((face) => this.covers(face, codePoint)) ? character : '?';
    }
    return out;
  }

  /** A line's height and its baseline below its top, at the current size: the tallest of its faces and the Latin one. */
  lineMetrics(pieces: readonly TextPiece[]): { height: number; ascent: number } {
    let height = 0;
    let ascent = 0;
    for (const face of new Set([0, ...pieces.map((piece) => piece.face)])) {
      this.#use(face);
      const internals = this.#doc as unknown as { _font: { ascender: number }; _fontSize: number };
      height = Math.max(height, this.#doc.currentLineHeight(true));
      ascent = Math.max(ascent, (internals._font.ascender / 1000) * internals._fontSize);
    }
    return { height, ascent };
  }

  /**
   * pdfkit keeps the layout of every word each font has drawn, for good: with a number and a name
   * a row, that is the whole petition. Called at each page: a font's words are forgotten once it
   * holds more than LAYOUTS_KEPT, so towns, countries and common names keep being reused (shaping
   * an Arabic, Indic or CJK word takes fontkit 0.1 to 0.25 ms) while the memory stays bounded.
   */
  forgetLayouts(): void {
    for (const opened of this.#opened) {
      if (opened?.layoutCache && Object.keys(opened.layoutCache).length > LAYOUTS_KEPT) opened.layoutCache = Object.create(null) as object;
    }
  }

  /** Faces to try for `text`: Han as Japanese, Korean or traditional Chinese write it where the text or the signer's country says so. */
  order(text: string, country?: string): readonly number[] {
    const faces = this.font.faces;
    const preferred = KANA.test(text) ? 'CJK-JP' : HANGUL.test(text) ? 'CJK-KR' : (CJK_BY_COUNTRY[country ?? ''] ?? 'CJK-SC');
    const indices = faces.map((_, index) => index);
    const first = indices.filter((index) => !faces[index]!.name.startsWith('CJK-') || faces[index]!.name === preferred);
    return [...first, ...indices.filter((index) => !first.includes(index))];
  }

  covers(face: number, codePoint: number): boolean {
    return (this.#opened[face] ?? this.#open(face)).font?.hasGlyphForCodePoint(codePoint) ?? false;
  }

  #fitted(text: string, width: number, { direction, country }: CellOptions): TextPiece[] | null {
    if (this.font.faces.length === 0) return helveticaDraws(text) ? this.#helveticaFitted(text, width) : null;
    const coverage: FaceCoverage = { order: (piece) => this.order(piece, country), covers: (face, codePoint) => this.covers(face, codePoint) };
    let pieces = textPieces(text, coverage, direction);
    if (pieces === null || this.width(pieces) <= width) return pieces;
    const characters = Array.from(text);
    while (characters.length > 0) {
      characters.pop();
      pieces = textPieces(`${characters.join('').trimEnd()}…`, coverage, direction);
      if (pieces !== null && this.width(pieces) <= width) return pieces;
    }
    return [];
  }

  #helveticaFitted(text: string, width: number): TextPiece[] {
    this.#doc.font(HELVETICA);
    const characters = Array.from(text);
    let fitted = text;
    while (characters.length > 0 && this.#doc.widthOfString(fitted) > width) {
      characters.pop();
      fitted = `${characters.join('')}…`;
    }
    return [{ text: fitted, face: -1, rightToLeft: false }];
  }

  /** Pieces' width at the current size. */
  width(pieces: readonly TextPiece[]): number {
    let width = 0;
    for (const piece of pieces) {
      this.#use(piece.face);
      width += this.#doc.widthOfString(piece.text);
    }
    return width;
  }

  #use(face: number): void {
    if (face < 0 || this.font.faces.length === 0) this.#doc.font(HELVETICA);
    else this.#open(face);
  }

  #open(face: number): PdfkitFont {
    this.#doc.font(`face${face}`);
    const opened = (this.#doc as unknown as { _font: PdfkitFont })._font;
    this.#opened[face] ??= opened;
    return opened;
  }
}
