// Opens the service's one SQLite file and creates or migrates its schema; both the running
// service and the admin commands (possibly another process) go through here.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export type ServiceDatabase = Database.Database;

/**
 * Schema versions in order; the file's `user_version` says how many have been applied.
 * Listed signatures carry a dense per-petition `listed_position` so that any page is a range
 * lookup on an index (no OFFSET scan). Positions may go below 1: seeded history is older than
 * everything already there, so it takes positions below the petition's first one instead of
 * renumbering the rows above it.
 */
const MIGRATIONS: readonly string[] = [
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
];

/** How long a write waits for another process's write lock before SQLITE_BUSY (then 503). */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

export function openDatabase(dbPath: string, busyTimeoutMs = DEFAULT_BUSY_TIMEOUT_MS): ServiceDatabase {
  mkdirSync(dirname(dbPath), { recursive: true });
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit is in the OS's hands before we answer, so killing the process
  // loses nothing; only a power cut can lose the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // The admin commands write from another process while the service runs.
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
  migrate(db);
  return db;
}

function migrate(db: ServiceDatabase): void {
  const version = () => db.pragma('user_version', { simple: true }) as number;
  if (version() >= MIGRATIONS.length) return;
  // Immediate: a second process opening the same new file waits, then sees the work done.
  db.transaction(() => {
    for (let next = version(); next < MIGRATIONS.length; next++) db.exec(MIGRATIONS[next]!);
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}
