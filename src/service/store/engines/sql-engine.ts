// The one way the store (store.ts and its *-store.ts modules) reaches a database, whichever
// engine is under it: SQLite in this process (sqlite-engine.ts) or a PostgreSQL server
// (postgres-engine.ts). Statements are async on both, so the domain code is written once and
// does not know which engine runs it; where the two dialects differ, a statement gives both.

export type Dialect = 'sqlite' | 'postgres';

/** A statement's parameters: positional (`?`) as arguments, or named (`@name`) as one object. */
export type StatementArgs<P> = P extends readonly unknown[] ? P : [P];

export interface SqlRun {
  /** Rows the statement inserted, changed or deleted. */
  changes: number;
  /** The id of the row an insert added: SQLite's rowid, or on PostgreSQL the `RETURNING id` of the statement. */
  lastInsertId: number | null;
}

export interface SqlStatement<P = unknown[], R = unknown> {
  /** The SQL this engine runs (for EXPLAIN in tests). */
  readonly source: string;
  /** The first row, or undefined. */
  get(...params: StatementArgs<P>): Promise<R | undefined>;
  all(...params: StatementArgs<P>): Promise<R[]>;
  run(...params: StatementArgs<P>): Promise<SqlRun>;
}

export interface StatementOptions {
  /** Each row is its first column's value. */
  pluck?: boolean;
  /** Each row is an array of its columns, in order (cheaper than an object for long reads). */
  raw?: boolean;
}

/** One SQL text for both engines, or each engine's own where their dialects differ. */
export type SqlText = string | Record<Dialect, string>;

export interface SqlEngine {
  readonly dialect: Dialect;
  /**
   * Each statement is a round trip to a server (PostgreSQL), so a batch is written in a few
   * statements; in process (SQLite) one-row statements are cheaper than decoding a batch.
   */
  readonly statementsAreRoundTrips: boolean;
  /**
   * Another connection's commit is counted (SQLite's data_version), so what a process
   * remembers can be checked cheaply; otherwise (PostgreSQL, several instances) it cannot.
   */
  readonly countsOtherCommits: boolean;
  prepare<P = unknown[], R = unknown>(sql: SqlText, options?: StatementOptions): SqlStatement<P, R>;
  /**
   * Runs `body` in one transaction: every statement it awaits is part of it, committed when it
   * resolves and rolled back when it throws. A transaction begun inside another joins it.
   * On SQLite it takes the write lock at once (BEGIN IMMEDIATE).
   */
  transaction<T>(body: () => Promise<T>): Promise<T>;
  /** Queries waiting for a pooled connection now (PostgreSQL; /metrics): none in process. */
  waitingForConnection(): number;
  close(): Promise<void>;
}

export function sqlFor(sql: SqlText, dialect: Dialect): string {
  return typeof sql === 'string' ? sql : sql[dialect];
}
