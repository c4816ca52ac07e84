// The delivery's typeface. pdfkit's standard fonts (Helvetica) draw Windows-1252 only, so a
// Greek or Cyrillic name would come out as nonsense: a TrueType font that covers them is
// embedded (pdfkit keeps only the glyphs used) when this machine has one.
import { existsSync } from 'node:fs';

/** Looked for in this order; DejaVu Sans covers Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew, Arabic. */
const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/local/share/fonts/DejaVuSans.ttf',
  '/Library/Fonts/DejaVuSans.ttf',
];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Either an embedded TrueType font's file, or pdfkit's built-in Helvetica. */
export type DeliveryFont = { kind: 'embedded'; path: string } | { kind: 'standard' };

export function findDeliveryFont(candidates: readonly string[] = FONT_CANDIDATES): DeliveryFont {
  const path = candidates.find((candidate) => existsSync(candidate));
  return path ? { kind: 'embedded', path } : { kind: 'standard' };
}

/**
 * Text a font can take without breaking the document. Lone surrogates (half an emoji, cut by
 * a client) become U+FFFD; with Helvetica, whatever Windows-1252 cannot say becomes "?".
 * An embedded font draws a character it lacks as an empty box: never a crash.
 */
export function drawableText(font: DeliveryFont, text: string): string {
  const wellFormed = text.replace(LONE_SURROGATE, '\uFFFD');
  return font.kind === 'embedded' ? wellFormed : wellFormed.replace(/[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u20ac]/gu, '?');
}
