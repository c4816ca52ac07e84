// Opens the service's one SQLite file and creates or migrates its schema; both the running
// service and the admin commands (possibly another process) go through here.
import Database from 'better-sqlite3';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { errorCode } from './error-code.js';

export type ServiceDatabase = Database.Database;

/**
 * Schema versions in order; the file's `user_version` says how many have been applied.
 * Listed signatures carry a dense per-petition `listed_position` so that any page is a range
 * lookup on an index (no OFFSET scan). Positions may go below 1: seeded history is older than
 * everything already there, so it takes positions below the petition's first one instead of
 * renumbering the rows above it.
 */
const MIGRATIONS: ReadonlyArray<string | ((db: ServiceDatabase) => void)> = [
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
];

/** The host (and port) a callback endpoint reaches, as deliveries are grouped by it. */
export function callbackHost(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
}

/** How long a write waits for another process's write lock before SQLITE_BUSY (then 503). */
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

export interface OpenOptions {
  busyTimeoutMs?: number;
  /** Reopening after a failure: never create a new, empty file where the real one went missing. */
  mustExist?: boolean;
}

/**
 * Opens the file, creating it (0600, in a 0700 folder when that is created too) unless
 * `mustExist`, and proves that it can be written: a service on a file it cannot write would
 * take signatures' requests only to fail every one of them.
 */
export function openDatabase(dbPath: string, options: OpenOptions = {}): ServiceDatabase {
  if (!options.mustExist) createPrivateFile(dbPath);
  const db = new Database(dbPath, { fileMustExist: true });
  try {
    configure(db, options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS);
    migrate(db);
    proveWritable(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * The file holds the consumers' secrets, the keys and every signer: only its owner may read it.
 * SQLite gives the -wal and -shm files the database file's mode, so they follow.
 */
function createPrivateFile(dbPath: string): void {
  try {
    mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
  } catch (error) {
    // mkdir says EEXIST when a file stands where a folder of the path should be.
    if (errorCode(error) === 'EEXIST') throw Object.assign(new Error('a file is in the way of the folder'), { code: 'ENOTDIR' });
    throw error;
  }
  closeSync(openSync(dbPath, 'a', 0o600));
  for (const path of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) {
    if (existsSync(path) && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  }
}

/** A real write, committed: a file opened read-only, or on a full or read-only disk, fails it. */
export function proveWritable(db: ServiceDatabase): void {
  db.prepare("INSERT INTO service_state (name, value) VALUES ('opened_at', ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value")
    .run(new Date().toISOString());
}

function configure(db: ServiceDatabase, busyTimeoutMs: number): void {
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit is in the OS's hands before we answer, so killing the process
  // loses nothing; only a power cut can lose the last commits.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // The admin commands write from another process while the service runs.
  db.pragma(`busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
}

function migrate(db: ServiceDatabase): void {
  const version = () => db.pragma('user_version', { simple: true }) as number;
  if (version() >= MIGRATIONS.length) return;
  // Immediate: a second process opening the same new file waits, then sees the work done.
  db.transaction(() => {
    for (let next = version(); next < MIGRATIONS.length; next++) {
      const migration = MIGRATIONS[next]!;
      if (typeof migration === 'string') db.exec(migration);
      else migration(db);
    }
    db.pragma(`user_version = ${MIGRATIONS.length}`);
  }).immediate();
}
