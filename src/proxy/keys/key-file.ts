// Node implementation of KeyStore: one JSON file in dataDir, replaced atomically (write a
// temporary file, then rename over the old one) and readable by its owner only.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileProblemOf, isPermissionProblem, UnusableFileError } from '../../unusable-file.js';
import { PERMISSION_REMEDY } from '../config/data-file.js';
import { makeDataDir, PRIVATE_FILE_MODE } from '../config/data-dir.js';
import type { KeyRecord, KeyStore } from './key-store.js';

export function keyFilePath(dataDir: string): string {
  return join(dataDir, 'auth-keys.json');
}

/**
 * The service answers a key request made again with its decision and key (auth-key-requests.ts), so
 * a new file loses nothing: only the time to ask.
 */
const KEY_FILE_REMEDY =
  'move it aside and start the proxy again: it asks the service for its keys again, and gets back each decision already made and each key already granted';

export function createKeyFile(dataDir: string): KeyStore {
  const path = keyFilePath(dataDir);
  return {
    async read() {
      let parsed: { keys?: KeyRecord[] };
      try {
        parsed = JSON.parse(readFileSync(path, 'utf8')) as { keys?: KeyRecord[] };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        // Never the parser's message: it quotes the file, keys included.
        const remedy = isPermissionProblem(error) ? PERMISSION_REMEDY : KEY_FILE_REMEDY;
        throw new UnusableFileError(path, fileProblemOf(error) ?? 'is not a key file written by this proxy', remedy);
      }
      if (parsed === null || typeof parsed !== 'object' || !Array.isArray(parsed.keys)) {
        throw new UnusableFileError(path, 'is not a key file written by this proxy', KEY_FILE_REMEDY);
      }
      return parsed.keys;
    },
    async write(records) {
      makeDataDir(dataDir);
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify({ keys: records }, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
      renameSync(temporary, path);
    },
  };
}
