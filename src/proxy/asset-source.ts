// Where the built elements' script files come from. asset-files.ts reads them from a folder on
// Node; an edge deployment would pass its own (e.g. a KV store or bundled assets).

export interface Asset {
  body: Uint8Array<ArrayBuffer>;
  /** Changes whenever the content changes. */
  etag: string;
}

export interface AssetSource {
  /** `path` is relative, '/'-separated and already checked to stay inside the source. */
  read(path: string): Promise<Asset | undefined>;
}
