// Node AssetSource: files under a folder (the Vite build's dist/), with an ETag from size and
// modification time, as static file servers do. Each version of a file is read and compressed
// (br, gzip) once and kept in memory: the scripts pages load (`preload`) at start, any other file
// (dist/lib's modules, a file added later) when first asked for, and a file again when its size
// or modification time changes. A request itself
// only looks at the file's size and time.
import { readdir, readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { compressAtMaximum, type Compress } from './asset-compression.js';
import { CONTENT_CODINGS } from './asset-encoding.js';
import type { Asset, AssetSource } from './asset-source.js';

export interface AssetFilesOptions {
  /** Default: brotli quality 11 and gzip level 9 (asset-compression.ts). */
  compress?: Compress;
  /**
   * Which scripts (paths in the folder, like `chunks/de-B2x9kQ1a.js`) to compress at start; default
   * every one. The proxy passes the elements' own files: the package's dist/lib holds many more
   * modules that pages do not load.
   */
  preload?: (path: string) => boolean;
}

export interface AssetFiles extends AssetSource {
  /** Settles once the scripts to preload found in the folder at start are compressed (never rejects). */
  readonly prepared: Promise<void>;
}

interface Version {
  /** Size and modification time: the identity ETag, inside its quotes. */
  tag: string;
  asset: Promise<Asset | undefined>;
}

export function assetFiles(folder: string, options: AssetFilesOptions = {}): AssetFiles {
  const root = resolve(folder);
  const compress = options.compress ?? compressAtMaximum;
  const versions = new Map<string, Version>();

  async function load(file: string, tag: string): Promise<Asset | undefined> {
    let body: Uint8Array<ArrayBuffer>;
    try {
      body = new Uint8Array(await readFile(file));
    } catch {
      return undefined; // gone between stat and read
    }
    const encoded: Asset['encoded'] = {};
    for (const coding of CONTENT_CODINGS) {
      const compressed = await compress(body, coding);
      // A file of a few bytes can grow when compressed: it is then only sent as it is.
      if (compressed.byteLength < body.byteLength) encoded[coding] = new Uint8Array(compressed);
    }
    return { body, etag: `"${tag}"`, encoded };
  }

  async function read(path: string): Promise<Asset | undefined> {
    const file = resolve(root, path);
    // Belt and braces: the route already refuses '..', but a file must never leave the folder.
    if (!file.startsWith(root + sep)) return undefined;
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) {
      versions.delete(path);
      return undefined;
    }
    const tag = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
    let version = versions.get(path);
    if (version?.tag !== tag) {
      // One promise per version: requests arriving while it is compressed wait for the same work.
      const current: Version = { tag, asset: load(file, tag) };
      versions.set(path, current);
      const forget = () => {
        if (versions.get(path) === current) versions.delete(path);
      };
      current.asset.then((asset) => asset ?? forget(), forget);
      version = current;
    }
    return version.asset;
  }

  // One file at a time, so that start-up leaves the thread pool to the answers.
  async function prepare(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(root, { recursive: true });
    } catch {
      return; // not built (yet): each file is then compressed when first asked for
    }
    const preload = options.preload ?? (() => true);
    for (const name of names) {
      const path = name.split(sep).join('/');
      if (path.endsWith('.js') && preload(path)) await read(path).catch(() => undefined);
    }
  }

  return { read, prepared: prepare() };
}
