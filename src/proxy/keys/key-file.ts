// Node implementation of KeyStore: one JSON file in dataDir, replaced atomically (write a
// temporary file, then rename over the old one) and readable by its owner only.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeDataDir, PRIVATE_FILE_MODE } from '../config/data-dir.js';
import type { KeyRecord, KeyStore } from './key-store.js';

export function keyFilePath(dataDir: string): string {
  return join(dataDir, 'auth-keys.json');
}

export function createKeyFile(dataDir: string): KeyStore {
  const path = keyFilePath(dataDir);
  return {
    async read() {
      try {
        const parsed = JSON.parse(readFileSync(path, 'utf8')) as { keys?: KeyRecord[] };
        return Array.isArray(parsed.keys) ? parsed.keys : [];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw new Error(`cannot read ${path}: not a key file written by this proxy`);
      }
    },
    async write(records) {
      makeDataDir(dataDir);
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify({ keys: records }, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
      renameSync(temporary, path);
    },
  };
}
