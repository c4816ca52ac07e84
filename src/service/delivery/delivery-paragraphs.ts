// The cover's own paragraphs (the petition's title, its targets, its overview) in any script, as
// the signers' cells are drawn (delivery-cells.ts): pdfkit's own wrapping lays a line out in one
// face and left to right, so an Arabic title came out with its words reversed and a Hindi or
// Chinese word in an English overview as boxes. Here a paragraph is wrapped greedily, each line
// measured and drawn in pieces by face in bidi order; a right-to-left paragraph (its first strong
// letter says so) has each line right-aligned and its bidi resolved right to left.
import type { DeliveryCells } from './delivery-cells.js';
import { paragraphDirection } from './delivery-text-runs.js';

const SPACE = /\s/u;
/** Chinese and Japanese write no spaces, so a line may end between any two of these. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });

/** The text cut where a line may end: after its spaces (kept with the word before), between two CJK characters. */
function breakSegments(text: string): string[] {
  const segments: string[] = [];
  let current = '';
  let previous = '';
  for (const { segment } of graphemes.segment(text)) {
    const space = SPACE.test(segment);
    if (current !== '' && !space && (SPACE.test(previous) || (CJK.test(previous) && CJK.test(segment)))) {
      segments.push(current);
      current = '';
    }
    current += segment;
    previous = segment;
  }
  if (current !== '') segments.push(current);
  return segments;
}

/** The longest start of `text` (one grapheme at least) that fits: where a word longer than the line must break. */
function longestFitting(text: string, fits: (line: string) => boolean): [string, string] {
  const parts = Array.from(graphemes.segment(text), ({ segment }) => segment);
  let [low, high] = [1, parts.length];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(parts.slice(0, middle).join(''))) low = middle;
    else high = middle - 1;
  }
  return [parts.slice(0, low).join(''), parts.slice(low).join('')];
}

/**
 * Greedy line breaking: as many segments a line as fit, a segment too long for any line cut where
 * it must. A line is first measured as the sum of its segments' widths (each measured once: a CJK
 * paragraph has a segment a character), then checked whole, for shaping across segments.
 */
function wrapLines(text: string, measure: (text: string) => number, width: number): string[] {
  const fits = (line: string) => measure(line) <= width;
  const lines: string[] = [];
  let line: string[] = [];
  let advance = 0;
  const finish = () => {
    const kept = [...line];
    while (kept.length > 1 && !fits(kept.join('').trimEnd())) kept.pop();
    lines.push(kept.join('').trimEnd());
    line = line.slice(kept.length);
    advance = line.reduce((sum, segment) => sum + measure(segment), 0);
  };
  for (const segment of breakSegments(text.trim())) {
    if (line.length > 0 && advance + measure(segment.trimEnd()) > width) finish();
    line.push(segment);
    advance += measure(segment);
    while (line.length === 1 && !fits(line[0]!.trimEnd())) {
      const [head, rest] = longestFitting(line[0]!, fits);
      lines.push(head.trimEnd());
      line = rest === '' ? [] : [rest];
      advance = rest === '' ? 0 : measure(rest);
    }
  }
  while (line.length > 0) finish();
  return lines.length === 0 ? [''] : lines;
}

/**
 * Draws `text` at `size` points from the document's y, `width` wide from the left margin, a new
 * page when the next line would pass the bottom margin (the page's footer comes with it, as with
 * pdfkit's wrapping). Each line of the text (its line breaks kept) is a paragraph of its own
 * direction. Leaves y below the last line, and the Latin face at `size` current.
 */
export function drawParagraph(doc: PDFKit.PDFDocument, cells: DeliveryCells, text: string, size: number, width: number): void {
  const left = doc.page.margins.left;
  for (const paragraph of cells.printable(text).split(/\r\n|\r|\n/)) {
    const direction = paragraphDirection(paragraph);
    doc.fontSize(size);
    const widths = new Map<string, number>();
    const measure = (line: string) => {
      let measured = widths.get(line);
      if (measured === undefined) widths.set(line, (measured = cells.width(cells.linePieces(line, direction, paragraph))));
      return measured;
    };
    for (const line of wrapLines(paragraph, measure, width)) {
      const pieces = cells.linePieces(line, direction, paragraph);
      const lineWidth = cells.width(pieces);
      const { height, ascent } = cells.lineMetrics(pieces);
      if (doc.y + height > doc.page.maxY()) doc.addPage();
      const top = doc.y;
      cells.drawPieces(pieces, direction === 'rtl' ? left + width - lineWidth : left, top + ascent, true);
      doc.y = top + height;
    }
  }
  cells.useLatin();
  doc.fontSize(size);
  doc.x = left;
}
