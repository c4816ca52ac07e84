// Moves queued signatures into the petition's list, in batches inside transactions, giving
// each listed (non-hidden) one the petition's next dense listed_position; on a petition that
// confirms signers they wait for their signer instead (signer-confirmation.ts).
import type { SignerInput } from '../shared/signature-schema.js';
import type { DatabaseHealth } from './database-health.js';
import { errorCode } from './error-code.js';
import { signatureColumns } from './signature-row.js';
import { awaitConfirmation, signerAskedAgain } from './signer-confirmation.js';
import type { PetitionRow, Store } from './store.js';

const BATCH_SIZE = 1000;
/**
 * Drains at most this often after submissions: under load the batches grow and cost one commit
 * each, while a lone submission is still listed on the next turn.
 */
const MIN_DRAIN_INTERVAL_MS = 20;
/** Also poll, so rows left by a previous run are drained without a new submission. */
const POLL_MS = 250;

export class QueueWorker {
  private timer: NodeJS.Timeout | undefined;
  private wakeScheduled = false;
  private lastDrainAt = 0;
  private stopped = false;

  constructor(
    private readonly store: Store,
    private readonly health: DatabaseHealth,
    private readonly onTick: (now: number) => void = () => {},
    private readonly log: (line: string) => void = () => {},
    /** Called after a commit that left a confirmation email to send. */
    private readonly onConfirmationMailDue: () => void = () => {},
  ) {}

  start(): void {
    this.timer = setInterval(() => this.runSoon(), POLL_MS);
    this.runSoon();
  }

  /** Called after a submission commits. */
  wake(): void {
    this.runSoon(Math.max(0, this.lastDrainAt + MIN_DRAIN_INTERVAL_MS - Date.now()));
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.guarded(() => this.drainAll());
  }

  private runSoon(delayMs = 0): void {
    if (this.wakeScheduled || this.stopped) return;
    this.wakeScheduled = true;
    setTimeout(() => {
      this.wakeScheduled = false;
      if (this.stopped) return;
      this.lastDrainAt = Date.now();
      this.guarded(() => {
        this.onTick(this.lastDrainAt);
        // One batch per turn keeps request handling responsive under a long backlog.
        if (this.drainBatch() === BATCH_SIZE) this.runSoon();
      });
    }, delayMs);
  }

  /**
   * A failed drain (the file locked by another process past the busy timeout, a full disk)
   * must not end the process: its transaction rolled back, the rows stay queued, and the next
   * poll tries again. The log names the error's code only.
   */
  private guarded(work: () => void): void {
    try {
      work();
    } catch (error) {
      // A storage outage is logged once, by the health check, not on every poll.
      if (!this.health.unavailable(error)?.outage) {
        this.log(`queue worker: drain failed (${errorCode(error)}); retrying on the next poll`);
      }
    }
  }

  private drainAll(): void {
    while (this.drainBatch() === BATCH_SIZE);
  }

  /** Lists up to one batch of queued signatures; returns how many queue rows it consumed. */
  private drainBatch(): number {
    let mailDue = false;
    const consumed = this.store.db.transaction(() => {
      const rows = this.store.queueHead.all(BATCH_SIZE);
      if (rows.length === 0) return 0;
      const petitions = new Map<number, PetitionRow & { added: number; earliest: number | null }>();
      for (const row of rows) {
        let petition = petitions.get(row.petition_id);
        if (!petition) {
          const found = this.store.petitionById.get(row.petition_id);
          if (!found) continue;
          petition = { ...found, added: 0, earliest: null };
          petitions.set(row.petition_id, petition);
        }
        const signer = JSON.parse(row.signer) as SignerInput;
        const confirming = petition.confirm_signers === 1;
        const position = confirming || signer.hidden === true ? null : petition.last_listed_position + 1;
        // OR IGNORE on the email index: a duplicate that raced past submission is dropped here,
        // unless it is its signer asking again for a confirmation link.
        const inserted = this.store.insertSignature.run(
          signatureColumns({
            petitionId: row.petition_id,
            emailIdentity: row.email_identity,
            signer,
            signedOn: row.received_at,
            authKeyRequestId: row.auth_key_request_id,
            listedPosition: position,
            state: confirming ? 'unconfirmed' : 'counted',
          }),
        );
        if (inserted.changes === 0) {
          const existing = this.store.signatureByEmail.get(row.petition_id, row.email_identity);
          if (existing?.state === 'unconfirmed' && signerAskedAgain(this.store, existing.id, signer, row.lang, Date.now())) {
            mailDue = true;
          }
          continue;
        }
        if (confirming) {
          awaitConfirmation(this.store, Number(inserted.lastInsertRowid), row.petition_id, row.lang, Date.now());
          mailDue = true;
          continue;
        }
        petition.added++;
        if (position !== null) petition.last_listed_position = position;
        if (petition.earliest === null || row.received_at < petition.earliest) petition.earliest = row.received_at;
      }
      for (const petition of petitions.values()) {
        if (petition.added === 0) continue;
        this.store.recordSignaturesAdded.run({
          id: petition.id,
          added: petition.added,
          first: petition.first_listed_position,
          last: petition.last_listed_position,
          earliest: petition.earliest,
        });
      }
      this.store.deleteQueuedUpTo.run(rows[rows.length - 1]!.id);
      return rows.length;
    }).immediate();
    if (mailDue) this.onConfirmationMailDue();
    return consumed;
  }
}
