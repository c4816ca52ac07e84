// The proxy's data folder (dataDir) holds the signers' queued submissions and the authorization
// keys, so it and its files are for the proxy's own user only, whatever the process umask.
import { mkdirSync } from 'node:fs';

/** The mode of every file holding personal data or secrets. */
export const PRIVATE_FILE_MODE = 0o600;
/** The mode of the data folder when the proxy creates it; an existing folder is left as it is. */
export const PRIVATE_DIR_MODE = 0o700;

export function makeDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
}
