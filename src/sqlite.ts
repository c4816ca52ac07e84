// better-sqlite3 for the Node that runs, both servers' one way to open a SQLite file. package.json
// holds two versions: 13 on Node 22 and later, whose statements are no longer node::ObjectWrap
// objects (since Node 24.19 an ObjectWrap finalised by a GC outside any context, at exit or when
// idle, aborts the process with `Assertion failed: (env) != nullptr`, which 12 hits), and 12 on
// Node 20, which 13's prebuilt binaries do not run on. The API the servers use is the same in both.
import type BetterSqlite3 from 'better-sqlite3';
import { createRequire } from 'node:module';

const nodeMajor = Number(process.versions.node.split('.')[0]);

/** `new Sqlite(path, options)`: a connection, as better-sqlite3's `Database`. */
const DRIVER = nodeMajor >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20';
export const Sqlite: typeof BetterSqlite3 = createRequire(import.meta.url)(DRIVER);

/** Where that driver's module is, for a worker thread to require it (wal-checkpointer.ts). */
export const SQLITE_DRIVER_PATH = createRequire(import.meta.url).resolve(DRIVER);
