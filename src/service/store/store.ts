// All SQL of the service, as statements of one engine (sql-engine.ts: SQLite or PostgreSQL): the
// domain modules ask for rows here and never write SQL themselves. Each area's statements are in a module of
// their own (*-store.ts), joined here into the one store every part holds.
import type { SqlEngine } from './engines/sql-engine.js';
import { confirmationStatements } from './signatures/confirmation-store.js';
import { RECORD_OPENED_AT } from './engines/database.js';
import { instanceStatements } from './instances/instance-store.js';
import { bulkStatements, SIGNATURE_COLUMNS } from './signatures/bulk-store.js';
import { alertStatements } from './campaign/alert-store.js';
import { deliveryStatements } from './callbacks/delivery-store.js';
import { operatorStatements } from './operators/operator-store.js';
import { paperStatements } from './campaign/paper-store.js';
import { signInStatements } from './operators/sign-in-store.js';
import { signatureAdminStatements } from './signatures/signature-admin-store.js';
import { searchStatements } from './signatures/search-store.js';
import { abuseStatements } from './abuse/abuse-store.js';
import { insightStatements } from './campaign/insight-store.js';
import { invalidationStatements } from './abuse/invalidation-store.js';
import { changesRules, type RulesVersion } from './instances/rules-version.js';
import { withdrawalStatements } from './signatures/withdrawal-store.js';
import { petitionDeliveryStatements } from './campaign/petition-delivery-store.js';
import { metricsStatements } from './instances/metrics-store.js';
import { retentionStatements } from './retention/retention-store.js';
import type {
  AuthKeyRequestRecord,
  AuthKeyRequestStatus,
  ConsumerRow,
  ListedSignatureRow,
  PetitionColumns,
  PetitionRow,
  QueuedSignatureRow,
  SignatureColumns,
  SignatureState,
} from './store-rows.js';

export * from './store-rows.js';
export type { RulesVersion } from './instances/rules-version.js';

/** One signature's row, by the column list the bulk insert uses too (bulk-store.ts). */
const INSERT_SIGNATURE = `INTO signatures (${SIGNATURE_COLUMNS.map(([column]) => column).join(', ')})
  VALUES (${SIGNATURE_COLUMNS.map(([column]) => `@${column}`).join(', ')})`;

const PETITION_BY_ID = `SELECT id, title, overview, targets, goal, status, end_at, url, image_url, created_at, signature_count,
         first_listed_position, last_listed_position, earliest_signed_on, confirm_signers
       FROM petitions WHERE id = ?`;

export function createStore(db: SqlEngine) {
  const rulesVersion: RulesVersion = { value: 0 };
  const statements = {
    rulesVersion,
    /**
     * Changes when another connection (an admin command) commits, so what is remembered may be
     * stale. SQLite's only: where commits are not counted, submission-lookups.ts never reads it.
     */
    dataVersion: db.prepare<[], number>('PRAGMA data_version', { pluck: true }),
    consumerByApiKey: db.prepare<[string], ConsumerRow>('SELECT id, name, api_key, secret FROM consumers WHERE api_key = ?'),
    /** The oldest consumer of that name (names are not unique): compose-setup.ts finds its own again. */
    consumerByName: db.prepare<[string], ConsumerRow>('SELECT id, name, api_key, secret FROM consumers WHERE name = ? ORDER BY id LIMIT 1'),
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
    /**
     * Nothing changes when the address already signed (the email index). SQLite's OR IGNORE
     * with its rowid takes a third of the time of ON CONFLICT … RETURNING, which PostgreSQL needs.
     */
    insertSignature: db.prepare<SignatureColumns>({
      sqlite: `INSERT OR IGNORE ${INSERT_SIGNATURE}`,
      postgres: `INSERT ${INSERT_SIGNATURE} ON CONFLICT DO NOTHING RETURNING id`,
    }),
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
    ...searchStatements(db),
    ...operatorStatements(db),
    ...signInStatements(db),
    ...instanceStatements(db),
    ...bulkStatements(db),
    ...abuseStatements(db, rulesVersion),
    ...invalidationStatements(db),
    ...alertStatements(db),
    ...withdrawalStatements(db),
    ...insightStatements(db),
    ...petitionDeliveryStatements(db),
    ...paperStatements(db),
    ...metricsStatements(db),
    ...retentionStatements(db),
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
