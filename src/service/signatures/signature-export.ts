// A petition's counted signatures as CSV for its target: UTF-8 with a byte order mark (so
// spreadsheets read it as UTF-8), every cell neutralised (csv-cell.ts), streamed batch by batch
// as the client reads, so memory stays flat whatever the petition's size; each batch after a
// turn of the event loop, small enough (a few ms) that signers are answered meanwhile.
import { csvCell, csvLine } from './csv-cell.js';
import { errorCode } from '../errors/error-code.js';
import { toIsoSeconds } from '../petitions/iso-time.js';
import { recordAudit } from '../operators/audit-log.js';
import type { Actor } from '../operators/audit-log.js';
import { HeavyJobs } from '../jobs/heavy-jobs.js';
import type { RunningJob } from '../jobs/heavy-jobs.js';
import { giveLoopTurn } from '../jobs/loop-slices.js';
import type { ExportRow } from '../store/signatures/signature-admin-store.js';
import type { Store } from '../store/store.js';

const BATCH_SIZE = 1000;
const BYTE_ORDER_MARK = '\uFEFF';

export const EXPORT_COLUMNS = [
  'signature_id',
  'first_name',
  'last_name',
  'email',
  'address',
  'city',
  'state_province',
  'postal_code',
  'country_code',
  'phone',
  'reason',
  'listed',
  'signed_on',
  'channel',
] as const;

function exportLine(row: ExportRow): string {
  const [id, firstName, lastName, email, address, city, stateProvince, postalCode, countryCode, phone, reason, hidden, signedOn, channel] = row;
  return (
    `${id},${csvCell(firstName)},${csvCell(lastName)},${csvCell(email)},${csvCell(address)},${csvCell(city)},` +
    `${csvCell(stateProvince)},${csvCell(postalCode)},${csvCell(countryCode)},${csvCell(phone ?? '')},${csvCell(reason ?? '')},` +
    `${hidden === 1 ? 'no' : 'yes'},${toIsoSeconds(signedOn)},${channel}\r\n`
  );
}

export function exportFileName(petitionId: number, now: number): string {
  return `petition-${petitionId}-signatures-${toIsoSeconds(now).slice(0, 10)}.csv`;
}

/**
 * Pulled by the response: one batch is read (by id, after the last one sent) only when the
 * client has taken the one before, so a slow download holds one batch, not the petition.
 * `job` ends when the stream closes, fails or is cancelled.
 */
function signatureExportStream(store: Store, petitionId: number, job: RunningJob): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: number | null = null;
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (after === null) {
        after = 0;
        controller.enqueue(encoder.encode(BYTE_ORDER_MARK + csvLine(EXPORT_COLUMNS)));
        return;
      }
      let rows: ExportRow[];
      try {
        await giveLoopTurn();
        rows = await store.exportBatch.all(petitionId, after, BATCH_SIZE);
      } catch (error) {
        job.end({ outcome: 'failed', code: errorCode(error), detail: `${sent} signatures` });
        controller.error(new Error('export failed'));
        return;
      }
      if (rows.length === 0) {
        controller.close();
        job.end({ outcome: 'finished', detail: `${sent} signatures` });
        return;
      }
      after = rows[rows.length - 1]![0];
      sent += rows.length;
      controller.enqueue(encoder.encode(rows.map(exportLine).join('')));
    },
    cancel() {
      job.end({ outcome: 'cancelled', detail: `${sent} signatures` });
    },
  });
}

/** Claims the petition for its export (JobRunningError if one runs), audits it, and gives the CSV. */
export async function startSignatureExport(store: Store, petitionId: number, actor: Actor, exports: HeavyJobs): Promise<ReadableStream<Uint8Array>> {
  const job = exports.begin(petitionId);
  try {
    await recordAudit(store, actor, 'signatures exported', `petition ${petitionId}`);
  } catch (error) {
    job.end({ outcome: 'failed', code: errorCode(error) });
    throw error;
  }
  return signatureExportStream(store, petitionId, job);
}

/** The registry of running exports the console keeps: one export of a petition at a time. */
export function exportJobs(log: (line: string) => void): HeavyJobs {
  return new HeavyJobs('signature export', log, 'An export of this petition’s signatures is being made');
}
