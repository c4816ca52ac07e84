// Which engine the service tests run on: SQLite by default, PostgreSQL when
// SERVICE_TEST_DATABASE=postgres (npm test runs test/service both ways). On PostgreSQL each
// test's database is a new one in a throwaway cluster that this test process starts when first
// asked and stops when it exits.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SqlEngine } from '../../src/service/store/engines/sql-engine.js';
import { openStoreEngine } from '../../src/service/store/engines/store-engine.js';
import { createStore } from '../../src/service/store/store.js';
import type { Store } from '../../src/service/store/store.js';
import { startPostgresCluster, stopWithProcess } from '../../support/postgres-cluster.js';
import type { PostgresCluster } from '../../support/postgres-cluster.js';

export const onPostgres = process.env['SERVICE_TEST_DATABASE'] === 'postgres';

/**
 * On PostgreSQL a consumer's budget counts in whole clock minutes, the same for every instance
 * (shared-rate-limit.ts): a test that spends a budget and expects the next request refused starts
 * early in a minute, or the refusal falls in the next window. Waits at most `marginMs`.
 */
export async function awayFromTheMinuteEnd(marginMs = 15_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (onPostgres && left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** For a test that checks what only the SQLite file has (its modes, its WAL, another process's lock). */
export const SQLITE_ONLY = onPostgres && 'checks the SQLite file itself';

let cluster: Promise<PostgresCluster> | undefined;
let databases = 0;

/** A new database for one test service: a file in `dir`, or a database in the cluster. */
export async function newTestDatabase(dir: string): Promise<string> {
  if (!onPostgres) return join(dir, 'service.db');
  cluster ??= startPostgresCluster().then(stopWithProcess);
  return (await cluster).createDatabase(`test_${process.pid}_${++databases}`);
}

/** The test's database opened again (another connection, as an admin command is), for a test that reads or changes rows itself. */
export async function withDatabase<T>(database: string, use: (db: SqlEngine) => Promise<T>): Promise<T> {
  const db = await openStoreEngine(database);
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

export interface TestStore {
  store: Store;
  /** The database the store is on, for a second connection (another process, another instance). */
  database: string;
  /** Closes the store and removes its folder. */
  close(): Promise<void>;
}

/** The service's store on a new test database in a new temporary folder: domain tests without HTTP. */
export async function openTestStore(prefix: string): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const database = await newTestDatabase(dir);
  const store = createStore(await openStoreEngine(database));
  return {
    store,
    database,
    async close() {
      await store.db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
