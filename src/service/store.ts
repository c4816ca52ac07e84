// All SQL of the service, as prepared statements over one connection: the domain modules ask
// for rows here and never write SQL themselves.
import type { ServiceDatabase } from './database.js';
import type { SignerInput } from '../shared/signature-schema.js';
import type { PetitionStatus } from './petition-fields.js';

export interface ConsumerRow {
  id: number;
  name: string;
  api_key: string;
  secret: string;
}

export interface PetitionRow {
  id: number;
  title: string;
  overview: string;
  /** JSON array of the targets' names. */
  targets: string;
  goal: number | null;
  status: PetitionStatus;
  end_at: number | null;
  url: string | null;
  image_url: string | null;
  created_at: number;
  signature_count: number;
  first_listed_position: number;
  last_listed_position: number;
  earliest_signed_on: number | null;
}

/** The operator's columns of a petition, as written. */
export interface PetitionColumns {
  title: string;
  overview: string;
  targets: string;
  goal: number | null;
  status: PetitionStatus;
  end_at: number | null;
  url: string | null;
  image_url: string | null;
}

export type AuthKeyRequestStatus = 'pending' | 'granted' | 'denied' | 'revoked';

export interface AuthKeyRequestRecord {
  id: number;
  petition_id: number;
  consumer_id: number;
  source: string;
  source_description: string;
  requester_email: string;
  callback_endpoint: string;
  status: AuthKeyRequestStatus;
  auth_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface ListedSignatureRow {
  first_name: string;
  last_name: string;
  city: string;
  state_province: string;
  country_code: string;
  signed_on: number;
}

export interface QueuedSignatureRow {
  id: number;
  petition_id: number;
  email_identity: string;
  signer: string;
  auth_key_request_id: number;
  received_at: number;
}

export interface NewQueuedSignature {
  petition_id: number;
  email_identity: string;
  signer: SignerInput;
  auth_key_request_id: number;
  received_at: number;
}

export interface SignatureInsert {
  petition_id: number;
  email_identity: string;
  signer: SignerInput;
  auth_key_request_id: number | null;
  signed_on: number;
  listed_position: number | null;
}

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
}

