// Where the proxy keeps the webhook deliveries it owes the campaign's endpoints until each is
// delivered: the domain sees only this interface; webhook-sqlite.ts is the Node implementation.
// Each row holds a signer's personal data, so rows live only until their endpoint has them.

export interface WebhookDelivery {
  id: number;
  /** The signature event's id: the same for every endpoint and every attempt (idempotency). */
  eventId: string;
  url: string;
  /** The JSON body, exactly as signed and sent. */
  payload: string;
  attempts: number;
  /** Epoch milliseconds. */
  nextAttemptAt: number;
  createdAt: number;
}

export interface WebhookStore {
  /** One delivery per URL for one event, all stored or none. */
  add(eventId: string, payload: string, urls: readonly string[], createdAt: number): Promise<void>;
  /** Deliveries due at `now`, oldest first, at most `limit`, leaving out `excludedIds` (being sent). */
  due(now: number, limit: number, excludedIds: readonly number[]): Promise<WebhookDelivery[]>;
  /** When the next delivery not being sent is due; undefined when none is stored. */
  nextDueAt(excludedIds: readonly number[]): Promise<number | undefined>;
  reschedule(id: number, attempts: number, nextAttemptAt: number): Promise<void>;
  remove(id: number): Promise<void>;
  count(): Promise<number>;
  close(): void;
}
