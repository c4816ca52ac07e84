// What the service checks of its SQLite file when it opens it, so that a damaged file stops the
// start (or an admin command) with one line, instead of a 500 for each request that reaches it.
// Not SQLite's quick_check, which reads every page: 0.33 s for a file of 300,000 signatures
// (147 MB) from the page cache and 1.5 s from disk, growing with the file, so minutes at the sizes
// the service is built for, paid by every start and every admin command. These checks cost the
// same whatever the size: the file is as long as its header says (a copy or restore cut short,
// the most common damage), and the schema and the first page of every table can be read. Damage
// deeper in a table is found when a request reads it (SQLITE_CORRUPT, logged by its code).
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';
import type Database from 'better-sqlite3';

const HEADER_BYTES = 100;

/** An error as SQLite throws it for a damaged file, so the opening reports both alike. */
function corrupt(): Error {
  return Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' });
}

/**
 * The database's size in pages as its header states it, when the header says that size is
 * current (https://www.sqlite.org/fileformat2.html#in_header_database_size): non-zero, and its
 * "version valid for" equal to the change counter. Undefined for a new (empty) file.
 */
function headerSizeBytes(header: Buffer): number | undefined {
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65_536 : rawPageSize;
  const pages = header.readUInt32BE(28);
  const valid = pages > 0 && header.readUInt32BE(24) === header.readUInt32BE(92);
  return valid ? pages * pageSize : undefined;
}

/**
 * A file shorter than its header says lost its end: SQLite would read zeros there, then fail.
 * Only without a write-ahead log to replay: a checkpoint cut short may leave the file short of
 * pages that the log still holds, and SQLite reads them from there.
 */
export function checkFileLength(dbPath: string): void {
  // A file that is missing, or a folder, is for SQLite's opening to refuse as it does.
  if (!statSync(dbPath, { throwIfNoEntry: false })?.isFile()) return;
  if (statSync(`${dbPath}-wal`, { throwIfNoEntry: false })?.size) return;
  const descriptor = openSync(dbPath, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    if (readSync(descriptor, header, 0, HEADER_BYTES, 0) < HEADER_BYTES) return;
    const expected = headerSizeBytes(header);
    if (expected !== undefined && fstatSync(descriptor).size < expected) throw corrupt();
  } finally {
    closeSync(descriptor);
  }
}

/** Reads the schema and the first row of each table: a damaged root or schema page throws SQLITE_CORRUPT. */
export function checkTablesReadable(db: Database.Database): void {
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  for (const table of tables) db.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}" LIMIT 1`).get();
}
