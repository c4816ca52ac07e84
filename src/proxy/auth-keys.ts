// Obtains and keeps one authorization key per configured petition (src/proxy/README.md "Keys"): requests missing ones at start, learns outcomes from the 200 answer or the callback,
// and keeps asking about pending ones in case a callback cannot reach this proxy.
import type { AuthKeyCallbackPayload } from '../shared/types.js';
import type { PetitionConfig } from './config.js';
import type { KeyRecord, KeyStatus, KeyStore } from './key-store.js';
import { UpstreamUnavailable, upstreamMessages, type UpstreamClient } from './upstream-client.js';

export interface AuthKeysOptions {
  petitions: PetitionConfig[];
  callbackEndpoint: string;
  client: UpstreamClient;
  store: KeyStore;
  log: (line: string) => void;
  /** How often a pending request is asked about again. */
  pollMs: number;
}

const DECIDED = new Set<KeyStatus>(['granted', 'denied', 'revoked']);

export class AuthKeys {
  readonly #options: AuthKeysOptions;
  readonly #records = new Map<number, KeyRecord>();
  #writes: Promise<void> = Promise.resolve();
  #pollTimer: ReturnType<typeof setTimeout> | undefined;
  #closed = false;
  #readyWaiters: Array<() => void> = [];

  constructor(options: AuthKeysOptions) {
    this.#options = options;
  }

  /** Loads stored keys, then requests a key for each petition that has no decided one. */
  async start(): Promise<void> {
    const bySource = new Map(this.#options.petitions.map((p) => [p.id, p.source]));
    for (const record of await this.#options.store.read()) {
      if (bySource.get(record.petition_id) === record.source) this.#records.set(record.petition_id, record);
    }
    await this.#requestUndecided();
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

  /** Applies an outcome (callback body or 200 answer). False when it is about no configured petition. */
  async apply(payload: AuthKeyCallbackPayload): Promise<boolean> {
    const petition = this.#options.petitions.find((p) => p.id === payload.petition_id);
    if (!petition || petition.source !== payload.source) return false;
    const previous = this.#records.get(petition.id);
    await this.#save({
      petition_id: petition.id,
      source: petition.source,
      status: payload.status,
      // A denial carries no key; a revocation names the key it ended, which we no longer need.
      ...(payload.status === 'granted' && payload.auth_key ? { auth_key: payload.auth_key } : {}),
      updated_at: new Date().toISOString(),
    });
    if (previous?.status !== payload.status) this.#options.log(`auth key for petition ${petition.id}: ${payload.status}`);
    return true;
  }

  /** The service refused a submission with 403: the key was revoked even if no callback came yet. */
  async markRevoked(petitionId: number): Promise<void> {
    const record = this.#records.get(petitionId);
    if (!record || record.status === 'revoked') return;
    await this.#save({ petition_id: petitionId, source: record.source, status: 'revoked', updated_at: new Date().toISOString() });
    this.#options.log(`auth key for petition ${petitionId}: revoked (refused by the service)`);
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#pollTimer);
  }

  #allDecided(): boolean {
    return this.#options.petitions.every((p) => DECIDED.has(this.statusOf(p.id)));
  }

  async #requestUndecided(): Promise<void> {
    const undecided = this.#options.petitions.filter((p) => !DECIDED.has(this.statusOf(p.id)));
    await Promise.all(undecided.map((petition) => this.#request(petition)));
    if (!this.#closed && !this.#allDecided()) {
      this.#pollTimer = setTimeout(() => void this.#requestUndecided(), this.#options.pollMs);
      this.#pollTimer.unref?.();
    }
  }

  async #request(petition: PetitionConfig): Promise<void> {
    try {
      const answer = await this.#options.client.postSigned(`/petitions/${petition.id}/auth_keys`, [
        ['source_description', petition.sourceDescription],
        ['source', petition.source],
        ['requester_email', petition.requesterEmail],
        ['callback_endpoint', this.#options.callbackEndpoint],
      ]);
      if (answer.status === 202) {
        if (!this.#records.has(petition.id)) {
          await this.#save({ petition_id: petition.id, source: petition.source, status: 'pending', updated_at: new Date().toISOString() });
          this.#options.log(`auth key for petition ${petition.id}: requested, waiting for the service's decision`);
        }
      } else if (answer.status === 200) {
        const payload = parseOutcome(answer.body);
        if (payload) await this.apply(payload);
        else this.#options.log(`auth key for petition ${petition.id}: the service's answer could not be read`);
      } else {
        this.#options.log(
          `auth key for petition ${petition.id}: request refused (${answer.status}) ${upstreamMessages(answer.body).join('; ')}`,
        );
      }
    } catch (error) {
      if (!(error instanceof UpstreamUnavailable)) throw error;
      this.#options.log(`auth key for petition ${petition.id}: ${error.message}, will ask again`);
    }
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
