// The admin command's delivery: the PDF written to a file only its owner can read (it holds
// every signer's name and town), opened before anything is audited so a bad path changes nothing.
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { COMMAND_LINE } from '../operators/audit-log.js';
import { errorCode } from '../errors/error-code.js';
import { OperatorError } from '../errors/operator-error.js';
import { existingPetition } from '../petitions/petition-writes.js';
import type { Store } from '../store/store.js';
import { findDeliveryFont } from './delivery-font.js';
import { deliveryJobs, prepareDelivery } from './delivery-preparation.js';

/** What the command prints: ids and numbers only. */
export interface DeliveryFileSummary {
  petition_id: number;
  signatures: number;
  bytes: number;
  /** Names and towns printed as a placeholder: in a script no font on this machine covers. */
  names_not_printable: number;
}

export async function writeDeliveryFile(store: Store, petitionId: number, path: string, log: (line: string) => void): Promise<DeliveryFileSummary> {
  const petition = await existingPetition(store, petitionId);
  let handle: FileHandle;
  try {
    handle = await open(path, 'w', 0o600);
  } catch (error) {
    throw new OperatorError(`--out: cannot write ${path} (${errorCode(error)})`);
  }
  try {
    // A file that was already there keeps its mode through open(): made private here.
    await handle.chmod(0o600);
    const { counts, pdf, progress } = await prepareDelivery(store, petition, COMMAND_LINE, { font: findDeliveryFont(), now: Date.now() }, deliveryJobs(log));
    // One chunk written before the next is asked for: the file takes what the PDF gives, no more.
    const reader = pdf.getReader();
    let bytes = 0;
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      await handle.write(next.value);
      bytes += next.value.byteLength;
    }
    return { petition_id: petition.id, signatures: counts.counted, bytes, names_not_printable: progress.undrawable };
  } finally {
    await handle.close();
  }
}
