// The group commit of accepted signatures: submissions arriving in the same event-loop turn
// wait here and share one transaction, which records their rsig and lists them
// (signature-listing.ts), and each is answered only after that commit. Listing them in the
// commit that answers, rather than queueing them for a worker to list, writes each signature
// once instead of three times (queued, listed, unqueued): docs/benchmarks.md "Service: ingest".
import type { DatabaseHealth } from '../store/database-health.js';
import { rememberRequestSignatures } from '../http/request-auth.js';
import { SignatureListing } from './signature-listing.js';
import { recheckSubmission } from './submission-rules.js';
import type { NewQueuedSignature, Store } from '../store/store.js';
import type { SubmissionLookups } from './submission-lookups.js';
import type { ServiceMetrics } from '../metrics/service-metrics.js';

export interface QueueEntry extends NewQueuedSignature {
  /** The verified request signature, remembered in the same commit… */
  rsig: string;
  /** …until its timestamp leaves the window. */
  rsigExpiresAt: number;
}

/**
 * `duplicate`: the email already signed, or this very request was received before;
 * `no-petition`: the petition is not in the database (petitions are never deleted).
 */
export type EnqueueOutcome = 'accepted' | 'duplicate' | 'no-petition';

interface Waiting {
  item: QueueEntry;
  resolve(outcome: EnqueueOutcome): void;
  reject(error: unknown): void;
}

/** What became of one waiting submission in the commit: an outcome, or the error it is refused with. */
type Settled = { outcome: EnqueueOutcome } | { error: unknown };

export class SignatureQueue {
  private waiting: Waiting[] = [];
  private flushScheduled = false;
  /** The commit under way. */
  private committing: Promise<void> | undefined;
  /** PRAGMA data_version at the last commit: when another connection has written since, a batch is checked again. */
  private committedAtVersion: number | undefined;

  constructor(
    private readonly store: Store,
    private readonly health: DatabaseHealth,
    /** What the submissions were checked with; trusted only while no other connection writes. */
    private readonly lookups: SubmissionLookups,
    /** Called after a commit that left a confirmation email to send. */
    private readonly onMailDue: () => void,
    private readonly metrics: ServiceMetrics,
  ) {}

  /** Resolves once the signature is committed ('accepted'), or says why it was not: a duplicate. */
  enqueue(item: QueueEntry): Promise<EnqueueOutcome> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.scheduleFlush();
    });
  }

  /**
   * One commit at a time: what arrives while one is under way waits for the next, which
   * starts as soon as it ends. On PostgreSQL a commit takes a few round trips to the server,
   * and the submissions arriving meanwhile make the next batch instead of many small ones
   * queueing for the petition's row lock.
   */
  private scheduleFlush(): void {
    if (this.flushScheduled || this.committing) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.committing = this.flush().finally(() => {
        this.committing = undefined;
        if (this.waiting.length > 0) this.scheduleFlush();
      });
    });
  }

  /** Commits everything waiting; also used on shutdown. Never rejects: each submission hears its own outcome. */
  async flush(): Promise<void> {
    await this.committing;
    this.flushScheduled = false;
    const batch = this.waiting;
    this.waiting = [];
    if (batch.length === 0) return;
    const now = Date.now();
    const listing = new SignatureListing(this.store, now);
    let settled: Settled[];
    try {
      // A commit into a file that was deleted or moved away would not be durable: such a batch
      // is refused before it is written, so that a 503 never leaves a signature behind.
      this.health.refuseWhileUnavailable();
      this.health.confirmInPlace();
      settled = await this.store.db.transaction(async () => {
        const version = await this.lookups.dataVersion();
        const recheck = version !== this.committedAtVersion;
        this.committedAtVersion = version;
        await listing.lockPetitions(batch.map(({ item }) => item.petition_id));
        const each: Settled[] = [];
        const taken: QueueEntry[] = [];
        const takenAt: number[] = [];
        // Checked once per petition and key request: a batch's submissions mostly share both.
        const rechecked = new Map<string, unknown>();
        for (const [index, { item }] of batch.entries()) {
          if (recheck) {
            const pair = `${item.petition_id} ${item.auth_key_request_id}`;
            if (!rechecked.has(pair)) rechecked.set(pair, await recheckSubmission(this.store, item, now).then(() => null, (error: unknown) => error ?? 'refused'));
            const error = rechecked.get(pair);
            if (error !== null) {
              each[index] = { error };
              continue;
            }
          }
          taken.push(item);
          takenAt.push(index);
        }
        // The same request again is a duplicate, whatever became of the first; then each is
        // listed unless its address already signed (one still waiting for its confirmation may
        // sign again: that asks for a new link).
        const fresh = await rememberRequestSignatures(this.store, taken);
        const listed = taken.filter((_, k) => fresh[k]);
        const outcomes = await listing.addAll(listed);
        let next = 0;
        takenAt.forEach((index, k) => {
          const outcome = fresh[k] ? outcomes[next++]! : 'duplicate';
          each[index] = { outcome: outcome === 'duplicate' || outcome === 'no-petition' ? outcome : 'accepted' };
        });
        await listing.finish();
        return each;
      });
    } catch (error) {
      for (const entry of batch) entry.reject(error);
      return;
    }
    const listedAt = Date.now();
    this.metrics.signaturesListed(
      batch.filter((_, index) => (settled[index] as { outcome?: EnqueueOutcome }).outcome === 'accepted').map(({ item }) => item.received_at),
      listedAt,
    );
    batch.forEach((entry, index) => {
      const result = settled[index]!;
      if ('error' in result) entry.reject(result.error);
      else entry.resolve(result.outcome);
    });
    if (listing.mailDue) this.onMailDue();
  }
}
