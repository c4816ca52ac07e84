// The delivery's typefaces: one per script the form's 40 languages write (and a few more), found
// on this machine. DejaVu Sans (free licence, fonts-dejavu-core) draws Latin, Greek and Cyrillic:
// fontkit lays it out about twice as fast as Noto Sans, and most rows are Latin. Noto (SIL Open
// Font License, fonts-noto-core and fonts-noto-cjk) draws the other scripts; the Dockerfile and
// .ci/run install them. pdfkit embeds only the glyphs a PDF uses. With none found, pdfkit's
// Helvetica draws Latin-1 and other names are a placeholder.
import { existsSync } from 'node:fs';

/** A font file (a member of a collection, by its PostScript name), and whether its clusters reorder glyphs. */
interface DeliveryFace {
  name: string;
  path: string;
  member?: string;
  /**
   * Indic and South-East Asian scripts draw a vowel before the consonant it follows, or merge
   * letters into one glyph: drawn as outlines under an invisible text layer (delivery-glyph-shapes.ts).
   */
  reorders: boolean;
}

/** The faces found, in the order they are tried for a character; none: Helvetica. */
export interface DeliveryFont {
  faces: readonly DeliveryFace[];
}

interface FaceCandidate {
  name: string;
  paths: readonly string[];
  member?: string;
  reorders?: boolean;
}

const NOTO = '/usr/share/fonts/truetype/noto';
const NOTO_CJK = ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', '/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc'];
const noto = (file: string, reorders = false): FaceCandidate => ({ name: file, paths: [`${NOTO}/NotoSans${file}-Regular.ttf`], reorders });

/** Latin first: the document's own words, digits and punctuation come from it. */
const FACE_CANDIDATES: readonly FaceCandidate[] = [
  {
    name: 'Latin',
    paths: [
      '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
      '/usr/share/fonts/dejavu/DejaVuSans.ttf',
      '/usr/share/fonts/TTF/DejaVuSans.ttf',
      '/Library/Fonts/DejaVuSans.ttf',
      `${NOTO}/NotoSans-Regular.ttf`,
    ],
  },
  noto('Arabic'),
  noto('Hebrew'),
  ...['Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao', 'Khmer', 'Myanmar'].map((script) => noto(script, true)),
  noto('Georgian'),
  noto('Armenian'),
  noto('Ethiopic'),
  // One collection, four members: the same Han character is drawn as Chinese (simplified or
  // traditional), Japanese or Korean write it.
  { name: 'CJK-SC', paths: NOTO_CJK, member: 'NotoSansCJKsc-Regular' },
  { name: 'CJK-JP', paths: NOTO_CJK, member: 'NotoSansCJKjp-Regular' },
  { name: 'CJK-KR', paths: NOTO_CJK, member: 'NotoSansCJKkr-Regular' },
  { name: 'CJK-TC', paths: NOTO_CJK, member: 'NotoSansCJKtc-Regular' },
  // Last resort for the odd symbol.
  { name: 'Noto', paths: [`${NOTO}/NotoSans-Regular.ttf`] },
];

export function findDeliveryFont(candidates: readonly FaceCandidate[] = FACE_CANDIDATES): DeliveryFont {
  const faces: DeliveryFace[] = [];
  for (const { name, paths, member, reorders = false } of candidates) {
    const path = paths.find((candidate) => existsSync(candidate));
    // Noto Sans may be both the Latin face (no DejaVu here) and the last resort: embedded once.
    if (path && !faces.some((face) => face.path === path && face.member === member)) faces.push({ name, path, reorders, ...(member ? { member } : {}) });
  }
  return { faces };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Lone surrogates (half an emoji, cut by a client) become U+FFFD: text a font can take without breaking the document. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** What pdfkit's Helvetica draws: Windows-1252. */
const BEYOND_HELVETICA = /[^\u0020-\u007e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026\u20ac]/gu;

/** The document's own words (title, overview) in Helvetica: what it cannot draw is "?". */
export function helveticaText(text: string): string {
  return wellFormed(text).replace(BEYOND_HELVETICA, '?');
}

/** Whether Helvetica draws every character of a signer's text (else the text is a placeholder). */
export function helveticaDraws(text: string): boolean {
  return wellFormed(text).search(BEYOND_HELVETICA) === -1;
}
