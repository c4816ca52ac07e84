// What a restored copy of the service must hold, compared with the database it was copied from
// (README "Backups"): the SQLite backup's restore test and PostgreSQL's pg_dump -> pg_restore
// round trip make the same checks. Both databases are read through the store's engine
// (test-database.ts), so their rows look the same on either engine.
import assert from 'node:assert/strict';
import { withDatabase } from '../test-database.js';

export type Row = Record<string, unknown>;

export const rowsOf = (database: string, sql: string): Promise<Row[]> => withDatabase(database, (db) => db.prepare<[], Row>(sql).all());

/**
 * What a signer and the public list see of a signature: its petition, listed position, hidden
 * flag, time, confirmation state and channel. Not its id: a signature the copy held in its queue
 * is written by the restored service, which numbers it again.
 */
const SIGNATURE_STATE = 'last_name, petition_id, listed_position, hidden, signed_on, state, channel';

/**
 * Tables a stream of signatures leaves alone: the copy holds exactly the original's rows, as
 * long as nobody edits them meanwhile (the test's own steps come before the copy).
 */
export const SETTLED_TABLES = ['consumers', 'auth_key_requests', 'operators', 'block_entries', 'paper_batches', 'invalidation_batches'] as const;

/** Signatures by last name (a test gives each signer its own), with what SIGNATURE_STATE names. */
export async function signaturesByName(database: string): Promise<Map<string, Row>> {
  const rows = await rowsOf(database, `SELECT ${SIGNATURE_STATE} FROM signatures ORDER BY id`);
  return new Map(rows.map((row) => [String(row['last_name']), row]));
}

/**
 * Every one of `names` is in the copy exactly as in the original. The restored service writes
 * what the copy's queue held when it was taken, so this waits for them (up to `timeoutMs`).
 */
export async function assertSignaturesKept(original: string, copy: string, names: readonly string[], timeoutMs = 5000): Promise<void> {
  assert.ok(names.length > 0, 'some signatures to look for');
  const originals = await signaturesByName(original);
  let copied = await signaturesByName(copy);
  for (const until = Date.now() + timeoutMs; !names.every((name) => copied.has(name)) && Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    copied = await signaturesByName(copy);
  }
  for (const name of names) {
    assert.ok(originals.has(name), `${name} is in the original`);
    assert.deepEqual(copied.get(name), originals.get(name), `signature of ${name}: petition, listed position, hidden flag, time, confirmation state, channel`);
  }
}

/** The copy's rows of each table equal the original's, all columns. */
export async function assertTablesEqual(original: string, copy: string, tables: readonly string[] = SETTLED_TABLES): Promise<void> {
  for (const table of tables) {
    const copied = await rowsOf(copy, `SELECT * FROM ${table} ORDER BY id`);
    assert.deepEqual(copied, await rowsOf(original, `SELECT * FROM ${table} ORDER BY id`), table);
  }
}

/**
 * A table that only grows while the service runs (the audit log; the alerts, of which `columns`
 * names what never changes once raised): the copy holds the original's first rows, and at least
 * `atLeast` of them.
 */
export async function assertPrefixKept(original: string, copy: string, table: string, columns = '*', atLeast = 1): Promise<void> {
  const copied = await rowsOf(copy, `SELECT ${columns} FROM ${table} ORDER BY id`);
  assert.ok(copied.length >= atLeast, `${table}: ${copied.length} rows in the copy, expected at least ${atLeast}`);
  const originals = await rowsOf(original, `SELECT ${columns} FROM ${table} ORDER BY id`);
  assert.deepEqual(copied, originals.slice(0, copied.length), `${table} up to the copy`);
}

/** What an alert was when raised and how an operator answered it; its running counts go on changing. */
export const ALERT_IDENTITY = 'id, petition_id, kind, group_key, raised_at, dismissed_at, dismissed_by';

/** The public count of a petition on a running service (GET …/signatures). */
export async function shownCount(baseUrl: string, apiKey: string, petitionId: number): Promise<number> {
  const url = new URL(`${new URL(baseUrl).origin}/v1/petitions/${petitionId}/signatures`);
  url.searchParams.set('api_key', apiKey);
  const response = await fetch(url);
  assert.equal(response.status, 200);
  return ((await response.json()) as { signature_count: number }).signature_count;
}
