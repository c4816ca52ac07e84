// Durable queue of accepted signatures with group commit: submissions arriving in the same
// event-loop turn share one transaction (with the record of their rsig), and each is
// answered only after that commit.
import type { DatabaseHealth } from './database-health.js';
import { rememberRequestSignature } from './request-auth.js';
import type { NewQueuedSignature, Store } from './store.js';

export interface QueueEntry extends NewQueuedSignature {
  /** The verified request signature, remembered in the same commit… */
  rsig: string;
  /** …until its timestamp leaves the window. */
  rsigExpiresAt: number;
}

/** `duplicate`: the email already signed, or this very request was received before. */
export type EnqueueOutcome = 'queued' | 'duplicate';

interface Waiting {
  item: QueueEntry;
  resolve(outcome: EnqueueOutcome): void;
  reject(error: unknown): void;
}

export class SignatureQueue {
  private waiting: Waiting[] = [];
  private flushScheduled = false;

  constructor(
    private readonly store: Store,
    private readonly health: DatabaseHealth,
    /** Called after each commit that queued something, to wake the worker. */
    private readonly onQueued: () => void,
  ) {}

  /** Resolves once the row is committed ('queued'), or says why it was not: a duplicate. */
  enqueue(item: QueueEntry): Promise<EnqueueOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits everything waiting; also used on shutdown. */
  flush(): void {
    this.flushScheduled = false;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    let outcomes: EnqueueOutcome[];
    try {
      // A commit into a file that was deleted or moved away would not be durable: such a batch
      // is refused before it is written, so that a 503 never leaves a signature behind.
      this.health.refuseWhileUnavailable();
      this.health.confirmInPlace();
      outcomes = this.store.db.transaction(() => batch.map(({ item }) => this.insert(item)))();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    batch.forEach((entry, index) => entry.resolve(outcomes[index]!));
    if (outcomes.includes('queued')) this.onQueued();
  }

  /**
   * The same request again, then duplicates among signatures and queued ones (the queue's unique
   * index). An address still waiting for its confirmation may sign again: that asks for a new link.
   */
  private insert(item: QueueEntry): EnqueueOutcome {
    if (!rememberRequestSignature(this.store, item.rsig, item.rsigExpiresAt)) return 'duplicate';
    const existing = this.store.signatureByEmail.get(item.petition_id, item.email_identity);
    if (existing && existing.state !== 'unconfirmed') return 'duplicate';
    const result = this.store.insertQueued.run(
      item.petition_id,
      item.email_identity,
      JSON.stringify(item.signer),
      item.auth_key_request_id,
      item.received_at,
      item.lang,
    );
    return result.changes === 0 ? 'duplicate' : 'queued';
  }
}
