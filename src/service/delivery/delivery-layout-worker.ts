// The delivery PDF's layout in a worker thread (layout-thread.ts starts one per PDF): pdfkit's
// drawing, about 0.1 ms a row, and the garbage it makes stay off the thread that answers
// signers. It draws what it is sent, in order, and answers each message with the bytes written.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { countryName } from '../signatures/country-names.js';
import type { DeliverySignerRow } from '../store/campaign/petition-delivery-store.js';
import type { PetitionRow } from '../store/store.js';
import type { DeliveryCounts } from './delivery-counts.js';
import type { DeliveryFont } from './delivery-font.js';
import { DeliveryLayout, townOf } from './delivery-layout.js';

export type LayoutRequest =
  | { kind: 'cover'; font: DeliveryFont; petition: PetitionRow; counts: DeliveryCounts; now: number }
  | { kind: 'rows'; rows: DeliverySignerRow[] }
  | { kind: 'end' };

export interface LayoutReply {
  /** What pdfkit wrote since the last reply (a page is written once the next one starts). */
  bytes: Uint8Array;
  pages: number;
  /** Names and towns drawn so far as a placeholder (no font has their letters). */
  undrawable: number;
}

/**
 * The thread runs below the service's own (nice 10): when the cores are busy, a signer's
 * request is answered before the next rows are drawn. Linux names a thread's id in
 * /proc/thread-self; elsewhere the thread keeps the process's priority.
 */
function yieldToTheService(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
  } catch {
    // Not Linux, or not allowed: the PDF is made at the service's priority.
  }
}

yieldToTheService();

let layout: DeliveryLayout | null = null;
let position = 0;
const port = parentPort!;

/** pdfkit's chunks, copied into one buffer of their own (a Buffer may share its memory with others), to be moved, not copied, to the main thread. */
function written(doc: PDFKit.PDFDocument): Uint8Array<ArrayBuffer> {
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

port.on('message', (request: LayoutRequest) => {
  if (request.kind === 'cover') {
    layout = new DeliveryLayout(request.font, request.petition.title);
    layout.cover(request.petition, request.counts, request.now);
  } else if (request.kind === 'rows') {
    for (const [, firstName, lastName, city, countryCode, hidden] of request.rows) {
      position++;
      layout!.line({ position, name: hidden === 1 ? null : `${firstName} ${lastName}`, town: townOf(city, countryName(countryCode)), country: countryCode });
    }
  } else {
    layout!.doc.end();
  }
  const bytes = written(layout!.doc);
  port.postMessage({ bytes, pages: layout!.pages, undrawable: layout!.undrawable } satisfies LayoutReply, [bytes.buffer]);
});
