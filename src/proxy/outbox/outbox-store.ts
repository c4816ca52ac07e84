// Durable queue of submissions the service has not taken yet. The whole signer submission is
// kept (not a signed body) because each attempt is signed afresh: timestamps expire.
// signature-delivery.ts sends an entry as it is.
import type { SignerInput } from '../../shared/signer-fields.js';
import type { SignatureOrigin } from '../../shared/signature-origin.js';

/** What is queued: the submission as it will be sent again. */
export interface NewOutboxEntry {
  petitionId: number;
  signer: SignerInput;
  /** The signer's language as the form said it, passed on as `lang`; absent for older entries. */
  language?: string | undefined;
  /** Where the signature came from, passed on with it; absent for older entries. */
  origin?: SignatureOrigin | undefined;
  /** The token of the withdrawal link the signer was given (sent with the signature); absent for older entries. */
  withdrawalToken?: string | undefined;
  /** The ids of the opt-ins the signer ticked, passed on for the campaign's opt-in rates; absent for older entries. */
  optIns?: readonly string[] | undefined;
}

export interface OutboxEntry extends NewOutboxEntry {
  id: number;
  attempts: number;
  /** Epoch milliseconds before which the entry is not tried again. */
  nextAttemptAt: number;
  /**
   * Set while the entry is held: the service refused it for a fault of this system (status and the
   * service's messages, never personal data). A held entry has stepped out of the line.
   */
  heldCause?: string;
  /** Epoch milliseconds when it was queued; absent for entries queued before this was kept. */
  queuedAt?: number;
}

export interface OutboxStore {
  add(entry: NewOutboxEntry, nextAttemptAt: number): Promise<number>;
  /** The first entry in line: the oldest one not held (the line is forwarded strictly in order). */
  firstInLine(): Promise<OutboxEntry | undefined>;
  /** The held entry due first. */
  nextHeld(): Promise<OutboxEntry | undefined>;
  reschedule(id: number, attempts: number, nextAttemptAt: number): Promise<void>;
  /** Takes the entry out of the line, for `cause`, until it is delivered or refused for good. */
  hold(id: number, cause: string, attempts: number, nextAttemptAt: number): Promise<void>;
  /** Makes every held entry due at `at`; answers how many there are. */
  releaseHeld(at: number): Promise<number>;
  remove(id: number): Promise<void>;
  /** Entries in line (held ones not counted). */
  lineLength(): Promise<number>;
  close(): void;
}
