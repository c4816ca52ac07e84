// Preparing a petition's delivery, from the console or the admin command: the petition is
// claimed for it (one delivery PDF of a petition at a time, heavy-jobs.ts), the counts are
// taken and the audit entry written before the first byte, then the PDF streams.
import { errorCode } from '../errors/error-code.js';
import { HeavyJobs } from '../jobs/heavy-jobs.js';
import { recordAudit } from '../operators/audit-log.js';
import type { Actor } from '../operators/audit-log.js';
import { toIsoSeconds } from '../petitions/iso-time.js';
import type { PetitionRow, Store } from '../store/store.js';
import { deliveryCounts } from './delivery-counts.js';
import type { DeliveryCounts } from './delivery-counts.js';
import { deliveryPdfStream } from './delivery-pdf.js';
import type { DeliveryPdfOptions, DeliveryProgress } from './delivery-pdf.js';

export interface PreparedDelivery {
  counts: DeliveryCounts;
  pdf: ReadableStream<Uint8Array>;
  /** Filled in as the PDF is made: read it once the stream has closed. */
  progress: DeliveryProgress;
}

/** Throws JobRunningError when this petition's delivery PDF is already being made. */
export async function prepareDelivery(store: Store, petition: PetitionRow, actor: Actor, options: DeliveryPdfOptions, deliveries: HeavyJobs): Promise<PreparedDelivery> {
  const job = deliveries.begin(petition.id);
  try {
    const counts = await deliveryCounts(store, petition.id);
    // Ids, numbers and the date only: the audit never holds a signer's data.
    const detail = `${counts.counted} signatures through signature ${counts.lastSignatureId}, dated ${toIsoSeconds(options.now).slice(0, 10)}`;
    await recordAudit(store, actor, 'delivery prepared', `petition ${petition.id}`, detail, options.now);
    const progress: DeliveryProgress = { undrawable: 0 };
    return { counts, pdf: deliveryPdfStream(store, petition, counts, options, job, progress), progress };
  } catch (error) {
    job.end({ outcome: 'failed', code: errorCode(error) });
    throw error;
  }
}

/** The registry of running delivery PDFs a process keeps (its console, or one admin command). */
export function deliveryJobs(log: (line: string) => void): HeavyJobs {
  return new HeavyJobs('delivery PDF', log, 'A delivery PDF of this petition is being prepared');
}