export function createStore(db: ServiceDatabase) {
  const statements = {
    consumerByApiKey: db.prepare<[string], ConsumerRow>('SELECT id, name, api_key, secret FROM consumers WHERE api_key = ?'),
    insertConsumer: db.prepare<[string, string, string, number]>(
      'INSERT INTO consumers (name, api_key, secret, created_at) VALUES (?, ?, ?, ?)',
    ),
    petitionById: db.prepare<[number], PetitionRow>(
      `SELECT id, title, overview, targets, goal, status, end_at, url, image_url, created_at, signature_count,
         first_listed_position, last_listed_position, earliest_signed_on
       FROM petitions WHERE id = ?`,
    ),
    petitionIdByUrl: db.prepare<[string], { id: number }>('SELECT id FROM petitions WHERE url = ?'),
    insertPetition: db.prepare<PetitionColumns & { created_at: number }>(
      `INSERT INTO petitions (title, overview, targets, goal, status, end_at, url, image_url, created_at)
       VALUES (@title, @overview, @targets, @goal, @status, @end_at, @url, @image_url, @created_at)`,
    ),
    updatePetition: db.prepare<PetitionColumns & { id: number }>(
      `UPDATE petitions SET title = @title, overview = @overview, targets = @targets, goal = @goal, status = @status,
         end_at = @end_at, url = @url, image_url = @image_url WHERE id = @id`,
    ),
    recordSignaturesAdded: db.prepare<{ id: number; added: number; first: number; last: number; earliest: number | null }>(
      `UPDATE petitions SET signature_count = signature_count + @added,
         first_listed_position = @first, last_listed_position = @last,
         earliest_signed_on = CASE WHEN earliest_signed_on IS NULL OR @earliest < earliest_signed_on
                                   THEN @earliest ELSE earliest_signed_on END
       WHERE id = @id`,
    ),
    listedRange: db.prepare<[number, number, number], ListedSignatureRow>(
      `SELECT first_name, last_name, city, state_province, country_code, signed_on FROM signatures
       WHERE petition_id = ? AND listed_position BETWEEN ? AND ? ORDER BY listed_position`,
    ),
    signatureExists: db.prepare<[number, string], { found: 1 }>(
      'SELECT 1 AS found FROM signatures WHERE petition_id = ? AND email_identity = ?',
    ),
    insertSignature: db.prepare<Record<string, string | number | null>>(
      `INSERT OR IGNORE INTO signatures (petition_id, email_identity, email, first_name, last_name, address, city,
         state_province, postal_code, country_code, phone, reason, hidden, signed_on, auth_key_request_id, listed_position)
       VALUES (@petition_id, @email_identity, @email, @first_name, @last_name, @address, @city,
         @state_province, @postal_code, @country_code, @phone, @reason, @hidden, @signed_on, @auth_key_request_id, @listed_position)`,
    ),
    insertQueued: db.prepare<[number, string, string, number, number]>(
      `INSERT OR IGNORE INTO signature_queue (petition_id, email_identity, signer, auth_key_request_id, received_at)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    queueHead: db.prepare<[number], QueuedSignatureRow>('SELECT * FROM signature_queue ORDER BY id LIMIT ?'),
    deleteQueuedUpTo: db.prepare<[number]>('DELETE FROM signature_queue WHERE id <= ?'),
    authKeyRequestByIdentity: db.prepare<[number, number, string], AuthKeyRequestRecord>(
      'SELECT * FROM auth_key_requests WHERE petition_id = ? AND consumer_id = ? AND source = ?',
    ),
    authKeyRequestById: db.prepare<[number], AuthKeyRequestRecord>('SELECT * FROM auth_key_requests WHERE id = ?'),
    allAuthKeyRequests: db.prepare<[], AuthKeyRequestRecord>('SELECT * FROM auth_key_requests ORDER BY id'),
    insertAuthKeyRequest: db.prepare<Omit<AuthKeyRequestRecord, 'id' | 'status' | 'auth_key' | 'updated_at'> & { callback_host: string }>(
      `INSERT INTO auth_key_requests (petition_id, consumer_id, source, source_description, requester_email,
         callback_endpoint, callback_host, status, auth_key, created_at, updated_at)
       VALUES (@petition_id, @consumer_id, @source, @source_description, @requester_email, @callback_endpoint,
         @callback_host, 'pending', NULL, @created_at, @created_at)`,
    ),
    setAuthKeyRequestStatus: db.prepare<{ id: number; status: AuthKeyRequestStatus; auth_key: string | null; now: number }>(
      'UPDATE auth_key_requests SET status = @status, auth_key = @auth_key, updated_at = @now WHERE id = @id',
    ),
    insertDelivery: db.prepare<[number, string, number, number]>(
      `INSERT INTO callback_deliveries (auth_key_request_id, payload, state, attempts, created_at, next_attempt_at)
       VALUES (?, ?, 'pending', 0, ?, ?)`,
    ),
    /**
     * Due now, not being sent, first pending of their request, and within the room each host
     * and then each consumer has left (a row's rank among its own due rows plus those in
     * flight), consumers taken in turn so that none waits behind another's backlog.
     */
    dueDeliveries: db.prepare<DueDeliveryQuery, DueDeliveryRow>(
      `WITH due AS (
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
    ),
    markDelivered: db.prepare<[string, number]>(
      "UPDATE callback_deliveries SET state = 'delivered', attempts = attempts + 1, last_outcome = ? WHERE id = ?",
    ),
    rescheduleDelivery: db.prepare<{ id: number; outcome: string; next: number; state: 'pending' | 'abandoned' }>(
      `UPDATE callback_deliveries SET attempts = attempts + 1, last_outcome = @outcome, next_attempt_at = @next,
         state = @state WHERE id = @id`,
    ),
    deliveriesOf: db.prepare<[number], { id: number; state: string; attempts: number; payload: string }>(
      'SELECT id, state, attempts, payload FROM callback_deliveries WHERE auth_key_request_id = ? ORDER BY id',
    ),
    rememberRsig: db.prepare<[string, number]>('INSERT OR IGNORE INTO seen_request_signatures (rsig, expires_at) VALUES (?, ?)'),
    forgetRsigsExpiredBefore: db.prepare<[number]>('DELETE FROM seen_request_signatures WHERE expires_at < ?'),
  };
  return { db, ...statements };
}

export type Store = ReturnType<typeof createStore>;

/**
 * Points an existing store at another connection (the file was replaced while the service ran),
 * so every part holding the store carries on with it; the old connection is closed.
 */
export function reconnectStore(store: Store, db: ServiceDatabase): void {
  const old = store.db;
  Object.assign(store, createStore(db));
  old.close();
}
