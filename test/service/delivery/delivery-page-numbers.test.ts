// "Page N of M" on every page of the delivery, M known before the rows are drawn (pages are
// streamed as they fill): at the count that exactly fills a page and one more, and with an
// overview long enough to take the cover onto a second page. The layout itself, read by pdfjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findDeliveryFont } from '../../../src/service/delivery/delivery-font.js';
import { DeliveryLayout } from '../../../src/service/delivery/delivery-layout.js';
import type { PetitionRow } from '../../../src/service/store/store.js';
import { pdfText } from './pdf-text.js';

/** An A4 page less two 56 pt margins, 15 pt a row. */
const ROWS_PER_FULL_PAGE = 48;

async function delivery(signers: number, overview = 'Keep the library open.'): Promise<string[]> {
  const layout = new DeliveryLayout(findDeliveryFont(), 'Keep the library open');
  const chunks: Buffer[] = [];
  layout.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => layout.doc.on('end', resolve));
  const petition = { title: 'Keep the library open', targets: '["The Council"]', overview, confirm_signers: 0 } as PetitionRow;
  layout.cover(petition, { counted: signers, onPaper: 0, lastSignatureId: signers }, Date.UTC(2026, 10, 26));
  for (let position = 1; position <= signers; position++) layout.line({ position, name: `Signer ${position}`, town: 'Exampleton, United Kingdom' });
  layout.doc.end();
  await ended;
  return (await pdfText(new Uint8Array(Buffer.concat(chunks)))).pages;
}

const rowsOn = (page: string) => page.split('\n').filter((item) => /^\d+\.$/.test(item)).length;

function assertNumbered(pages: string[], total: number): void {
  assert.equal(pages.length, total);
  pages.forEach((page, index) => assert.match(page, new RegExp(`^Page ${index + 1} of ${total}$`, 'm')));
}

test('every page says "Page N of M", at a count that exactly fills the last page and at one more', async () => {
  const onFirst = rowsOn((await delivery(100))[0]!);
  assert.ok(onFirst > 0 && onFirst < ROWS_PER_FULL_PAGE);
  assertNumbered(await delivery(onFirst), 1);
  const filled = await delivery(onFirst + ROWS_PER_FULL_PAGE);
  assertNumbered(filled, 2);
  assert.equal(rowsOn(filled[1]!), ROWS_PER_FULL_PAGE);
  const oneMore = await delivery(onFirst + ROWS_PER_FULL_PAGE + 1);
  assertNumbered(oneMore, 3);
  assert.equal(rowsOn(oneMore[2]!), 1);
  assertNumbered(await delivery(0), 1);
});

test('a cover that runs onto a second page counts it', async () => {
  const overview = 'The council plans to close the library in March, and we ask it to keep it open. '.repeat(80);
  const pages = await delivery(10, overview);
  assert.ok(pages.length >= 2);
  assertNumbered(pages, pages.length);
  assert.equal(pages.map(rowsOn).reduce((sum, rows) => sum + rows, 0), 10);
});
