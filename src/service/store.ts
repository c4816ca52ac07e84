// All SQL of the service, as prepared statements over one connection: the domain modules ask
// for rows here and never write SQL themselves. Each area's statements are in a module of
// their own (*-store.ts), joined here into the one store every part holds.
import type { SqlEngine, SqlRun, SqlStatement, StatementArgs } from './sql-engine.js';
import type { SignerInput } from '../shared/signature-schema.js';
import { confirmationStatements } from './confirmation-store.js';
import { deliveryStatements } from './delivery-store.js';
import { operatorStatements } from './operator-store.js';
import { signatureAdminStatements } from './signature-admin-store.js';
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
  /** 1 when signers confirm by email before their signature counts. */
  confirm_signers: number;
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
  confirm_signers: number;
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
  /** The signer's language, for a confirmation email (signer-language.ts). */
  lang: string;
}

export interface NewQueuedSignature {
  petition_id: number;
  email_identity: string;
  signer: SignerInput;
  auth_key_request_id: number;
  received_at: number;
  lang: string;
}

/** What a signature row holds besides its id (signature-row.ts builds it from a signer). */
export interface SignatureColumns {
  petition_id: number;
  email_identity: string;
  email: string;
  first_name: string;
  last_name: string;
  address: string;
  city: string;
  state_province: string;
  postal_code: string;
  country_code: string;
  phone: string | null;
  reason: string | null;
  hidden: number;
  signed_on: number;
  auth_key_request_id: number | null;
  listed_position: number | null;
  state: SignatureState;
  name_key: string;
  surname_key: string;
  postal_key: string;
}

/** Counted (listed or hidden), waiting for its signer's email confirmation, or no longer counted. */
export type SignatureState = 'counted' | 'unconfirmed' | 'invalidated';

/**
 * Counts the writes that can change whether a submission is taken (a petition's fields, a key
 * request's status), so that what submission-lookups.ts remembers is dropped after each.
 */
export interface RulesVersion {
  value: number;
}

/** A statement whose every run is such a write. */
function changesRules<P extends object>(version: RulesVersion, statement: SqlStatement<P>) {
  return {
    async run(params: P): Promise<SqlRun> {
      version.value++;
      return statement.run(...([params] as StatementArgs<P>));
    },
  };
}

const PETITION_BY_ID = `SELECT id, title, overview, targets, goal, status, end_at, url, image_url, created_at, signature_count,
         first_listed_position, last_listed_position, earliest_signed_on, confirm_signers
       FROM petitions WHERE id = ?`;

export const RECORD_OPENED_AT =
  "INSERT INTO service_state (name, value) VALUES ('opened_at', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value";

