// The proxy's state besides the outbox and the keys, in one SQLite file in dataDir
// (state.sqlite): the last good answer of each read, the callback signatures already seen and the
// proofs of work already spent. Private like every file there; WAL with normal sync, since
// nothing in it is a promise to a signer: a power cut may lose the last moments of it (a proof
// spent just before could then be spent once more), a crash of the process loses nothing.
// The last good answers hold signers' listed names and places: an answer replaced or dropped is
// zeroed in the file (secure_delete), not left readable in free pages.
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { openDataFile, type DataFile } from './data-file.js';

export function stateDatabasePath(dataDir: string): string {
  return join(dataDir, 'state.sqlite');
}

/** Nothing in it is owed to anyone: moving it aside costs a little, and says what. */
export function stateDataFile(dataDir: string): DataFile {
  return {
    path: stateDatabasePath(dataDir),
    remedy:
      'move it aside (or delete it) and start the proxy again: it makes a new one, losing only the last good answers ' +
      'kept for when the service is down and the record of proofs of work and callbacks already used',
  };
}

export function openStateDatabase(dataDir: string): Database.Database {
  const configure = (db: Database.Database) => {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('secure_delete = ON');
  };
  // Each user of the file (last-good-sqlite.ts, seen-callback-sqlite.ts, used-proof-sqlite.ts) makes its own table.
  return openDataFile(stateDataFile(dataDir), configure, () => {});
}
