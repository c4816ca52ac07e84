// Obtains and keeps one authorization key per configured petition (src/proxy/README.md "Keys"):
// requests missing ones at start, learns outcomes from the 200 answer or the callback, never lets
// an older decision overwrite a newer one (key-decision-order.ts), and keeps asking about pending
// ones, through the scheduler, in case a callback cannot reach this proxy.
import type { AuthKeyCallbackPayload } from '../../shared/types.js';
import type { PetitionConfig } from '../config/config.js';
import { keyRequestRemedy } from './key-request-refusal.js';
import { judgeOutcome, serviceSeconds, type OutcomeEvidence, type OutcomeVerdict } from './key-decision-order.js';
import type { KeyRecord, KeyStatus, KeyStore } from './key-store.js';
import type { Scheduler } from '../background/scheduler.js';
import { UpstreamUnavailable, upstreamMessages, type UpstreamClient } from '../upstream/upstream-client.js';

export interface AuthKeysOptions {
  petitions: PetitionConfig[];
  callbackEndpoint: string;
  client: UpstreamClient;
  store: KeyStore;
  scheduler: Scheduler;
  log: (line: string) => void;
  /** How often a pending request is asked about again. */
  pollMs: number;
  now?: () => number;
}

/** What became of an outcome: its verdict, or that it is about no petition configured here. */
export type ApplyResult = OutcomeVerdict | 'not configured';

const DECIDED = new Set<KeyStatus>(['granted', 'denied', 'revoked']);

/** After a round the service did not answer, the next is this soon, doubling (nextRoundInMs). */
const UNREACHABLE_FIRST_RETRY_MS = 1000;

/** The key polling's name in the scheduler. */
const WORK = 'auth-keys';

export class AuthKeys {
  readonly #options: AuthKeysOptions;
  readonly #now: () => number;
  readonly #records = new Map<number, KeyRecord>();
  /** Petitions whose current decision the service is to be asked about (two from the same second). */
  readonly #inDoubt = new Set<number>();
  #writes: Promise<void> = Promise.resolve();
  /** Rounds of requests go one after another: at start and from the scheduler. */
  #requests: Promise<void> = Promise.resolve();
  #readyWaiters: Array<() => void> = [];
  /** Rounds in a row in which the service did not answer a request. */
  #unreachableRounds = 0;

