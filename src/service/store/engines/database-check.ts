// What the service checks of its SQLite file when it opens it, so that a damaged file stops the
// start (or an admin command) with one line, instead of a 500 for each request that reaches it.
// Not SQLite's quick_check, which reads every page: 0.33 s for a file of 300,000 signatures
// (147 MB) from the page cache and 1.5 s from disk, growing with the file, so minutes at the sizes
// the service is built for, paid by every start and every admin command. This check costs the
// same whatever the size: the schema and the first row of every table can be read. A file shorter
// than its header says (a copy or restore cut short) SQLite refuses by itself at the first read.
// Damage deeper in a table is found when a request reads it (SQLITE_CORRUPT, logged by its code).
import type Database from 'better-sqlite3';

/** Reads the schema and the first row of each table: a damaged root or schema page throws SQLITE_CORRUPT. */
export function checkTablesReadable(db: Database.Database): void {
  const tables = db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").pluck().all() as string[];
  for (const table of tables) db.prepare(`SELECT * FROM "${table.replaceAll('"', '""')}" LIMIT 1`).get();
}
