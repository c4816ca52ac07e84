// How the delivery PDF looks, drawn with pdfkit: a first page that says what the petition asks
// of whom and how many signed, then the signers a fixed number of rows a page, each page
// numbered at its foot, "Page N of M". Pages are written out as soon as the next one starts (no
// buffering), so M is known before: rows have a fixed height and the count is known, and the
// cover is laid out once on a document of its own to see where its last page ends.
import PDFDocument from 'pdfkit';
import type { PetitionRow } from '../store/store.js';
import { wellFormed } from './delivery-font.js';
import type { DeliveryFont } from './delivery-font.js';
import type { DeliveryCounts } from './delivery-counts.js';
import { DeliveryCells, ON_BASELINE } from './delivery-cells.js';
import { drawParagraph } from './delivery-paragraphs.js';

const MARGIN = 56;
const ROW_HEIGHT = 15;
const ROW_FONT_SIZE = 10;
const NUMBER_WIDTH = 56;
const NAME_WIDTH = 210;
const FOOTER_FONT_SIZE = 9;
const WITHHELD = 'name withheld';
const UNPRINTABLE_NAME = '[name in a script this PDF cannot print]';
const UNPRINTABLE_TOWN = '[town in a script this PDF cannot print]';

/** A signer's line: their number in signing order, their name (or none: withheld) and town. */
export interface DeliveryLine {
  position: number;
  name: string | null;
  town: string;
  /** The signer's country (ISO 3166 code): which forms Han characters take. */
  country?: string;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

export class DeliveryLayout {
  readonly doc: PDFKit.PDFDocument;
  readonly #cells: DeliveryCells;
  #pages = 0;
  /** Pages in all, once the cover is drawn; null while a cover is only measured. */
  #total: number | null = null;

  constructor(font: DeliveryFont, title: string) {
    this.doc = new PDFDocument({ size: 'A4', margin: MARGIN, autoFirstPage: false, info: { Title: wellFormed(title) } });
    this.#cells = new DeliveryCells(this.doc, font);
    // Every page, whether a row or a long overview starts it, gets its number.
    this.doc.on('pageAdded', () => this.#footer());
  }

  get pages(): number {
    return this.#pages;
  }

  /** Names and towns drawn as a placeholder: no face has their letters. */
  get undrawable(): number {
    return this.#cells.undrawable;
  }

  /** The first page: what, to whom, when, how many; then the list's heading. */
  cover(petition: PetitionRow, counts: DeliveryCounts, now: number): void {
    const measured = new DeliveryLayout(this.#cells.font, '');
    measured.#drawCover(petition, counts, now);
    const firstRows = measured.#rowsLeft();
    const rowsPerPage = Math.floor((measured.doc.page.height - 2 * MARGIN) / ROW_HEIGHT);
    this.#total = measured.pages + Math.ceil(Math.max(0, counts.counted - firstRows) / rowsPerPage);
    this.#drawCover(petition, counts, now);
  }

  #drawCover(petition: PetitionRow, counts: DeliveryCounts, now: number): void {
    const { doc } = this;
    doc.addPage();
    const width = doc.page.width - 2 * MARGIN;
    drawParagraph(doc, this.#cells, petition.title, 20, width);
    doc.moveDown(0.5);
    const targets = JSON.parse(petition.targets) as string[];
    if (targets.length > 0) {
      // The document's English "To:" leads: the line is left to right, Arabic or Hebrew targets a run in it.
      drawParagraph(doc, this.#cells, `To: ${targets.join('; ')}`, 12, width);
      doc.moveDown(0.5);
    }
    drawParagraph(doc, this.#cells, petition.overview, 11, width);
    doc.moveDown();
    doc.fontSize(12).text(`Delivered on ${dateFormat.format(now)}`, { width });
    doc.text(countLine(counts, petition.confirm_signers === 1), { width });
    doc.moveDown();
    doc.fontSize(14).text('Signatures', { width });
    doc.moveDown(0.3);
    doc.fontSize(ROW_FONT_SIZE);
  }

  #rowsLeft(): number {
    return Math.max(0, Math.floor((this.doc.page.height - MARGIN - this.doc.y) / ROW_HEIGHT));
  }

  /** One signer's row, on a new page when this one is full. */
  line(line: DeliveryLine): void {
    const { doc } = this;
    if (this.#rowsLeft() === 0) {
      doc.addPage();
      doc.fontSize(ROW_FONT_SIZE);
    }
    const y = doc.y;
    const baseline = y + ROW_FONT_SIZE;
    const townWidth = doc.page.width - 2 * MARGIN - NUMBER_WIDTH - NAME_WIDTH;
    this.#cells.useLatin();
    doc.text(`${line.position}.`, MARGIN, baseline, ON_BASELINE);
    if (line.name === null) doc.text(WITHHELD, MARGIN + NUMBER_WIDTH, baseline, ON_BASELINE);
    else this.#cells.draw(line.name, MARGIN + NUMBER_WIDTH, baseline, NAME_WIDTH - 8, UNPRINTABLE_NAME, { country: line.country });
    this.#cells.draw(line.town, MARGIN + NUMBER_WIDTH + NAME_WIDTH, baseline, townWidth, UNPRINTABLE_TOWN, { direction: 'ltr', country: line.country });
    doc.x = MARGIN;
    doc.y = y + ROW_HEIGHT;
  }

  #footer(): void {
    const { doc } = this;
    this.#pages++;
    this.#cells.forgetLayouts();
    const { x, y } = doc;
    // pdfkit keeps the current size to itself; a page can start in the middle of a paragraph.
    const size = (doc as unknown as { _fontSize: number })._fontSize;
    const font = (doc as unknown as { _font: unknown })._font;
    // Below the bottom margin: with the margin left in place, pdfkit would start another page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    this.#cells.useLatin();
    doc.fontSize(FOOTER_FONT_SIZE).text(`Page ${this.#pages} of ${this.#total ?? '?'}`, MARGIN, doc.page.height - MARGIN / 2 - FOOTER_FONT_SIZE, {
      width: doc.page.width - 2 * MARGIN,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
    (doc as unknown as { _font: unknown })._font = font;
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
