// Node AssetSource: files under a folder (the Vite build's dist/), with an ETag from size and
// modification time, as static file servers do, so an unchanged file is not hashed on each request.
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { AssetSource } from './asset-source.js';

export function assetFiles(folder: string): AssetSource {
  const root = resolve(folder);
  return {
    async read(path) {
      const file = resolve(root, path);
      // Belt and braces: the route already refuses '..', but a file must never leave the folder.
      if (!file.startsWith(root + sep)) return undefined;
      try {
        const info = await stat(file);
        if (!info.isFile()) return undefined;
        return { body: new Uint8Array(await readFile(file)), etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` };
      } catch {
        return undefined;
      }
    },
  };
}
