// The proxy's state besides the outbox and the keys, in one SQLite file in dataDir
// (state.sqlite): the last good answer of each read, the callback signatures already seen and the
// proofs of work already spent. Private like every file there; WAL with normal sync, since
// nothing in it is a promise to a signer: a power cut may lose the last moments of it (a proof
// spent just before could then be spent once more), a crash of the process loses nothing.
// The last good answers hold signers' listed names and places: an answer replaced or dropped is
// zeroed in the file (secure_delete), not left readable in free pages.
import type Database from 'better-sqlite3';
import { Sqlite } from '../../sqlite.js';
import { join } from 'node:path';
import { makeDataDir, makePrivateDatabaseFile } from './data-dir.js';

export function stateDatabasePath(dataDir: string): string {
  return join(dataDir, 'state.sqlite');
}

export function openStateDatabase(dataDir: string): Database.Database {
  makeDataDir(dataDir);
  const path = stateDatabasePath(dataDir);
  makePrivateDatabaseFile(path);
  const db = new Sqlite(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('secure_delete = ON');
  return db;
}
