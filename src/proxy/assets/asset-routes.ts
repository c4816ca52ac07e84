// GET /petition-embed.js and the chunks it imports: the whole installation is one script tag.
// The entry's name never changes, so it is cached briefly and revalidated by ETag; chunk names
// carry a content hash (Vite), so they are cached for a year. Each is sent brotli- or
// gzip-compressed as the client accepts, from copies the AssetSource made ahead of any request.
import { Hono } from 'hono';
import { chooseCoding, etagOf } from './asset-encoding.js';
import type { AssetSource } from './asset-source.js';
import { ProxyError } from '../errors/proxy-error.js';

const ENTRY_MAX_AGE_SECONDS = 300;
/** Vite's default chunk names end in `-` and an 8-character hash, e.g. `de-B2x9kQ1a.js`. */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.js$/;
const SAFE_PATH = /^(?:[A-Za-z0-9_][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_][A-Za-z0-9_.-]*\.js$/;

/** The elements' own files (the bundle and the chunks it loads, as vite.config.ts names them). */
export function isElementAsset(path: string): boolean {
  return path === '/petition-embed.js' || /^\/chunks\/[A-Za-z0-9_.-]+\.js$/.test(path);
}

export function assetRoutes(assets: AssetSource): Hono {
  const app = new Hono();
  app.get('/*', async (c, next) => {
    const path = c.req.path.slice(1);
    if (!path.endsWith('.js')) return next();
    // Only plain names are served (no '%', no '..', no leading dot), so nothing can escape the folder.
    if (!SAFE_PATH.test(path) || path.split('/').includes('..')) {
      throw new ProxyError(404, ['path: not a file of the petition elements']);
    }
    const asset = await assets.read(path);
    if (!asset) {
      const hint = path === 'petition-embed.js' ? ' (the elements are not built: run `npx vite build`)' : '';
      throw new ProxyError(404, [`${path}: not found${hint}`]);
    }
    const coding = chooseCoding(c.req.header('accept-encoding'), asset.encoded);
    const etag = etagOf(asset.etag, coding);
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    // Next to the origin policy's Vary: Origin, so shared caches keep each coding apart too.
    c.header('Vary', 'Accept-Encoding', { append: true });
    c.header('ETag', etag);
    c.header(
      'Cache-Control',
      HASHED_NAME.test(path) ? 'public, max-age=31536000, immutable' : `public, max-age=${ENTRY_MAX_AGE_SECONDS}`,
    );
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    if (coding === undefined) return c.body(asset.body, 200);
    c.header('Content-Encoding', coding);
    return c.body(asset.encoded[coding]!, 200);
  });
  return app;
}

