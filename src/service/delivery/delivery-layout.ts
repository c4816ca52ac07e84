// How the delivery PDF looks, drawn with pdfkit: a first page that says what the petition asks
// of whom and how many signed, then the signers a fixed number of rows a page, each page
// numbered at its foot. Pages are written out as soon as the next one starts (no buffering).
import PDFDocument from 'pdfkit';
import type { PetitionRow } from '../store/store.js';
import { drawableText } from './delivery-font.js';
import type { DeliveryFont } from './delivery-font.js';
import type { DeliveryCounts } from './delivery-counts.js';

const MARGIN = 56;
const ROW_HEIGHT = 15;
const ROW_FONT_SIZE = 10;
const NUMBER_WIDTH = 56;
const NAME_WIDTH = 210;
const FOOTER_FONT_SIZE = 9;
const WITHHELD = 'name withheld';

/** A signer's line: their number in signing order, their name (or none: withheld) and town. */
export interface DeliveryLine {
  position: number;
  name: string | null;
  town: string;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

export class DeliveryLayout {
  readonly doc: PDFKit.PDFDocument;
  #pages = 0;
  readonly #font: DeliveryFont;

  constructor(font: DeliveryFont, title: string) {
    this.#font = font;
    this.doc = new PDFDocument({ size: 'A4', margin: MARGIN, autoFirstPage: false, info: { Title: drawableText(font, title) } });
    if (font.kind === 'embedded') this.doc.registerFont('delivery', font.path);
    this.doc.font(font.kind === 'embedded' ? 'delivery' : 'Helvetica');
    // Every page, whether a row or a long overview starts it, gets its number.
    this.doc.on('pageAdded', () => this.#footer());
  }

  get pages(): number {
    return this.#pages;
  }

  /** The first page: what, to whom, when, how many; then the list's heading. */
  cover(petition: PetitionRow, counts: DeliveryCounts, now: number): void {
    const { doc } = this;
    doc.addPage();
    const width = doc.page.width - 2 * MARGIN;
    doc.fontSize(20).text(this.#text(petition.title), { width });
    doc.moveDown(0.5);
    const targets = JSON.parse(petition.targets) as string[];
    if (targets.length > 0) {
      doc.fontSize(12).text(`To: ${this.#text(targets.join('; '))}`, { width });
      doc.moveDown(0.5);
    }
    doc.fontSize(11).text(this.#text(petition.overview), { width });
    doc.moveDown();
    doc.fontSize(12).text(`Delivered on ${dateFormat.format(now)}`, { width });
    doc.text(countLine(counts, petition.confirm_signers === 1), { width });
    doc.moveDown();
    doc.fontSize(14).text('Signatures', { width });
    doc.moveDown(0.3);
    doc.fontSize(ROW_FONT_SIZE);
  }

  /** One signer's row, on a new page when this one is full. */
  line(line: DeliveryLine): void {
    const { doc } = this;
    if (doc.y + ROW_HEIGHT > doc.page.height - MARGIN) {
      doc.addPage();
      doc.fontSize(ROW_FONT_SIZE);
    }
    const y = doc.y;
    const townWidth = doc.page.width - 2 * MARGIN - NUMBER_WIDTH - NAME_WIDTH;
    doc.text(`${line.position}.`, MARGIN, y, { lineBreak: false });
    doc.text(this.#fitted(line.name === null ? WITHHELD : line.name, NAME_WIDTH - 8), MARGIN + NUMBER_WIDTH, y, { lineBreak: false });
    doc.text(this.#fitted(line.town, townWidth), MARGIN + NUMBER_WIDTH + NAME_WIDTH, y, { lineBreak: false });
    doc.x = MARGIN;
    doc.y = y + ROW_HEIGHT;
  }

  #text(text: string): string {
    return drawableText(this.#font, text);
  }

  /** Cut with an ellipsis to the column's width: a long name never runs into the town. */
  #fitted(text: string, width: number): string {
    let fitted = this.#text(text);
    if (this.doc.widthOfString(fitted) <= width) return fitted;
    const characters = Array.from(fitted);
    while (characters.length > 0 && this.doc.widthOfString(`${characters.join('')}…`) > width) characters.pop();
    fitted = `${characters.join('')}…`;
    return fitted;
  }

  #footer(): void {
    const { doc } = this;
    this.#pages++;
    // pdfkit's embedded font keeps the layout of every word it has drawn, for good: with a
    // number and a name per row that is the whole petition. Forgotten at each page instead.
    const font = (doc as unknown as { _font?: { layoutCache?: object } })._font;
    if (font?.layoutCache) font.layoutCache = Object.create(null) as object;
    const { x, y } = doc;
    // pdfkit keeps the current size to itself; a page can start in the middle of a paragraph.
    const size = (doc as unknown as { _fontSize: number })._fontSize;
    // Below the bottom margin: with the margin left in place, pdfkit would start another page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(FOOTER_FONT_SIZE).text(`Page ${this.#pages}`, MARGIN, doc.page.height - MARGIN / 2 - FOOTER_FONT_SIZE, {
      width: doc.page.width - 2 * MARGIN,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
    doc.fontSize(size);
    doc.x = x;
    doc.y = y;
  }
}

export function townOf(city: string, countryName: string): string {
  return city.trim() === '' ? countryName : `${city}, ${countryName}`;
}

const number = (value: number) => value.toLocaleString('en-GB');

/** "1,234 signatures: 1,034 online (each confirmed by email), 200 on paper". */
export function countLine({ counted, onPaper }: DeliveryCounts, confirmed: boolean): string {
  const total = `${number(counted)} ${counted === 1 ? 'signature' : 'signatures'}`;
  const online = counted - onPaper;
  const onlineText = `${number(online)} online${confirmed && online > 0 ? ' (each confirmed by email)' : ''}`;
  return onPaper === 0 ? `${total}${confirmed && online > 0 ? ', each confirmed by email' : ''}` : `${total}: ${onlineText}, ${number(onPaper)} on paper`;
}
