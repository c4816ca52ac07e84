// Where the proxy keeps what it learned about its authorization keys, so they survive restarts.
// The domain sees only this interface; key-file.ts is the Node implementation.
import type { KeyStatus } from '../../shared/types.js';

export type { KeyStatus };

export interface KeyRecord {
  petition_id: number;
  /** The source the key was requested for; a record for another source does not count. */
  source: string;
  status: KeyStatus;
  auth_key?: string;
  updated_at: string;
  /**
   * When the service made the decision stored, in Unix seconds of the service's clock (the
   * callback's timestamp or the Date of its answer); absent while pending. Orders decisions
   * (key-decision-order.ts).
   */
  decided_at?: number;
}

export interface KeyStore {
  read(): Promise<KeyRecord[]>;
  /**
   * Replaces everything stored, atomically: a crash leaves either the old or the new records.
   * Callers write one snapshot at a time, in order (auth-keys.ts), so an older snapshot never
   * lands after a newer one.
   */
  write(records: KeyRecord[]): Promise<void>;
}
