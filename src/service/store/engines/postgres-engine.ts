// The SQL engine (sql-engine.ts) on a PostgreSQL server through node-postgres, pooled. The
// store's statements are written with SQLite's placeholders (`?` in order, `@name` by name);
// they become PostgreSQL's `$1, $2, …` once, when prepared, and each runs as a named prepared
// statement. A transaction holds one pooled connection; the statements its body awaits find it
// through AsyncLocalStorage, so the store's code is the same as on SQLite.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { PoolClient, QueryConfig } from 'pg';
import { POSTGRES_MIGRATIONS } from '../migrations/postgres-schema.js';
import { refuseNewerSchema } from '../../../newer-schema.js';
import { NUL_IN_TEXT } from '../sql-errors.js';
import { sqlFor } from './sql-engine.js';
import type { SqlEngine, SqlStatement, SqlText, StatementOptions } from './sql-engine.js';

/** Connections per instance: the group commit and the loops need few; readers share the rest. */
const POOL_SIZE = 10;
/** Any number: instances starting at once (and admin copy-to-postgres) take this advisory lock to migrate one at a time. */
export const MIGRATION_LOCK = 4_010_042;
/** The table holding the schema's version, also made by admin copy-to-postgres (copy/copy-to-postgres.ts). */
export const SCHEMA_VERSION_TABLE = 'CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)';
const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** `?` and `@name` outside quoted text, as positional `$n`; a name used twice is one parameter. */
export function toPostgresPlaceholders(sql: string): { text: string; names: string[] | null } {
  const names: string[] = [];
  let positional = 0;
  let text = '';
  for (let i = 0; i < sql.length; i++) {
    const char = sql[i]!;
    if (char === "'" || char === '"') {
      const end = sql.indexOf(char, i + 1);
      text += sql.slice(i, end + 1);
      i = end;
    } else if (char === '?') {
      text += `$${++positional}`;
    } else if (char === '@' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      const name = /^[A-Za-z_]\w*/.exec(sql.slice(i + 1))![0];
      let index = names.indexOf(name);
      if (index === -1) index = names.push(name) - 1;
      text += `$${index + 1}`;
      i += name.length;
    } else {
      text += char;
    }
  }
  if (positional > 0 && names.length > 0) throw new Error('a statement mixes ? and @name placeholders');
  return { text, names: names.length > 0 ? names : null };
}

/** Errors of the connection itself (no SQLSTATE): tagged so database-health.ts treats them as an outage. */
function tagged(error: unknown): unknown {
  if (error instanceof Error && typeof (error as { code?: unknown }).code !== 'string') {
    Object.assign(error, { code: 'PG_CONNECTION' });
  }
  return error;
}

export class PostgresEngine implements SqlEngine {
  readonly dialect = 'postgres';
  readonly statementsAreRoundTrips = true;
  readonly countsOtherCommits = false;
  readonly #pool: pg.Pool;
  readonly #context = new AsyncLocalStorage<PoolClient>();

