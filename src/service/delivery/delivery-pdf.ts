// The petition's delivery to its targets as a PDF, streamed: the first page, then the signers
// read from the store a batch at a time (by id, after the last one drawn) only when the reader
// has taken the pages before, so a slow download holds one batch, not the petition.
import { countryName } from '../signatures/country-names.js';
import { errorCode } from '../errors/error-code.js';
import type { DeliverySignerRow } from '../store/petition-delivery-store.js';
import type { PetitionRow, Store } from '../store/store.js';
import type { DeliveryCounts } from './delivery-counts.js';
import type { DeliveryFont } from './delivery-font.js';
import { DeliveryLayout, townOf } from './delivery-layout.js';

const BATCH_SIZE = 2000;

export function deliveryFileName(petitionId: number): string {
  return `petition-${petitionId}-delivery.pdf`;
}

export interface DeliveryPdfOptions {
  font: DeliveryFont;
  now: number;
  log: (line: string) => void;
}

export function deliveryPdfStream(store: Store, petition: PetitionRow, counts: DeliveryCounts, options: DeliveryPdfOptions): ReadableStream<Uint8Array> {
  let layout: DeliveryLayout | null = null;
  let after = 0;
  let position = 0;
  // pdfkit writes synchronously into its own buffer: whatever a step drew is taken out at once.
  const takeWritten = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    for (let chunk = layout!.doc.read() as Buffer | null; chunk !== null; chunk = layout!.doc.read() as Buffer | null) {
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (layout === null) {
        layout = new DeliveryLayout(options.font, petition.title);
        layout.cover(petition, counts, options.now);
        takeWritten(controller);
        return;
      }
      let rows: DeliverySignerRow[] = [];
      if (after < counts.lastSignatureId) {
        try {
          rows = await store.deliverySigners.all(petition.id, after, counts.lastSignatureId, BATCH_SIZE);
        } catch (error) {
          options.log(`delivery of petition ${petition.id} failed (${errorCode(error)})`);
          controller.error(new Error('delivery failed'));
          return;
        }
      }
      if (rows.length === 0) {
        layout.doc.end();
        takeWritten(controller);
        controller.close();
        return;
      }
      for (const [id, firstName, lastName, city, countryCode, hidden] of rows) {
        after = id;
        position++;
        layout.line({ position, name: hidden === 1 ? null : `${firstName} ${lastName}`, town: townOf(city, countryName(countryCode)) });
      }
      takeWritten(controller);
    },
  });
}