  constructor(options: AuthKeysOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    options.scheduler.register(WORK, () => this.#requestKeys());
  }

  /** Loads stored keys, then requests a key for each petition that has no decided one. */
  async start(): Promise<void> {
    await this.load();
    await this.#requestKeys();
  }

  /**
   * Loads stored keys only. A host that cannot wait for the service before answering (a Durable
   * Object, src/proxy/worker/proxy-object.ts) loads them first, then asks through pollNow().
   */
  async load(): Promise<void> {
    const bySource = new Map(this.#options.petitions.map((p) => [p.id, p.source]));
    for (const record of await this.#options.store.read()) {
      if (bySource.get(record.petition_id) === record.source) this.#records.set(record.petition_id, record);
    }
  }

  /** Requests, through the scheduler, a key for each petition that has no decided one. */
  pollNow(): void {
    this.#options.scheduler.wakeAt(WORK, this.#now());
  }

  statusOf(petitionId: number): KeyStatus {
    return this.#records.get(petitionId)?.status ?? 'pending';
  }

  /** The key to salt a submission's rsig with; only while it is granted. */
  grantedKey(petitionId: number): string | undefined {
    const record = this.#records.get(petitionId);
    return record?.status === 'granted' ? record.auth_key : undefined;
  }

  /** Resolves once every configured petition has a decided status. */
  ready(): Promise<void> {
    if (this.#allDecided()) return Promise.resolve();
    return new Promise((resolve) => this.#readyWaiters.push(resolve));
  }

  /**
   * Applies an outcome (a callback's body or the service's 200 answer) unless an as new or newer
   * decision is known; one in doubt makes the proxy ask the service at once.
   */
  async apply(payload: AuthKeyCallbackPayload, evidence: OutcomeEvidence): Promise<ApplyResult> {
    const petition = this.#options.petitions.find((p) => p.id === payload.petition_id);
    if (!petition || petition.source !== payload.source) return 'not configured';
    const previous = this.#records.get(petition.id);
    const verdict = judgeOutcome(previous, payload, evidence);
    if (verdict === 'older') {
      this.#options.log(`auth key for petition ${petition.id}: an older decision (${payload.status}) ignored`);
    } else if (verdict === 'in doubt') {
      this.#options.log(`auth key for petition ${petition.id}: two decisions from the same second, asking the service`);
      this.#inDoubt.add(petition.id);
      this.#options.scheduler.wakeAt(WORK, this.#now());
    } else if (verdict === 'apply') {
      await this.#save({
        petition_id: petition.id,
        source: petition.source,
        status: payload.status,
        // A denial carries no key; a revocation names the key it ended, which we no longer need.
        ...(payload.status === 'granted' && payload.auth_key ? { auth_key: payload.auth_key } : {}),
        updated_at: new Date(this.#now()).toISOString(),
        // An undated answer keeps the known time: what came before it is still older.
        ...((evidence.at ?? previous?.decided_at) !== undefined ? { decided_at: evidence.at ?? previous?.decided_at } : {}),
      });
      if (previous?.status !== payload.status) this.#options.log(`auth key for petition ${petition.id}: ${payload.status}`);
    }
    return verdict;
  }

  /** The service refused a submission with 403: the key was revoked even if no callback came yet. */
  async markRevoked(petitionId: number): Promise<void> {
    const record = this.#records.get(petitionId);
    if (!record || record.status === 'revoked') return;
    const { auth_key: _ended, ...rest } = record;
    await this.#save({ ...rest, status: 'revoked', updated_at: new Date(this.#now()).toISOString() });
    this.#options.log(`auth key for petition ${petitionId}: revoked (refused by the service)`);
  }

  #allDecided(): boolean {
    return this.#options.petitions.every((p) => DECIDED.has(this.statusOf(p.id)));
  }

  #requestKeys(): Promise<void> {
    this.#requests = this.#requests.catch(() => undefined).then(() => this.#requestRound());
    return this.#requests;
  }

  async #requestRound(): Promise<void> {
    const asked = this.#options.petitions.filter((p) => !DECIDED.has(this.statusOf(p.id)) || this.#inDoubt.has(p.id));
    const unreachable = (await Promise.all(asked.map((petition) => this.#request(petition)))).includes('unreachable');
    this.#unreachableRounds = unreachable ? this.#unreachableRounds + 1 : 0;
    if (!this.#allDecided() || this.#inDoubt.size > 0) this.#options.scheduler.wakeAt(WORK, this.#now() + this.#nextRoundInMs());
  }

  /**
   * A service that did not answer is asked again soon, 1 s doubling up to the poll period: a
   * proxy started a moment before its service (one machine, a compose file) gets its key as soon
   * as the service is up, not a whole period later. An answered request waits the period.
   */
  #nextRoundInMs(unreachableRounds = this.#unreachableRounds): number {
    if (unreachableRounds === 0) return this.#options.pollMs;
    return Math.min(this.#options.pollMs, UNREACHABLE_FIRST_RETRY_MS * 2 ** Math.min(unreachableRounds - 1, 20));
  }

  async #request(petition: PetitionConfig): Promise<'answered' | 'unreachable'> {
    try {
      const answer = await this.#options.client.postSigned(`/petitions/${petition.id}/auth_keys`, [
        ['source_description', petition.sourceDescription],
        ['source', petition.source],
        ['requester_email', petition.requesterEmail],
        ['callback_endpoint', this.#options.callbackEndpoint],
      ]);
      if (answer.status === 202) {
        if (!this.#records.has(petition.id)) {
          await this.#save({ petition_id: petition.id, source: petition.source, status: 'pending', updated_at: new Date(this.#now()).toISOString() });
          this.#options.log(`auth key for petition ${petition.id}: requested, waiting for the service's decision`);
        }
      } else if (answer.status === 200) {
        const payload = parseOutcome(answer.body);
        if (payload) {
          this.#inDoubt.delete(petition.id);
          await this.apply(payload, { kind: 'answer', at: serviceSeconds(answer.header('date') ?? null) });
        } else {
          this.#options.log(`auth key for petition ${petition.id}: the service's answer could not be read`);
        }
      } else {
        const messages = upstreamMessages(answer.body);
        const remedy = keyRequestRemedy(messages);
        this.#options.log(
          `auth key for petition ${petition.id}: request refused (${answer.status}) ${messages.join('; ')}${remedy ? `: ${remedy}` : ''}`,
        );
      }
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      const inSeconds = Math.round(this.#nextRoundInMs(this.#unreachableRounds + 1) / 100) / 10;
      this.#options.log(`auth key for petition ${petition.id}: ${error.message}, will ask again in ${inSeconds} s`);
      return 'unreachable';
    }
    return 'answered';
  }

  async #save(record: KeyRecord): Promise<void> {
    this.#records.set(record.petition_id, record);
    const snapshot = [...this.#records.values()];
    // Writes go one after another, so an older snapshot never lands after a newer one.
    this.#writes = this.#writes.catch(() => undefined).then(() => this.#options.store.write(snapshot));
    await this.#writes;
    if (this.#allDecided()) {
      for (const resolve of this.#readyWaiters.splice(0)) resolve();
    }
  }
}

/** Reads a callback payload / 200 answer; null when it is not one. */
export function parseOutcome(text: string): AuthKeyCallbackPayload | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const payload = value as Record<string, unknown>;
  const statusOk = payload.status === 'granted' || payload.status === 'denied' || payload.status === 'revoked';
  if (!statusOk || !Number.isInteger(payload.petition_id) || typeof payload.source !== 'string') return null;
  if (payload.status === 'granted' && typeof payload.auth_key !== 'string') return null;
  return payload as unknown as AuthKeyCallbackPayload;
}
