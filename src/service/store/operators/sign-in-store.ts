// The console's sign-in attempts (limits/sign-in-limit.ts), part of the store (store.ts): one row
// per budget key, its window begun by its first attempt and counted up in the same statement
// that reads it, so concurrent attempts (and other instances on PostgreSQL) never both take the
// last one.
import type { SqlEngine } from '../engines/sql-engine.js';

export interface SignInWindowRow {
  started_at: number;
  count: number;
}

export function signInStatements(db: SqlEngine) {
  return {
    /** One more attempt under `key`; a window that began at or before `ended_by` is over and starts again at `now`. */
    countSignInAttempt: db.prepare<{ key: string; now: number; ended_by: number }, SignInWindowRow>(
      `INSERT INTO sign_in_attempts (key, started_at, count) VALUES (@key, @now, 1)
       ON CONFLICT (key) DO UPDATE SET
         started_at = CASE WHEN sign_in_attempts.started_at <= @ended_by THEN @now ELSE sign_in_attempts.started_at END,
         count = CASE WHEN sign_in_attempts.started_at <= @ended_by THEN 1 ELSE sign_in_attempts.count + 1 END
       RETURNING started_at, count`,
    ),
    /** Gives back an attempt counted in the window that began at `started_at` (if it still runs). */
    uncountSignInAttempt: db.prepare<{ key: string; started_at: number }>(
      'UPDATE sign_in_attempts SET count = count - 1 WHERE key = @key AND started_at = @started_at AND count > 0',
    ),
    forgetSignInAttemptsBefore: db.prepare<[number]>('DELETE FROM sign_in_attempts WHERE started_at < ?'),
  };
}
