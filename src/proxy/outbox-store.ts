// Durable queue of submissions the service has not taken yet. The whole signer submission is
// kept (not a signed body) because each attempt is signed afresh: timestamps expire.
import type { SignerInput } from '../shared/signature-schema.js';

export interface OutboxEntry {
  id: number;
  petitionId: number;
  signer: SignerInput;
  attempts: number;
  /** Epoch milliseconds before which the entry is not tried again. */
  nextAttemptAt: number;
}

export interface OutboxStore {
  add(petitionId: number, signer: SignerInput, nextAttemptAt: number): Promise<number>;
  /** The entry queued first (the queue is forwarded strictly in order). */
  oldest(): Promise<OutboxEntry | undefined>;
  reschedule(id: number, attempts: number, nextAttemptAt: number): Promise<void>;
  remove(id: number): Promise<void>;
  size(): Promise<number>;
  close(): void;
}
