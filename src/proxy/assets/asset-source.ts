// Where the built elements' script files come from. asset-files.ts reads them from a folder on
// Node; an edge deployment would pass its own (e.g. a KV store or bundled assets, with the
// compressed copies made at its build).
import type { ContentCoding } from './asset-encoding.js';

export interface Asset {
  body: Uint8Array<ArrayBuffer>;
  /** Changes whenever the content changes (the identity body's tag; asset-encoding.ts derives each coding's). */
  etag: string;
  /**
   * The same file compressed, made ahead of any request (at start or at build), never per request.
   * A coding may be missing: the file is then sent in another, or as it is.
   */
  encoded: Partial<Record<ContentCoding, Uint8Array<ArrayBuffer>>>;
}

export interface AssetSource {
  /** `path` is relative, '/'-separated and already checked to stay inside the source. */
  read(path: string): Promise<Asset | undefined>;
}