  private constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  /**
   * Connects, and creates or migrates the schema (once, however many instances start together).
   * `name` is the database as an error may say it: the URL without its password.
   */
  static async open(url: string, lockTimeoutMs: number, name: string): Promise<PostgresEngine> {
    const pool = new pg.Pool({
      connectionString: url,
      max: POOL_SIZE,
      connectionTimeoutMillis: 5000,
      // As SQLite's busy timeout: a write that waits this long for another's lock gives up
      // (55P03, answered 503 with Retry-After by database-health.ts) instead of holding the
      // request; and no session of ours can sit in a transaction holding locks for long.
      lock_timeout: Math.max(1, Math.floor(lockTimeoutMs)),
      idle_in_transaction_session_timeout: 60_000,
      // Counts and ids are bigint: as numbers, like SQLite's (all stay below 2^53).
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID || oid === NUMERIC_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle connection the server dropped: the pool discards it; the next query gets another.
    pool.on('error', ignoreConnectionError);
    const engine = new PostgresEngine(pool);
    try {
      await engine.#migrate(name);
    } catch (error) {
      await pool.end();
      throw tagged(error);
    }
    return engine;
  }

  prepare<P = unknown[], R = unknown>(sql: SqlText, options: StatementOptions = {}): SqlStatement<P, R> {
    const { text, names } = toPostgresPlaceholders(sqlFor(sql, 'postgres'));
    const name = `s${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    const arrays = options.pluck === true || options.raw === true;
    const reads = /^\s*SELECT\b/i.test(text);
    const query = async (params: unknown[]) => {
      const values = names ? names.map((key) => (params[0] as Record<string, unknown>)[key]) : params;
      if (values.some(holdsNul)) {
        // PostgreSQL text cannot hold U+0000, so no row has such a value: a lookup by one
        // (an api_key or a source as sent) finds nothing, as on SQLite. Writes are checked
        // before they get here; one that was not is refused by its code, not sent.
        if (reads) return { rows: [] as R[], changes: 0 };
        throw Object.assign(new Error('a text value holds U+0000'), { code: NUL_IN_TEXT });
      }
      const config: QueryConfig = { name, text, values };
      try {
        const target: pg.ClientBase | pg.Pool = this.#context.getStore() ?? this.#pool;
        const result: pg.QueryResult = await target.query(arrays ? ({ ...config, rowMode: 'array' } as QueryConfig) : config);
        const rows = options.pluck ? (result.rows as unknown[][]).map((row) => row[0]) : result.rows;
        return { rows: rows as R[], changes: result.rowCount ?? 0 };
      } catch (error) {
        throw tagged(error);
      }
    };
    return {
      source: text,
      get: async (...params) => (await query(params as unknown[])).rows[0],
      all: async (...params) => (await query(params as unknown[])).rows,
      run: async (...params) => {
        const { rows, changes } = await query(params as unknown[]);
        const first = rows[0] as { id?: unknown } | undefined;
        return { changes, lastInsertId: typeof first?.id === 'number' ? first.id : null };
      },
    };
  }

  waitingForConnection(): number {
    return this.#pool.waitingCount;
  }

  async transaction<T>(body: () => Promise<T>): Promise<T> {
    if (this.#context.getStore()) return body();
    let client: PoolClient;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw tagged(error);
    }
    // The server going away while the connection is out of the pool is reported on the client
    // as well as to the query waiting on it; the query's rejection is the one handled.
    client.on('error', ignoreConnectionError);
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await this.#context.run(client, body);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw tagged(error);
    } finally {
      client.off('error', ignoreConnectionError);
      // A connection that could not roll back is not given to the next caller.
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }

  async #migrate(name: string): Promise<void> {
    const client = await this.#pool.connect();
    client.on('error', ignoreConnectionError);
    try {
      // However long another instance takes to migrate, this one waits for it.
      await client.query('SET lock_timeout = 0');
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await client.query(SCHEMA_VERSION_TABLE);
        const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_version');
        let version = rows[0]?.version ?? 0;
        // Checked under the lock, before any change: a newer schema is left as it is.
        refuseNewerSchema(name, version, POSTGRES_MIGRATIONS.length);
        if (rows.length === 0) await client.query('INSERT INTO schema_version (version) VALUES (0)');
        for (; version < POSTGRES_MIGRATIONS.length; version++) {
          await client.query('BEGIN');
          try {
            await client.query(POSTGRES_MIGRATIONS[version]!);
            await client.query('UPDATE schema_version SET version = $1', [version + 1]);
            await client.query('COMMIT');
          } catch (error) {
            // Rolled back, so the unlock below runs and the error said is the migration's own.
            await client.query('ROLLBACK').catch(ignoreConnectionError);
            throw error;
          }
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        await client.query('RESET lock_timeout');
      }
    } finally {
      client.off('error', ignoreConnectionError);
      client.release();
    }
  }
}

function ignoreConnectionError(): void {}

function holdsNul(value: unknown): boolean {
  return typeof value === 'string' && value.includes('\u0000');
}
