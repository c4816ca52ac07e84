// The petition's delivery to its targets as a PDF, streamed: the first page, then the signers
// read from the store a batch at a time (by id, after the last one drawn) only when the reader
// has taken the pages before, so a slow download holds one batch, not the petition. Laying out
// rows is the heavy part (about 0.1 ms each): it runs in slices (loop-slices.ts) with a turn
// of the event loop before each, so signers are answered while 100,000 rows are drawn.
import { countryName } from '../signatures/country-names.js';
import { errorCode } from '../errors/error-code.js';
import { giveLoopTurn, LoopSlice } from '../jobs/loop-slices.js';
import type { RunningJob } from '../jobs/heavy-jobs.js';
import type { DeliverySignerRow } from '../store/petition-delivery-store.js';
import type { PetitionRow, Store } from '../store/store.js';
import type { DeliveryCounts } from './delivery-counts.js';
import type { DeliveryFont } from './delivery-font.js';
import { DeliveryLayout, townOf } from './delivery-layout.js';

const BATCH_SIZE = 500;

export function deliveryFileName(petitionId: number): string {
  return `petition-${petitionId}-delivery.pdf`;
}

export interface DeliveryPdfOptions {
  font: DeliveryFont;
  now: number;
}

/** The PDF as a stream; `job` ends (and frees the petition for the next one) when it closes, fails or is cancelled. */
export function deliveryPdfStream(store: Store, petition: PetitionRow, counts: DeliveryCounts, options: DeliveryPdfOptions, job: RunningJob): ReadableStream<Uint8Array> {
  let layout: DeliveryLayout | null = null;
  let after = 0;
  let position = 0;
  let batch: DeliverySignerRow[] = [];
  let next = 0;
  const drawn = () => `${position} signatures, ${layout?.pages ?? 0} pages`;
  // pdfkit writes synchronously into its own buffer: whatever a step drew is taken out at once.
  const takeWritten = (controller: ReadableStreamDefaultController<Uint8Array>): boolean => {
    let taken = false;
    for (let chunk = layout!.doc.read() as Buffer | null; chunk !== null; chunk = layout!.doc.read() as Buffer | null) {
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      taken = true;
    }
    return taken;
  };
  /** Draws rows for one slice; false once every signer is drawn. */
  const drawSlice = async (): Promise<boolean> => {
    if (next === batch.length) {
      batch = after < counts.lastSignatureId ? await store.deliverySigners.all(petition.id, after, counts.lastSignatureId, BATCH_SIZE) : [];
      next = 0;
      if (batch.length === 0) return false;
    }
    const slice = new LoopSlice();
    while (next < batch.length && !slice.spent) {
      const [id, firstName, lastName, city, countryCode, hidden] = batch[next++]!;
      after = id;
      position++;
      layout!.line({ position, name: hidden === 1 ? null : `${firstName} ${lastName}`, town: townOf(city, countryName(countryCode)) });
    }
    return true;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (layout === null) {
        layout = new DeliveryLayout(options.font, petition.title);
        layout.cover(petition, counts, options.now);
        takeWritten(controller);
        return;
      }
      try {
        // pdfkit gives out a page only once the next one starts: slices go on until it has,
        // since a pull that enqueues nothing is never called again.
        for (;;) {
          await giveLoopTurn();
          if (!(await drawSlice())) break;
          if (takeWritten(controller)) return;
        }
      } catch (error) {
        job.end({ outcome: 'failed', code: errorCode(error), detail: drawn() });
        controller.error(new Error('delivery failed'));
        return;
      }
      layout.doc.end();
      takeWritten(controller);
      controller.close();
      job.end({ outcome: 'finished', detail: drawn() });
    },
    cancel() {
      job.end({ outcome: 'cancelled', detail: drawn() });
    },
  });
}
