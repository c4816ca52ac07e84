// Schema versions in a Durable Object's SQLite. Its storage refuses `PRAGMA user_version`, which
// the Node stores count their migrations with, so each schema's version is a row of its own.

/** Runs the steps of `steps` that `name`'s stored version has not seen yet, each in a transaction. */
export function migrateDurable(storage: DurableObjectStorage, name: string, steps: readonly string[]): void {
  const { sql } = storage;
  sql.exec('CREATE TABLE IF NOT EXISTS schema_versions (name TEXT PRIMARY KEY, version INTEGER NOT NULL)');
  const stored = sql.exec<{ version: number }>('SELECT version FROM schema_versions WHERE name = ?', name).toArray()[0]?.version ?? 0;
  for (let step = stored; step < steps.length; step++) {
    storage.transactionSync(() => {
      sql.exec(steps[step]!);
      sql.exec('INSERT INTO schema_versions (name, version) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET version = excluded.version', name, step + 1);
    });
  }
}
