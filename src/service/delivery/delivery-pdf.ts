// The petition's delivery to its targets as a PDF, streamed: the first page, then the signers
// read from the store a batch at a time (by id, after the last one drawn) only when the reader
// has taken the pages before, so a slow download holds one batch, not the petition. pdfkit lays
// the rows out in a thread of its own (layout-thread.ts): this thread only reads and passes
// them on, so signers are answered at their usual pace while 100,000 rows are drawn.
import { errorCode } from '../errors/error-code.js';
import type { RunningJob } from '../jobs/heavy-jobs.js';
import type { PetitionRow, Store } from '../store/store.js';
import type { DeliveryCounts } from './delivery-counts.js';
import type { DeliveryFont } from './delivery-font.js';
import { LayoutThread } from './layout-thread.js';

const BATCH_SIZE = 1000;

export function deliveryFileName(petitionId: number): string {
  return `petition-${petitionId}-delivery.pdf`;
}

export interface DeliveryPdfOptions {
  font: DeliveryFont;
  now: number;
}

/** What the layout has found so far: names and towns it drew as a placeholder (no font has their letters). */
export interface DeliveryProgress {
  undrawable: number;
}

/** The PDF as a stream; `job` ends (and frees the petition for the next one) when it closes, fails or is cancelled. */
export function deliveryPdfStream(store: Store, petition: PetitionRow, counts: DeliveryCounts, options: DeliveryPdfOptions, job: RunningJob, progress: DeliveryProgress = { undrawable: 0 }): ReadableStream<Uint8Array> {
  let thread: LayoutThread | null = null;
  let after = 0;
  let drawn = 0;
  let pages = 0;
  // Counts only, never the names: the operator learns how many rows print a placeholder.
  const summary = () => `${drawn} signatures, ${pages} ${pages === 1 ? 'page' : 'pages'}${progress.undrawable > 0 ? `, ${progress.undrawable} ${progress.undrawable === 1 ? 'name or town' : 'names or towns'} in a script no font here can print` : ''}`;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (thread === null) {
          thread = new LayoutThread();
          controller.enqueue((await thread.ask({ kind: 'cover', font: options.font, petition, counts, now: options.now })).bytes);
          return;
        }
        // pdfkit gives out a page only once the next one starts: batches go on until it has,
        // since a pull that enqueues nothing is never called again.
        for (;;) {
          const rows = after < counts.lastSignatureId ? await store.deliverySigners.all(petition.id, after, counts.lastSignatureId, BATCH_SIZE) : [];
          if (rows.length === 0) break;
          after = rows[rows.length - 1]![0];
          drawn += rows.length;
          const reply = await thread.ask({ kind: 'rows', rows });
          pages = reply.pages;
          progress.undrawable = reply.undrawable;
          if (reply.bytes.byteLength > 0) {
            controller.enqueue(reply.bytes);
            return;
          }
        }
        const last = await thread.ask({ kind: 'end' });
        pages = last.pages;
        progress.undrawable = last.undrawable;
        controller.enqueue(last.bytes);
        controller.close();
        job.end({ outcome: 'finished', detail: summary() });
      } catch (error) {
        job.end({ outcome: 'failed', code: errorCode(error), detail: summary() });
        controller.error(new Error('delivery failed'));
      }
      if (job.ended) await thread?.stop();
    },
    async cancel() {
      job.end({ outcome: 'cancelled', detail: summary() });
      await thread?.stop();
    },
  });
}
