// Durable queue of accepted signatures with group commit: submissions arriving in the same
// event-loop turn share one transaction, and each is answered only after that commit.
import type { NewQueuedSignature, Store } from './store.js';

export type EnqueueOutcome = 'queued' | 'duplicate';

interface Waiting {
  item: NewQueuedSignature;
  resolve(outcome: EnqueueOutcome): void;
  reject(error: unknown): void;
}

export class SignatureQueue {
  private waiting: Waiting[] = [];
  private flushScheduled = false;

  constructor(
    private readonly store: Store,
    /** Called after each commit that queued something, to wake the worker. */
    private readonly onQueued: () => void,
  ) {}

  /** Resolves once the row is committed ('queued'), or when the email already signed or is queued. */
  enqueue(item: NewQueuedSignature): Promise<EnqueueOutcome> {
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
      outcomes = this.store.db.transaction(() => batch.map(({ item }) => this.insert(item)))();
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    batch.forEach((entry, index) => entry.resolve(outcomes[index]!));
    if (outcomes.includes('queued')) this.onQueued();
  }

  /** Duplicate check against listed and queued signatures; the queue's unique index does the latter. */
  private insert(item: NewQueuedSignature): EnqueueOutcome {
    if (this.store.signatureExists.get(item.petition_id, item.email_identity)) return 'duplicate';
    const result = this.store.insertQueued.run(
      item.petition_id,
      item.email_identity,
      JSON.stringify(item.signer),
      item.auth_key_request_id,
      item.received_at,
    );
    return result.changes === 0 ? 'duplicate' : 'queued';
  }
}
