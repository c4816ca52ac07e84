// Where the elements find the proxy: the `endpoint` attribute, or else the origin this script
// was loaded from, so the one-script-tag embed needs no configuration.
import { proxyBaseOf } from './proxy-base.js';

// Only the origin: in the one-script embed this module runs from a chunk under dist/chunks/,
// whose URL shares the origin (not the path) of the script tag's petition-embed.js.
const scriptOrigin = new URL(import.meta.url).origin;

/** The proxy's base URL with a trailing slash (proxy-base.ts). */
export function proxyBase(endpoint: string | undefined): string {
  return proxyBaseOf(endpoint, scriptOrigin);
}
