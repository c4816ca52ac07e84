// The delivery's rows as two readers give them back: pdftotext (poppler, `-layout` keeps a row
// on one line) and pdfjs (Firefox's reader: a row is the items from its number to the next).
import { spawnSync } from 'node:child_process';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Whitespace as one space, and without the embedding marks poppler wraps right-to-left text in. */
const normalised = (text: string) => text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();

/** Row number -> "N. name town", from `pdftotext -layout`. */
export function pdftotextLayout(bytes: Uint8Array): Map<number, string> {
  const run = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: bytes, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`pdftotext: ${run.stderr}`);
  const rows = new Map<number, string>();
  for (const line of run.stdout.split('\n')) {
    const row = normalised(line);
    const number = /^(\d+)\. /.exec(row);
    if (number) rows.set(Number(number[1]), row);
  }
  return rows;
}

/** Row number -> "N. name town", from one page's pdfjs items (pdf-text.ts joins them with newlines). */
export function readRows(page: string): Map<number, string> {
  const rows = new Map<number, string>();
  let current: string[] | null = null;
  for (const item of page.split('\n')) {
    if (/^\d+\.$/.test(item)) {
      current = [item];
      rows.set(Number(item.slice(0, -1)), '');
    }
    if (current === null) continue;
    if (current[0] !== item) current.push(item);
    rows.set(Number(current[0]!.slice(0, -1)), normalised(current.join('')));
  }
  return rows;
}

/** How many different glyphs of the first page's text read back as `letter`: joined Arabic letters take a form per position. */
export async function arabicLetterForms(bytes: Uint8Array, letter: string): Promise<number> {
  const pdf = await getDocument({ data: bytes.slice(), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const operators = await (await pdf.getPage(1)).getOperatorList();
    const glyphs = new Set<number>();
    operators.fnArray.forEach((operator, index) => {
      if (operator !== OPS.showText) return;
      for (const glyph of operators.argsArray[index]![0] as ({ unicode: string; originalCharCode: number } | number | null)[]) {
        if (glyph !== null && typeof glyph === 'object' && glyph.unicode === letter) glyphs.add(glyph.originalCharCode);
      }
    });
    return glyphs.size;
  } finally {
    await pdf.destroy();
  }
}
