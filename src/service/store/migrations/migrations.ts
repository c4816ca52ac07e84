// The service's schema, version by version: database.ts applies the ones a file has not had yet,
// in one transaction. A version, once released, is never edited: changes are new versions.
import type Database from 'better-sqlite3';
import { callbackHost } from '../callbacks/callback-host.js';
import { nameKey, postalKey, surnameKey } from '../signatures/search-keys.js';
import { INSIGHT_MIGRATIONS } from './insight-migrations.js';
import { INTEGRITY_MIGRATIONS } from './integrity-migrations.js';
import { OPT_IN_MIGRATIONS } from './opt-in-migrations.js';
import { PAPER_MIGRATIONS } from './paper-migrations.js';
import { MAILBOX_MIGRATIONS } from './mailbox-migrations.js';
import { RETENTION_MIGRATIONS } from './retention-migrations.js';
import { SEARCH_MIGRATIONS } from './search-migrations.js';

/**
 * Schema versions in order; the file's `user_version` says how many have been applied.
 * Listed signatures carry a dense per-petition `listed_position` so that any page is a range
 * lookup on an index (no OFFSET scan). Positions may go below 1: seeded history is older than
 * everything already there, so it takes positions below the petition's first one instead of
 * renumbering the rows above it.
 */
export const MIGRATIONS: ReadonlyArray<string | ((db: Database.Database) => void)> = [
  `
  CREATE TABLE consumers (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    api_key TEXT NOT NULL UNIQUE,
    secret TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE petitions (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    signature_count INTEGER NOT NULL DEFAULT 0,
    first_listed_position INTEGER NOT NULL DEFAULT 1,
    last_listed_position INTEGER NOT NULL DEFAULT 0,
    earliest_signed_on INTEGER
  );
  CREATE TABLE signatures (
    id INTEGER PRIMARY KEY,
    petition_id INTEGER NOT NULL REFERENCES petitions(id),
    email_identity TEXT NOT NULL,
    email TEXT NOT NULL,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    address TEXT NOT NULL,
    city TEXT NOT NULL,
    state_province TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    country_code TEXT NOT NULL,
    phone TEXT,
    reason TEXT,
    hidden INTEGER NOT NULL,
    signed_on INTEGER NOT NULL,
    auth_key_request_id INTEGER,
    listed_position INTEGER
  );
  CREATE UNIQUE INDEX signatures_by_email ON signatures(petition_id, email_identity);
  CREATE UNIQUE INDEX signatures_by_listed_position ON signatures(petition_id, listed_position)
    WHERE listed_position IS NOT NULL;
  CREATE TABLE signature_queue (
    id INTEGER PRIMARY KEY,
    petition_id INTEGER NOT NULL,
    email_identity TEXT NOT NULL,
    signer TEXT NOT NULL,
    auth_key_request_id INTEGER NOT NULL,
    received_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX signature_queue_by_email ON signature_queue(petition_id, email_identity);
  CREATE TABLE auth_key_requests (
    id INTEGER PRIMARY KEY,
    petition_id INTEGER NOT NULL REFERENCES petitions(id),
    consumer_id INTEGER NOT NULL REFERENCES consumers(id),
    source TEXT NOT NULL,
    source_description TEXT NOT NULL,
    requester_email TEXT NOT NULL,
    callback_endpoint TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'granted', 'denied', 'revoked')),
    auth_key TEXT UNIQUE,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (petition_id, consumer_id, source)
  );
  CREATE TABLE callback_deliveries (
    id INTEGER PRIMARY KEY,
    auth_key_request_id INTEGER NOT NULL REFERENCES auth_key_requests(id),
    payload TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'abandoned')),
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    next_attempt_at INTEGER NOT NULL,
    last_outcome TEXT
  );
  CREATE INDEX callback_deliveries_due ON callback_deliveries(next_attempt_at) WHERE state = 'pending';
  CREATE TABLE seen_request_signatures (
    rsig TEXT PRIMARY KEY,
    seen_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX seen_request_signatures_by_time ON seen_request_signatures(seen_at);
  `,
  // A request's deliveries go out one at a time, oldest first: a receiver must never see
  // `granted` after `revoked`. This finds a request's earlier pending delivery.
  `
  CREATE INDEX callback_deliveries_pending_by_request ON callback_deliveries(auth_key_request_id, id)
    WHERE state = 'pending';
  `,
  // The petition resource as API v1 had it. Targets are a JSON array of names; a url is unique
  // so that get_id has one answer.
  `
  ALTER TABLE petitions ADD COLUMN overview TEXT NOT NULL DEFAULT '';
  ALTER TABLE petitions ADD COLUMN targets TEXT NOT NULL DEFAULT '[]';
  ALTER TABLE petitions ADD COLUMN goal INTEGER;
  ALTER TABLE petitions ADD COLUMN status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed'));
  ALTER TABLE petitions ADD COLUMN end_at INTEGER;
  ALTER TABLE petitions ADD COLUMN url TEXT;
  ALTER TABLE petitions ADD COLUMN image_url TEXT;
  CREATE UNIQUE INDEX petitions_by_url ON petitions(url) WHERE url IS NOT NULL;
  `,
  // Replay memory is kept until the request's own timestamp leaves the window, so it is pruned
  // exactly when no copy of the request could be accepted any more. Old rows keep their margin.
  `
  ALTER TABLE seen_request_signatures RENAME COLUMN seen_at TO expires_at;
  UPDATE seen_request_signatures SET expires_at = expires_at + 660000;
  DROP INDEX seen_request_signatures_by_time;
  CREATE INDEX seen_request_signatures_by_expiry ON seen_request_signatures(expires_at);
  CREATE TABLE service_state (name TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
  `,
  // Deliveries are shared fairly between callback hosts (callback-delivery.ts): each request
  // carries its endpoint's host as the URL parser reads it.
  (db) => {
    db.exec("ALTER TABLE auth_key_requests ADD COLUMN callback_host TEXT NOT NULL DEFAULT ''");
    const update = db.prepare('UPDATE auth_key_requests SET callback_host = ? WHERE id = ?');
    for (const row of db.prepare('SELECT id, callback_endpoint FROM auth_key_requests').all() as { id: number; callback_endpoint: string }[]) {
      update.run(callbackHost(row.callback_endpoint), row.id);
    }
  },
  // The operator's console (src/service/console/): operators, their sessions and the audit log.
  // Signatures get a state (unconfirmed ones wait for their signer's email confirmation, an
  // invalidated one no longer counts), folded search keys with their indexes (search-keys.ts),
  // and the index the console's list of unlisted signatures pages by.
  (db) => {
    db.exec(`
      ALTER TABLE petitions ADD COLUMN confirm_signers INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE signatures ADD COLUMN state TEXT NOT NULL DEFAULT 'counted'
        CHECK (state IN ('counted', 'unconfirmed', 'invalidated'));
      ALTER TABLE signatures ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE signatures ADD COLUMN surname_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE signatures ADD COLUMN postal_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE signature_queue ADD COLUMN lang TEXT NOT NULL DEFAULT 'en';
    `);
    const update = db.prepare('UPDATE signatures SET name_key = ?, surname_key = ?, postal_key = ? WHERE id = ?');
    const chunk = db.prepare<[number], { id: number; first_name: string; last_name: string; postal_code: string }>(
      'SELECT id, first_name, last_name, postal_code FROM signatures WHERE id > ? ORDER BY id LIMIT 10000',
    );
    // In chunks: a statement cannot write while another one on the connection is still reading.
    for (let rows = chunk.all(0); rows.length > 0; rows = chunk.all(rows[rows.length - 1]!.id)) {
      for (const row of rows) {
        update.run(nameKey(row.first_name, row.last_name), surnameKey(row.first_name, row.last_name), postalKey(row.postal_code), row.id);
      }
    }
    db.exec(`
      CREATE INDEX signatures_by_name ON signatures(petition_id, name_key);
      CREATE INDEX signatures_by_surname ON signatures(petition_id, surname_key);
      CREATE INDEX signatures_by_postal_code ON signatures(petition_id, postal_key);
      CREATE INDEX signatures_unlisted ON signatures(petition_id, id) WHERE listed_position IS NULL;
      CREATE INDEX signatures_by_state ON signatures(petition_id, state) WHERE state <> 'counted';
      CREATE TABLE signature_confirmations (
        signature_id INTEGER PRIMARY KEY REFERENCES signatures(id),
        petition_id INTEGER NOT NULL REFERENCES petitions(id),
        lang TEXT NOT NULL,
        token_hash TEXT UNIQUE,
        expires_at INTEGER NOT NULL,
        mail_due_at INTEGER,
        mail_attempts INTEGER NOT NULL DEFAULT 0,
        mails_in_window INTEGER NOT NULL,
        window_started_at INTEGER NOT NULL
      );
      CREATE INDEX signature_confirmations_due ON signature_confirmations(mail_due_at) WHERE mail_due_at IS NOT NULL;
      CREATE INDEX signature_confirmations_by_expiry ON signature_confirmations(expires_at);
      CREATE INDEX signature_confirmations_by_petition ON signature_confirmations(petition_id);
      CREATE TABLE operators (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        must_change_password INTEGER NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE operator_sessions (
        token_hash TEXT PRIMARY KEY,
        operator_id INTEGER NOT NULL REFERENCES operators(id),
        csrf_token TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        last_seen_at INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE audit_log (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        actor TEXT NOT NULL,
        action TEXT NOT NULL,
        subject TEXT NOT NULL,
        detail TEXT NOT NULL
      );
    `);
  },
  // Replay memory keyed by (expires_at, rsig): a request's expiry follows from its own timestamp,
  // so a copy of it has the same key, and new keys land next to each other instead of at random
  // places in an rsig index (one page written per batch, not one per signature: docs/benchmarks.md
  // "Service: ingest"); pruning reads the key's start, so the separate expiry index goes.
  `
  CREATE TABLE seen_request_signatures_keyed (
    expires_at INTEGER NOT NULL,
    rsig TEXT NOT NULL,
    PRIMARY KEY (expires_at, rsig)
  ) WITHOUT ROWID;
  INSERT OR IGNORE INTO seen_request_signatures_keyed (expires_at, rsig) SELECT expires_at, rsig FROM seen_request_signatures;
  DROP TABLE seen_request_signatures;
  ALTER TABLE seen_request_signatures_keyed RENAME TO seen_request_signatures;
  `,
  ...INTEGRITY_MIGRATIONS,
  ...INSIGHT_MIGRATIONS,
  ...PAPER_MIGRATIONS,
  ...OPT_IN_MIGRATIONS,
  ...SEARCH_MIGRATIONS,
  ...RETENTION_MIGRATIONS,
  ...MAILBOX_MIGRATIONS,
];
