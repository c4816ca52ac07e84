// GET /embed/:petitionId (the form) and /embed/:petitionId/signatures (the list): pages a host
// frames where it may not add a script (README.md "In an iframe"), with the script and the
// stylesheet they load. Framed only by the origins the config lets embed the petition.
import { Hono, type Context } from 'hono';
import type { ProxyConfig } from '../config/config.js';
import { petitionIdOf } from '../http/petition-id.js';
import { embedQuery, type EmbedKind } from './embed-attributes.js';
import { EMBED_STYLE, EMBED_STYLE_PATH, embedContentSecurityPolicy, embedPage, FRAME_HEIGHT_SCRIPT_PATH, petitionNotFoundPage } from './embed-page.js';
import { FRAME_HEIGHT_SCRIPT } from './frame-height-script.js';

export const EMBED_PREFIX = '/embed';
/** Both files change only with the proxy's version, and are a few hundred bytes. */
const FILE_CACHE = 'public, max-age=300';

/**
 * Who may frame the embed pages: publicUrl's origin (the proxy's own pages), the origins allowed
 * to call the API (they may use either embed), and those listed only for framing.
 */
export function frameAncestorsOf(config: Pick<ProxyConfig, 'publicUrl' | 'allowedOrigins' | 'frameOrigins'>): string[] {
  return [...new Set([new URL(config.publicUrl).origin, ...config.allowedOrigins, ...config.frameOrigins])];
}

export interface EmbedRoutesOptions {
  petitionIds: ReadonlySet<number>;
  frameAncestors: readonly string[];
}

export function embedRoutes(options: EmbedRoutesOptions): Hono {
  const app = new Hono();
  const framing = new Set(options.frameAncestors);
  const policy = embedContentSecurityPolicy(options.frameAncestors);

  const file = (path: string, type: string, body: string) =>
    app.get(path.slice(EMBED_PREFIX.length), (c) => {
      c.header('Content-Type', type);
      c.header('Cache-Control', FILE_CACHE);
      c.header('X-Content-Type-Options', 'nosniff');
      return c.body(body);
    });
  file(FRAME_HEIGHT_SCRIPT_PATH, 'text/javascript; charset=utf-8', FRAME_HEIGHT_SCRIPT);
  file(EMBED_STYLE_PATH, 'text/css; charset=utf-8', EMBED_STYLE);

  // An HTML page, never the API's JSON error body: a person reads it, in the frame.
  const page = (c: Context, status: 200 | 404, html: string) => {
    c.header('Content-Security-Policy', policy);
    c.header('X-Content-Type-Options', 'nosniff');
    // Its frame-ancestors follow the configuration, which may change at the next start.
    c.header('Cache-Control', 'no-cache');
    return c.html(html, status);
  };
  const embed = (kind: EmbedKind) => (c: Context) => {
    // Both routes have the parameter.
    const petitionId = petitionIdOf(c.req.param('petitionId')!);
    if (!options.petitionIds.has(petitionId)) return page(c, 404, petitionNotFoundPage());
    const query = embedQuery(kind, Object.keys(c.req.queries()), (name) => c.req.query(name), framing);
    return page(c, 200, embedPage(kind, petitionId, query, options.frameAncestors));
  };
  app.get('/:petitionId', embed('sign'));
  app.get('/:petitionId/signatures', embed('signatures'));
  return app;
}
