// What `admin copy-to-postgres` copies, read from the two schemas themselves rather than from a
// list of columns kept by hand: every PostgreSQL table in foreign-key order, and in each the
// columns SQLite has under the same name. A table or column on one side only is refused before
// anything is written, unless it is one of the few exceptions below with its reason: a copy that
// silently left out a column added later (on one engine) would lose that column's data.
import type { Database } from 'better-sqlite3';
import type pg from 'pg';
import { OperatorError } from '../../errors/operator-error.js';
import { converterFor } from './copy-values.js';
import type { ValueConverter } from './copy-values.js';

/** SQLite's own search index; PostgreSQL searches the key columns both engines keep on signatures (search-store.ts). */
const SEARCH_INDEX = 'the console search index of SQLite (FTS5), which PostgreSQL does without';

/** Tables only SQLite has, each with why nothing is lost when it is left behind. */
export const SQLITE_ONLY_TABLES: Readonly<Record<string, string>> = {
  signature_search: SEARCH_INDEX,
  signature_search_config: SEARCH_INDEX,
  signature_search_data: SEARCH_INDEX,
  signature_search_docsize: SEARCH_INDEX,
  signature_search_idx: SEARCH_INDEX,
  search_progress: 'how far SQLite has filled its search index',
};

/** Tables only PostgreSQL has: written by the copy itself, or state of running instances that starts empty. */
const POSTGRES_ONLY_TABLES: Readonly<Record<string, string>> = {
  schema_version: 'the schema version, written by the copy from the migrations it ran',
  rate_counts: "the consumers' shared per-minute request counts: a new minute starts empty",
  service_instances: 'the instances running now: none yet',
};

const CLAIM = 'the instance sending it: none yet, so the first to start takes it';

/** Columns only PostgreSQL has (`table.column`), left to their defaults. */
const POSTGRES_ONLY_COLUMNS: Readonly<Record<string, string>> = {
  'callback_deliveries.claimed_by': CLAIM,
  'alert_deliveries.claimed_by': CLAIM,
  'signature_confirmations.mail_claimed_by': CLAIM,
};

/** Columns only SQLite has (`table.column`): none today. */
const SQLITE_ONLY_COLUMNS: Readonly<Record<string, string>> = {};

interface CopiedColumn {
  name: string;
  convert: ValueConverter;
}

export interface TablePlan {
  table: string;
  columns: CopiedColumn[];
  /** Identity columns, whose sequences continue after the copied ids. */
  identities: string[];
}

interface PostgresColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

/** The source's tables and their columns (SQLite's internal tables aside). */
function sqliteTables(source: Database): Map<string, string[]> {
  const names = source
    .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
    .pluck()
    .all() as string[];
  const tables = new Map<string, string[]>();
  for (const name of names) {
    // Hidden columns (a virtual table's, a generated column) are SQLite's to compute.
    const columns = source.prepare(`PRAGMA table_xinfo("${name}")`).all() as Array<{ name: string; hidden: number }>;
    tables.set(name, columns.filter((column) => column.hidden === 0).map((column) => column.name));
  }
  return tables;
}

async function postgresColumns(target: pg.ClientBase): Promise<Map<string, PostgresColumn[]>> {
  const { rows } = await target.query<PostgresColumn>(
    `SELECT c.table_name, c.column_name, c.data_type, c.is_identity, c.is_generated, c.is_nullable, c.column_default
     FROM information_schema.columns c
     JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
     ORDER BY c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, PostgresColumn[]>();
  for (const row of rows) tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row]);
  return tables;
}

/** Parents before children (each table after those its foreign keys name), by name otherwise. */
async function foreignKeyOrder(target: pg.ClientBase, tables: string[]): Promise<string[]> {
  const { rows } = await target.query<{ child: string; parent: string }>(
    `SELECT DISTINCT child.relname AS child, parent.relname AS parent
     FROM pg_constraint c
     JOIN pg_class child ON child.oid = c.conrelid
     JOIN pg_class parent ON parent.oid = c.confrelid
     WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace AND c.conrelid <> c.confrelid`,
  );
  const ordered: string[] = [];
  const pending = new Set([...tables].sort());
  while (pending.size > 0) {
    const ready = [...pending].find((table) => !rows.some(({ child, parent }) => child === table && pending.has(parent)));
    if (ready === undefined) throw new Error('the foreign keys of the PostgreSQL schema make a cycle');
    ordered.push(ready);
    pending.delete(ready);
  }
  return ordered;
}

/** Every difference between the two schemas that no exception explains, as `table.column` phrases. */
function unexplained(sqlite: Map<string, string[]>, postgres: Map<string, PostgresColumn[]>): string[] {
  const problems: string[] = [];
  for (const table of sqlite.keys()) {
    if (!postgres.has(table) && !(table in SQLITE_ONLY_TABLES)) problems.push(`table ${table} is in the SQLite file only`);
  }
  for (const [table, columns] of postgres) {
    const sqliteColumns = sqlite.get(table);
    if (!sqliteColumns) {
      if (!(table in POSTGRES_ONLY_TABLES)) problems.push(`table ${table} is in PostgreSQL only`);
      continue;
    }
    for (const column of sqliteColumns) {
      const key = `${table}.${column}`;
      if (!columns.some(({ column_name }) => column_name === column) && !(key in SQLITE_ONLY_COLUMNS)) problems.push(`column ${key} is in the SQLite file only`);
    }
    for (const { column_name, is_nullable, column_default, is_identity } of columns) {
      const key = `${table}.${column_name}`;
      if (sqliteColumns.includes(column_name) || key in POSTGRES_ONLY_COLUMNS) continue;
      // Explained or not, a column the copy cannot leave empty is named.
      problems.push(`column ${key} is in PostgreSQL only${is_nullable === 'NO' && column_default === null && is_identity === 'NO' ? ' and has no default' : ''}`);
    }
  }
  return problems;
}

/**
 * The copy's plan: the PostgreSQL tables that SQLite also has, parents first, each with the
 * columns both have and how a SQLite value becomes PostgreSQL's. Refused (OperatorError) when the
 * schemas differ in a way no exception explains, or a column's type has no known conversion.
 */
export async function planCopy(source: Database, target: pg.ClientBase): Promise<TablePlan[]> {
  const sqlite = sqliteTables(source);
  const postgres = await postgresColumns(target);
  const problems = unexplained(sqlite, postgres);
  const plans: TablePlan[] = [];
  for (const table of await foreignKeyOrder(target, [...postgres.keys()].filter((name) => sqlite.has(name)))) {
    const both = postgres.get(table)!.filter(({ column_name, is_generated }) => sqlite.get(table)!.includes(column_name) && is_generated === 'NEVER');
    const columns: CopiedColumn[] = [];
    for (const { column_name, data_type } of both) {
      const convert = converterFor(data_type);
      if (convert) columns.push({ name: column_name, convert });
      else problems.push(`column ${table}.${column_name} is ${data_type} in PostgreSQL, which the copy cannot convert to`);
    }
    plans.push({ table, columns, identities: both.filter(({ is_identity }) => is_identity === 'YES').map(({ column_name }) => column_name) });
  }
  if (problems.length > 0) {
    throw new OperatorError(`copy-to-postgres refused, nothing written: the two schemas differ (${problems.join('; ')}); is each engine at this version's schema?`);
  }
  return plans;
}
