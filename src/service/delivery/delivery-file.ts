// The admin command's delivery: the PDF written to a file only its owner can read (it holds
// every signer's name and town), opened before anything is audited so a bad path changes nothing.
import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { COMMAND_LINE } from '../operators/audit-log.js';
import { errorCode } from '../errors/error-code.js';
import { OperatorError } from '../errors/operator-error.js';
import { existingPetition } from '../petitions/petition-writes.js';
import type { Store } from '../store/store.js';
import { findDeliveryFont } from './delivery-font.js';
import { prepareDelivery } from './delivery-preparation.js';

/** What the command prints: ids and numbers only. */
export interface DeliveryFileSummary {
  petition_id: number;
  signatures: number;
  bytes: number;
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
    const { counts, pdf } = await prepareDelivery(store, petition, COMMAND_LINE, { font: findDeliveryFont(), now: Date.now(), log });
    await pipeline(Readable.fromWeb(pdf as NodeReadableStream<Uint8Array>), handle.createWriteStream({ autoClose: false }));
    return { petition_id: petition.id, signatures: counts.counted, bytes: (await handle.stat()).size };
  } finally {
    await handle.close();
  }
}
