// The compressed copies of a script file, made with node:zlib at the strongest settings: brotli
// quality 11 takes about 1 s per 500 KB, affordable once per file at start, never per request.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { ContentCoding } from './asset-encoding.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Makes one coding of a file's bytes; asset-files.ts takes another (tests count the calls). */
export type Compress = (body: Uint8Array, coding: ContentCoding) => Promise<Uint8Array>;

/** On the thread pool (the async zlib calls), so that start-up compression never blocks answers. */
export const compressAtMaximum: Compress = (body, coding) =>
  coding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipped(body, { level: constants.Z_BEST_COMPRESSION });
