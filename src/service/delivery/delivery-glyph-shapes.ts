// Drawing a piece of a script whose glyphs come out of the letters' order (Devanagari, Bengali:
// a vowel drawn before its consonant, a reph after its syllable) so that every reader takes it
// back as written. Its shaped glyphs are drawn as outlines (one form XObject per glyph, defined
// once a document), which carry no text; over them, invisible (text render mode 3, as a scanned
// page's OCR layer), one glyph per letter in the order written, stretched to the same width.
// Drawn as text, they read back in drawn order; pdftotext would take an ActualText instead, but
// pdfjs (Firefox) ignores it.

/** fontkit's glyph, as its outline is read. */
interface FontkitGlyph {
  id: number;
  advanceWidth: number;
  path: { commands: { command: string; args: number[] }[] };
  bbox: { minX: number; minY: number; maxX: number; maxY: number };
}

/** The parts of pdfkit's embedded font the two layers use. */
export interface EmbeddedFace {
  id: string;
  scale: number;
  font: { unitsPerEm: number; glyphForCodePoint(codePoint: number): FontkitGlyph };
  subset: { includeGlyph(glyph: number): number };
  widths: number[];
  unicode: number[][];
  ref(): unknown;
  layout(text: string): { glyphs: FontkitGlyph[]; positions: { xAdvance: number; xOffset: number; yOffset: number }[] };
}

interface PdfkitDocument {
  page: { height: number; fonts: Record<string, unknown>; xobjects: Record<string, unknown> };
  ref(data: object): { end(data: string): void };
  addContent(content: string): unknown;
  save(): unknown;
  restore(): unknown;
}

const number = (value: number) => (Math.round(value * 100) / 100).toString();

/** A glyph's outline as PDF path operators, in font units, filled. */
function outline(glyph: FontkitGlyph): string {
  const operators: string[] = [];
  let [x, y] = [0, 0];
  for (const { command, args } of glyph.path.commands) {
    if (command === 'moveTo' || command === 'lineTo') {
      [x, y] = [args[0]!, args[1]!];
      operators.push(`${number(x)} ${number(y)} ${command === 'moveTo' ? 'm' : 'l'}`);
    } else if (command === 'quadraticCurveTo') {
      // A quadratic curve as the cubic that draws it.
      const [cx, cy, ex, ey] = args as [number, number, number, number];
      operators.push(`${number(x + (2 / 3) * (cx - x))} ${number(y + (2 / 3) * (cy - y))} ${number(ex + (2 / 3) * (cx - ex))} ${number(ey + (2 / 3) * (cy - ey))} ${number(ex)} ${number(ey)} c`);
      [x, y] = [ex, ey];
    } else if (command === 'bezierCurveTo') {
      operators.push(`${args.map(number).join(' ')} c`);
      [x, y] = [args[4]!, args[5]!];
    } else if (command === 'closePath') {
      operators.push('h');
    }
  }
  return `${operators.join('\n')}\nf`;
}

export class GlyphShapes {
  readonly #doc: PdfkitDocument;
  /** "font id/glyph id" -> the form's name and object. */
  readonly #forms = new Map<string, { name: string; form: unknown }>();

  constructor(doc: PDFKit.PDFDocument) {
    this.#doc = doc as unknown as PdfkitDocument;
  }

  /** Draws `text` in `face` at x on the baseline y, `size` points; returns its width. */
  draw(face: EmbeddedFace, text: string, x: number, y: number, size: number): number {
    const doc = this.#doc;
    const { glyphs, positions } = face.layout(text);
    const unit = size / face.font.unitsPerEm;
    let pen = x;
    doc.save();
    for (const [index, glyph] of glyphs.entries()) {
      const position = positions[index]!;
      if (glyph.path.commands.length > 0) {
        const { name, form } = this.#form(face, glyph);
        doc.page.xobjects[name] = form;
        const left = pen + (position.xOffset * size) / 1000;
        const baseline = y - (position.yOffset * size) / 1000;
        // Font units up, the page's units down (pdfkit's pages are drawn top down).
        doc.addContent(`q ${number(unit)} 0 0 ${number(-unit)} ${number(left)} ${number(baseline)} cm /${name} Do Q`);
      }
      pen += (position.xAdvance * size) / 1000;
    }
    doc.restore();
    const width = pen - x;
    this.#letters(face, text, x, y, size, width);
    return width;
  }

  /** The text layer: each letter's own glyph, in the order written, invisible, as wide as the shapes. */
  #letters(face: EmbeddedFace, text: string, x: number, y: number, size: number, width: number): void {
    let hex = '';
    let natural = 0;
    for (const character of text) {
      const codePoint = character.codePointAt(0)!;
      const glyph = face.font.glyphForCodePoint(codePoint);
      if (glyph.id === 0) continue;
      const gid = face.subset.includeGlyph(glyph.id);
      face.widths[gid] ??= glyph.advanceWidth * face.scale;
      face.unicode[gid] ??= [codePoint];
      hex += gid.toString(16).padStart(4, '0');
      natural += (face.widths[gid]! * size) / 1000;
    }
    if (hex === '' || natural === 0 || width <= 0) return;
    const doc = this.#doc;
    doc.page.fonts[face.id] ??= face.ref();
    doc.save();
    doc.addContent(`1 0 0 -1 0 ${number(doc.page.height)} cm`);
    doc.addContent(`BT 3 Tr ${number((100 * width) / natural)} Tz 1 0 0 1 ${number(x)} ${number(doc.page.height - y)} Tm /${face.id} ${number(size)} Tf <${hex}> Tj ET`);
    doc.restore();
  }

  #form(face: EmbeddedFace, glyph: FontkitGlyph): { name: string; form: unknown } {
    const key = `${face.id}/${glyph.id}`;
    let entry = this.#forms.get(key);
    if (!entry) {
      const { minX, minY, maxX, maxY } = glyph.bbox;
      const form = this.#doc.ref({ Type: 'XObject', Subtype: 'Form', BBox: [minX, minY, maxX, maxY], Resources: {} });
      form.end(outline(glyph));
      entry = { name: `G${face.id}x${glyph.id}`, form };
      this.#forms.set(key, entry);
    }
    return entry;
  }
}
