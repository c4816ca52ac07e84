// All SQL of the service, as prepared statements over one connection: the domain modules ask
// for rows here and never write SQL themselves. Each area's statements are in a module of
// their own (*-store.ts), joined here into the one store every part holds.
import type { RunResult, Statement } from 'better-sqlite3';
import type { ServiceDatabase } from './database.js';
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
function changesRules<P extends object>(version: RulesVersion, statement: Statement<[P]>) {
  return {
    run(params: P): RunResult {
      version.value++;
      return statement.run(params);
    },
  };
}

export function createStore(db: ServiceDatabase) {
  const rulesVersion: RulesVersion = { value: 0 };
  const statements = {
    rulesVersion,
    /** Changes when another connection (an admin command) commits: what is remembered may be stale. */
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
    consumerByApiKey: db.prepare<[string], ConsumerRow>('SELECT id, name, api_key, secret FROM consumers WHERE api_key = ?'),
    insertConsumer: db.prepare<[string, string, string, number]>(
      'INSERT INTO consumers (name, api_key, secret, created_at) VALUES (?, ?, ?, ?)',
    ),
    petitionById: db.prepare<[number], PetitionRow>(
      `SELECT id, title, overview, targets, goal, status, end_at, url, image_url, created_at, signature_count,
         first_listed_position, last_listed_position, earliest_signed_on, confirm_signers
       FROM petitions WHERE id = ?`,
    ),
    petitionIdByUrl: db.prepare<[string], { id: number }>('SELECT id FROM petitions WHERE url = ?'),
    insertPetition: db.prepare<PetitionColumns & { created_at: number }>(
      `INSERT INTO petitions (title, overview, targets, goal, status, end_at, url, image_url, confirm_signers, created_at)
       VALUES (@title, @overview, @targets, @goal, @status, @end_at, @url, @image_url, @confirm_signers, @created_at)`,
    ),
    updatePetition: changesRules(
      rulesVersion,
      db.prepare<[PetitionColumns & { id: number }]>(
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
    insertSignature: db.prepare<SignatureColumns>(
      `INSERT OR IGNORE INTO signatures (petition_id, email_identity, email, first_name, last_name, address, city,
         state_province, postal_code, country_code, phone, reason, hidden, signed_on, auth_key_request_id, listed_position,
         state, name_key, surname_key, postal_key)
       VALUES (@petition_id, @email_identity, @email, @first_name, @last_name, @address, @city,
         @state_province, @postal_code, @country_code, @phone, @reason, @hidden, @signed_on, @auth_key_request_id, @listed_position,
         @state, @name_key, @surname_key, @postal_key)`,
    ),
    insertQueued: db.prepare<[number, string, string, number, number, string]>(
      `INSERT OR IGNORE INTO signature_queue (petition_id, email_identity, signer, auth_key_request_id, received_at, lang)
       VALUES (?, ?, ?, ?, ?, ?)`,
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
    setAuthKeyRequestStatus: changesRules(
      rulesVersion,
      db.prepare<[{ id: number; status: AuthKeyRequestStatus; auth_key: string | null; now: number }]>(
        'UPDATE auth_key_requests SET status = @status, auth_key = @auth_key, updated_at = @now WHERE id = @id',
      ),
    ),
    rememberRsig: db.prepare<[string, number]>('INSERT OR IGNORE INTO seen_request_signatures (rsig, expires_at) VALUES (?, ?)'),
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
export function reconnectStore(store: Store, db: ServiceDatabase): void {
  const old = store.db;
  Object.assign(store, createStore(db));
  old.close();
}
