// The SQL engine (sql-engine.ts) on one better-sqlite3 connection. Its calls are synchronous;
// what makes them safe behind async statements is that a transaction holds the connection:
// while one is open (its body awaiting), a statement from anywhere else waits for it to end,
// so it never runs, or is rolled back, inside another caller's transaction.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Statement } from 'better-sqlite3';
import { sqlFor } from './sql-engine.js';
import type { SqlEngine, SqlStatement, SqlText, StatementOptions } from './sql-engine.js';

interface OpenTransaction {
  ended: Promise<void>;
}

export class SqliteEngine implements SqlEngine {
  readonly dialect = 'sqlite';
  readonly statementsAreRoundTrips = false;
  readonly countsOtherCommits = true;
  #open: OpenTransaction | null = null;
  readonly #context = new AsyncLocalStorage<OpenTransaction>();
  readonly #begin: Statement;
  readonly #commit: Statement;
  readonly #rollback: Statement;

  constructor(readonly db: Database) {
    this.#begin = db.prepare('BEGIN IMMEDIATE');
    this.#commit = db.prepare('COMMIT');
    this.#rollback = db.prepare('ROLLBACK');
  }

  prepare<P = unknown[], R = unknown>(sql: SqlText, options: StatementOptions = {}): SqlStatement<P, R> {
    const source = sqlFor(sql, 'sqlite');
    // Prepared when first run: a statement of a table only the other engine has (the shared
    // rate limit's) is never prepared here.
    let prepared: Statement | undefined;
    const statement = (): Statement => {
      if (prepared) return prepared;
      prepared = this.db.prepare(source);
      if (options.pluck) prepared.pluck();
      if (options.raw) prepared.raw(true);
      return prepared;
    };
    const args = (params: unknown) => params as never[];
    return {
      source,
      get: async (...params) => {
        if (this.#open) await this.#turn();
        const ready = statement();
        // A write (INSERT … RETURNING) is stepped to its end: get() resets it after the first
        // row, and outside a transaction its commit's failure (SQLITE_FULL) is then never raised.
        if (!ready.readonly) return ready.all(...args(params))[0] as R | undefined;
        return ready.get(...args(params)) as R | undefined;
      },
      all: async (...params) => {
        if (this.#open) await this.#turn();
        return statement().all(...args(params)) as R[];
      },
      run: async (...params) => {
        if (this.#open) await this.#turn();
        const ready = statement();
        // A statement that returns rows (RETURNING) is stepped through them instead.
        if (ready.reader) return { changes: ready.all(...args(params)).length, lastInsertId: null };
        const { changes, lastInsertRowid } = ready.run(...args(params));
        return { changes, lastInsertId: changes > 0 ? Number(lastInsertRowid) : null };
      },
    };
  }

  async transaction<T>(body: () => Promise<T>): Promise<T> {
    const within = this.#context.getStore();
    if (within && within === this.#open) return body();
    while (this.#open) await this.#open.ended;
    let end!: () => void;
    const open: OpenTransaction = { ended: new Promise<void>((resolve) => (end = resolve)) };
    this.#open = open;
    try {
      this.#begin.run();
      let result: T;
      try {
        result = await this.#context.run(open, body);
        this.#commit.run();
      } catch (error) {
        if (this.db.inTransaction) this.#rollback.run();
        throw error;
      }
      return result;
    } finally {
      this.#open = null;
      end();
    }
  }

  /** One connection in this process: nothing ever waits for one. */
  waitingForConnection(): number {
    return 0;
  }

  async close(): Promise<void> {
    this.db.close();
  }

  /** Waits while a transaction this caller is not part of holds the connection. */
  async #turn(): Promise<void> {
    while (this.#open && this.#context.getStore() !== this.#open) await this.#open.ended;
  }
}
