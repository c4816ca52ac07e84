// The proxy's data folder (dataDir) holds the signers' queued submissions and the authorization
// keys, so it and its files are for the proxy's own user only, whatever the process umask.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';

/** The mode of every file holding personal data or secrets. */
export const PRIVATE_FILE_MODE = 0o600;
/** The mode of the data folder when the proxy creates it; an existing folder is left as it is. */
const PRIVATE_DIR_MODE = 0o700;

export function makeDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * SQLite creates the -wal and -shm files with the database file's mode, so the database file is
 * made private before SQLite opens it: created 0600, or, left by an earlier version, set to 0600
 * (with any -wal and -shm a crash left behind).
 */
export function makePrivateDatabaseFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE_MODE);
  }
}
