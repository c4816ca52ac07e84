// The callback deliveries' statements (callback-delivery.ts), part of the store (store.ts).
import { LIVE_CLAIM } from '../instances/instance-store.js';
import type { SqlEngine } from '../engines/sql-engine.js';

export interface DueDeliveryRow {
  id: number;
  payload: string;
  attempts: number;
  created_at: number;
  callback_endpoint: string;
  callback_host: string;
  consumer_id: number;
  secret: string;
}

/** Which deliveries are being sent, and caps on how many may be at once per host and per consumer. */
export interface DueDeliveryQuery {
  now: number;
  /** JSON array of delivery ids being sent. */
  in_flight_ids: string;
  /** JSON object: callback host -> deliveries being sent to it. */
  in_flight_by_host: string;
  /** JSON object: consumer id -> deliveries being sent for it. */
  in_flight_by_consumer: string;
  per_host: number;
  per_consumer: number;
  limit: number;
  /** PostgreSQL: the instance claiming what it sends (service-instance.ts). */
  instance: string;
}

export function deliveryStatements(db: SqlEngine) {
  return {
    insertDelivery: db.prepare<[number, string, number, number]>(
      `INSERT INTO callback_deliveries (auth_key_request_id, payload, state, attempts, created_at, next_attempt_at)
       VALUES (?, ?, 'pending', 0, ?, ?)`,
    ),
    /**
     * Due now, not being sent, first pending of their request, and within the room each host
     * and then each consumer has left (a row's rank among its own due rows plus those in
     * flight), consumers taken in turn so that none waits behind another's backlog.
     */
    dueDeliveries: db.prepare<DueDeliveryQuery, DueDeliveryRow>({
      sqlite: `WITH due AS (
         SELECT d.id, d.payload, d.attempts, d.created_at, d.next_attempt_at, r.callback_endpoint, r.callback_host,
           r.consumer_id, c.secret,
           ROW_NUMBER() OVER (PARTITION BY r.callback_host ORDER BY d.next_attempt_at, d.id) AS host_rank
         FROM callback_deliveries d
         JOIN auth_key_requests r ON r.id = d.auth_key_request_id
         JOIN consumers c ON c.id = r.consumer_id
         WHERE d.state = 'pending' AND d.next_attempt_at <= @now
           AND d.id NOT IN (SELECT value FROM json_each(@in_flight_ids))
           AND NOT EXISTS (SELECT 1 FROM callback_deliveries earlier
                           WHERE earlier.auth_key_request_id = d.auth_key_request_id
                             AND earlier.state = 'pending' AND earlier.id < d.id)
       ),
       host_room AS (
         SELECT *, ROW_NUMBER() OVER (PARTITION BY consumer_id ORDER BY next_attempt_at, id) AS consumer_rank
         FROM due
         WHERE host_rank + coalesce(json_extract(@in_flight_by_host, '$.' || json_quote(callback_host)), 0) <= @per_host
       )
       SELECT id, payload, attempts, created_at, callback_endpoint, callback_host, consumer_id, secret FROM host_room
       WHERE consumer_rank + coalesce(json_extract(@in_flight_by_consumer, '$."' || consumer_id || '"'), 0) <= @per_consumer
       ORDER BY consumer_rank, next_attempt_at, id LIMIT @limit`,
      // Several instances deliver from one database: a delivery is claimed (claimed_by) by the
      // instance that sends it, and what is in flight is what live instances have claimed.
      postgres: `WITH claimed_now AS (
         SELECT r.callback_host, r.consumer_id FROM callback_deliveries d
         JOIN auth_key_requests r ON r.id = d.auth_key_request_id
         WHERE d.state = 'pending' AND ${LIVE_CLAIM('d.claimed_by')}
       ),
       due AS (
         SELECT d.id, d.payload, d.attempts, d.created_at, d.next_attempt_at, r.callback_endpoint, r.callback_host,
           r.consumer_id, c.secret,
           ROW_NUMBER() OVER (PARTITION BY r.callback_host ORDER BY d.next_attempt_at, d.id) AS host_rank
         FROM callback_deliveries d
         JOIN auth_key_requests r ON r.id = d.auth_key_request_id
         JOIN consumers c ON c.id = r.consumer_id
         WHERE d.state = 'pending' AND d.next_attempt_at <= @now AND NOT ${LIVE_CLAIM('d.claimed_by')}
           AND d.id NOT IN (SELECT value::bigint FROM jsonb_array_elements_text(@in_flight_ids::jsonb))
           AND NOT EXISTS (SELECT 1 FROM callback_deliveries earlier
                           WHERE earlier.auth_key_request_id = d.auth_key_request_id
                             AND earlier.state = 'pending' AND earlier.id < d.id)
       ),
       host_room AS (
         SELECT *, ROW_NUMBER() OVER (PARTITION BY consumer_id ORDER BY next_attempt_at, id) AS consumer_rank
         FROM due
         WHERE host_rank + (SELECT count(*) FROM claimed_now f WHERE f.callback_host = due.callback_host) <= @per_host
       ),
       picked AS (
         SELECT * FROM host_room
         WHERE consumer_rank + (SELECT count(*) FROM claimed_now f WHERE f.consumer_id = host_room.consumer_id) <= @per_consumer
         ORDER BY consumer_rank, next_attempt_at, id LIMIT @limit
       ),
       claimed AS (
         UPDATE callback_deliveries d SET claimed_by = @instance
         WHERE d.id IN (SELECT c.id FROM callback_deliveries c JOIN picked USING (id)
                        WHERE c.state = 'pending' AND NOT ${LIVE_CLAIM('c.claimed_by')}
                        FOR UPDATE OF c SKIP LOCKED)
         RETURNING d.id
       )
       SELECT p.id, p.payload, p.attempts, p.created_at, p.callback_endpoint, p.callback_host, p.consumer_id, p.secret
       FROM picked p JOIN claimed USING (id)
       ORDER BY p.consumer_rank, p.next_attempt_at, p.id`,
    }),
    markDelivered: db.prepare<[string, number]>({
      sqlite: "UPDATE callback_deliveries SET state = 'delivered', attempts = attempts + 1, last_outcome = ? WHERE id = ?",
      postgres: "UPDATE callback_deliveries SET state = 'delivered', attempts = attempts + 1, last_outcome = ?, claimed_by = NULL WHERE id = ?",
    }),
    rescheduleDelivery: db.prepare<{ id: number; outcome: string; next: number; state: 'pending' | 'abandoned' }>({
      sqlite: `UPDATE callback_deliveries SET attempts = attempts + 1, last_outcome = @outcome, next_attempt_at = @next,
         state = @state WHERE id = @id`,
      postgres: `UPDATE callback_deliveries SET attempts = attempts + 1, last_outcome = @outcome, next_attempt_at = @next,
         state = @state, claimed_by = NULL WHERE id = @id`,
    }),
    deliveriesOf: db.prepare<[number], { id: number; state: string; attempts: number; payload: string }>(
      'SELECT id, state, attempts, payload FROM callback_deliveries WHERE auth_key_request_id = ? ORDER BY id',
    ),
  };
}