export function createStore(db: SqlEngine) {
  const rulesVersion: RulesVersion = { value: 0 };
  const statements = {
    rulesVersion,
    /**
     * Changes when another connection (an admin command) commits: what is remembered may be
     * stale. PostgreSQL has no such counter and other instances write at any time, so there it
     * changes at every read: each batch is checked against the rows (submission-lookups.ts).
     */
    dataVersion: db.prepare<[], number>(
      { sqlite: 'PRAGMA data_version', postgres: 'SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint' },
      { pluck: true },
    ),
    consumerByApiKey: db.prepare<[string], ConsumerRow>('SELECT id, name, api_key, secret FROM consumers WHERE api_key = ?'),
    insertConsumer: db.prepare<[string, string, string, number]>(
      'INSERT INTO consumers (name, api_key, secret, created_at) VALUES (?, ?, ?, ?)',
    ),
    petitionById: db.prepare<[number], PetitionRow>(PETITION_BY_ID),
    /**
     * The petition, for a transaction that moves its count or positions. On PostgreSQL the row
     * is locked until the commit, so writers of one petition take turns and positions stay
     * dense and unique; reads of the petition never wait for it (they see the last commit).
     * SQLite's transactions already hold the whole database.
     */
    petitionForUpdate: db.prepare<[number], PetitionRow>({
      sqlite: PETITION_BY_ID,
      postgres: `${PETITION_BY_ID} FOR UPDATE`,
    }),
    petitionIdByUrl: db.prepare<[string], { id: number }>('SELECT id FROM petitions WHERE url = ?'),
    insertPetition: db.prepare<PetitionColumns & { created_at: number }, { id: number }>(
      `INSERT INTO petitions (title, overview, targets, goal, status, end_at, url, image_url, confirm_signers, created_at)
       VALUES (@title, @overview, @targets, @goal, @status, @end_at, @url, @image_url, @confirm_signers, @created_at)
       RETURNING id`,
    ),
    updatePetition: changesRules(
      rulesVersion,
      db.prepare<PetitionColumns & { id: number }>(
        `UPDATE petitions SET title = @title, overview = @overview, targets = @targets, goal = @goal, status = @status,
           end_at = @end_at, url = @url, image_url = @image_url, confirm_signers = @confirm_signers WHERE id = @id`,
      ),
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
    signatureByEmail: db.prepare<[number, string], { id: number; state: SignatureState }>(
      'SELECT id, state FROM signatures WHERE petition_id = ? AND email_identity = ?',
    ),
    /** No row when the address already signed (the email index). */
    insertSignature: db.prepare<SignatureColumns, { id: number }>(
      `INSERT INTO signatures (petition_id, email_identity, email, first_name, last_name, address, city,
         state_province, postal_code, country_code, phone, reason, hidden, signed_on, auth_key_request_id, listed_position,
         state, name_key, surname_key, postal_key)
       VALUES (@petition_id, @email_identity, @email, @first_name, @last_name, @address, @city,
         @state_province, @postal_code, @country_code, @phone, @reason, @hidden, @signed_on, @auth_key_request_id, @listed_position,
         @state, @name_key, @surname_key, @postal_key)
       ON CONFLICT DO NOTHING RETURNING id`,
    ),
    insertQueued: db.prepare<[number, string, string, number, number, string]>(
      `INSERT INTO signature_queue (petition_id, email_identity, signer, auth_key_request_id, received_at, lang)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    queueHead: db.prepare<[number], QueuedSignatureRow>({
      sqlite: 'SELECT * FROM signature_queue ORDER BY id LIMIT ?',
      // Rows another instance is listing are skipped, not waited for.
      postgres: 'SELECT * FROM signature_queue ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED',
    }),
    /** The queue rows of a JSON array of ids. */
    deleteQueued: db.prepare<[string]>({
      sqlite: 'DELETE FROM signature_queue WHERE id IN (SELECT value FROM json_each(?))',
      postgres: 'DELETE FROM signature_queue WHERE id IN (SELECT value::bigint FROM jsonb_array_elements_text(?::jsonb))',
    }),
    authKeyRequestByIdentity: db.prepare<[number, number, string], AuthKeyRequestRecord>(
      'SELECT * FROM auth_key_requests WHERE petition_id = ? AND consumer_id = ? AND source = ?',
    ),
    authKeyRequestById: db.prepare<[number], AuthKeyRequestRecord>('SELECT * FROM auth_key_requests WHERE id = ?'),
    allAuthKeyRequests: db.prepare<[], AuthKeyRequestRecord>('SELECT * FROM auth_key_requests ORDER BY id'),
    insertAuthKeyRequest: db.prepare<Omit<AuthKeyRequestRecord, 'id' | 'status' | 'auth_key' | 'updated_at'> & { callback_host: string }, { id: number }>(
      `INSERT INTO auth_key_requests (petition_id, consumer_id, source, source_description, requester_email,
         callback_endpoint, callback_host, status, auth_key, created_at, updated_at)
       VALUES (@petition_id, @consumer_id, @source, @source_description, @requester_email, @callback_endpoint,
         @callback_host, 'pending', NULL, @created_at, @created_at)
       RETURNING id`,
    ),
    setAuthKeyRequestStatus: changesRules(
      rulesVersion,
      db.prepare<{ id: number; status: AuthKeyRequestStatus; auth_key: string | null; now: number }>(
        'UPDATE auth_key_requests SET status = @status, auth_key = @auth_key, updated_at = @now WHERE id = @id',
      ),
    ),
    /** A real write, committed: proves the database can be written (database-health.ts). */
    recordOpenedAt: db.prepare<[string]>(RECORD_OPENED_AT),
    /** Instances on PostgreSQL (service-instance.ts; the table is PostgreSQL's only). */
    instanceSeen: db.prepare<{ id: string; now: number }>(
      `INSERT INTO service_instances (id, seen_at) VALUES (@id, @now)
       ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at`,
    ),
    forgetInstance: db.prepare<[string]>('DELETE FROM service_instances WHERE id = ?'),
    /** Shared budgets (shared-rate-limit.ts; the table is PostgreSQL's only). */
    addRateCount: db.prepare<{ key: string; window_start: number; added: number }>(
      `INSERT INTO rate_counts (key, window_start, count) VALUES (@key, @window_start, @added)
       ON CONFLICT (key, window_start) DO UPDATE SET count = rate_counts.count + excluded.count`,
    ),
    rateCountsOf: db.prepare<[number], { key: string; count: number }>('SELECT key, count FROM rate_counts WHERE window_start = ?'),
    forgetRateCountsBefore: db.prepare<[number]>('DELETE FROM rate_counts WHERE window_start < ?'),
    rememberRsig: db.prepare<[string, number]>(
      'INSERT INTO seen_request_signatures (rsig, expires_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
    ),
    forgetRsigsExpiredBefore: db.prepare<[number]>('DELETE FROM seen_request_signatures WHERE expires_at < ?'),
  };
  return {
    db,
    ...statements,
    ...deliveryStatements(db),
    ...confirmationStatements(db),
    ...signatureAdminStatements(db),
    ...operatorStatements(db),
  };
}

export type Store = ReturnType<typeof createStore>;

/**
 * Points an existing store at another connection (the file was replaced while the service ran),
 * so every part holding the store carries on with it; the old connection is closed.
 */
export async function reconnectStore(store: Store, db: SqlEngine): Promise<void> {
  const old = store.db;
  Object.assign(store, createStore(db));
  await old.close();
}
