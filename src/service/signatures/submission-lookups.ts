// The two rows every signature submission reads before it is queued (its petition and its key
// request), remembered instead of read from SQLite each time: the ingest profile showed those
// two point reads costing an eighth of a submission (docs/benchmarks.md "Service: ingest").
// What is remembered is dropped whenever it may have changed: after any write of this process
// that can change it (store.ts counts them in rulesVersion), and when the store was reconnected.
// Another connection's commit (an admin command closing a petition, revoking a key) is seen by
// PRAGMA data_version, which costs as much as the reads it would save, so it is read only where
// a decision made with remembered rows becomes final: once per batch inside the group commit's
// transaction, which checks that batch again against the rows themselves when it changed
// (signature-queue.ts), and after a refusal, which is then decided again on fresh rows
// (signature-submission.ts's postSignature).
import { findPetition, petitionIdOf } from '../petitions/petitions.js';
import type { AuthKeyRequestRecord, PetitionRow, RulesVersion, Store } from '../store/store.js';

/** What a submission needs of its petition; the counts are not kept here, they change with every commit. */
export type SubmissionPetition = Pick<PetitionRow, 'id' | 'status' | 'end_at'>;

/** What a submission needs of its key request. */
export type SubmissionKeyRequest = Pick<AuthKeyRequestRecord, 'id' | 'auth_key' | 'status'>;

/** Past this many remembered key requests, all are dropped: sources are many, memory is not. */
export const MAX_KEY_REQUESTS = 10_000;
/** PostgreSQL: remembered rows are read again at least this often (see #shared). */
const SHARED_ROWS_MS = 1000;

export class SubmissionLookups {
  readonly #store: Store;
  readonly #petitions = new Map<number, SubmissionPetition>();
  readonly #keyRequests = new Map<string, SubmissionKeyRequest>();
  #rules: RulesVersion | undefined;
  #rulesValue = -1;
  /** PRAGMA data_version when the remembered rows were last dropped: none is older. */
  #dataVersion: number | undefined;
  /** PostgreSQL: when the remembered rows were last dropped (they are kept at most SHARED_ROWS_MS). */
  #droppedAt = 0;
  #sharedVersion = 0;

  constructor(store: Store) {
    this.#store = store;
  }

  /**
   * On PostgreSQL other instances write at any time and nothing says when: every group commit
   * checks its batch against the rows (dataVersion() changes at every call), a refusal is
   * decided again on fresh rows, and the remembered rows are dropped at least every
   * SHARED_ROWS_MS, so a change made elsewhere is seen here within that time even by reads.
   */
  get #shared(): boolean {
    return !this.#store.db.countsOtherCommits;
  }

  /** The petition a path names; what is not remembered is found by petitions.ts's findPetition (404 when there is none). */
  async petition(idText: string): Promise<SubmissionPetition> {
    this.#dropIfStale();
    const id = petitionIdOf(idText);
    let petition = id === undefined ? undefined : this.#petitions.get(id);
    if (!petition) {
      const row = await findPetition(this.#store, idText);
      petition = { id: row.id, status: row.status, end_at: row.end_at };
      this.#petitions.set(row.id, petition);
    }
    return petition;
  }

  /** The key request of (petition, consumer, source); undefined when there is none (never remembered). */
  async keyRequest(petitionId: number, consumerId: number, source: string): Promise<SubmissionKeyRequest | undefined> {
    this.#dropIfStale();
    const key = `${petitionId} ${consumerId} ${source}`;
    let request = this.#keyRequests.get(key);
    if (!request) {
      const row = await this.#store.authKeyRequestByIdentity.get(petitionId, consumerId, source);
      if (!row) return undefined;
      if (this.#keyRequests.size >= MAX_KEY_REQUESTS) this.#keyRequests.clear();
      request = { id: row.id, auth_key: row.auth_key, status: row.status };
      this.#keyRequests.set(key, request);
    }
    return request;
  }

  /**
   * PRAGMA data_version now; when another connection committed since the remembered rows were
   * read, they are dropped. Where commits are not counted (#shared), a new number each time:
   * every batch is checked again.
   */
  async dataVersion(): Promise<number> {
    if (this.#shared) return ++this.#sharedVersion;
    const dataVersion = (await this.#store.dataVersion.get())!;
    if (dataVersion !== this.#dataVersion) {
      this.#drop();
      this.#dataVersion = dataVersion;
    }
    return dataVersion;
  }

  /** After a refusal: whether the rows it was decided on may have been stale (they are dropped now). */
  async droppedStaleRows(): Promise<boolean> {
    if (this.#shared) {
      this.#drop();
      return true;
    }
    const before = this.#dataVersion;
    return (await this.dataVersion()) !== before;
  }

  #dropIfStale(): void {
    const { rulesVersion } = this.#store;
    if (this.#shared && Date.now() - this.#droppedAt >= SHARED_ROWS_MS) this.#drop();
    if (rulesVersion === this.#rules && rulesVersion.value === this.#rulesValue) return;
    this.#drop();
    this.#rules = rulesVersion;
    this.#rulesValue = rulesVersion.value;
  }

  #drop(): void {
    this.#droppedAt = Date.now();
    this.#petitions.clear();
    this.#keyRequests.clear();
  }
}
