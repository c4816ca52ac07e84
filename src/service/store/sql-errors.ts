// What a database error means, whichever engine raised it (sql-engine.ts).

/** A unique index refused the row: SQLite's extended code, or PostgreSQL's SQLSTATE 23505. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** PostgreSQL's SQLSTATE for a character its encoding cannot hold: what it says of U+0000. */
export const NUL_IN_TEXT = '22021';
