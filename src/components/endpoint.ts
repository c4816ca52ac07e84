// Where the elements find the proxy: the `endpoint` attribute, or else the origin this script
// was loaded from, so the one-script-tag embed needs no configuration.

// Only the origin: in the one-script embed this module runs from a chunk under dist/chunks/,
// whose URL shares the origin (not the path) of the script tag's petition-embed.js.
const scriptOrigin = new URL(import.meta.url).origin;

/**
 * The proxy's base URL with a trailing slash, ready for relative `new URL(path, base)`. A relative
 * `endpoint` ("/petitions-proxy") is taken relative to the page, as a link would be.
 */
export function proxyBase(endpoint: string | undefined): string {
  const base = endpoint && endpoint.trim() !== '' ? new URL(endpoint.trim(), document.baseURI).href : scriptOrigin;
  return base.endsWith('/') ? base : `${base}/`;
}
