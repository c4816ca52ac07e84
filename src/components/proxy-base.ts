// The rule for the proxy's base URL, shared by the elements (endpoint.ts) and the embed's loader
// (embed-script/early-reads.ts), which must arrive at the same URLs: the `endpoint` attribute,
// else the origin the embed's script came from.

/**
 * The proxy's base URL with a trailing slash, ready for relative `new URL(path, base)`. A relative
 * `endpoint` ("/petitions-proxy") is taken relative to the page, as a link would be.
 */
export function proxyBaseOf(endpoint: string | null | undefined, scriptOrigin: string): string {
  const base = endpoint && endpoint.trim() !== '' ? new URL(endpoint.trim(), document.baseURI).href : scriptOrigin;
  return base.endsWith('/') ? base : `${base}/`;
}

/** A petition's route under the proxy: `api/petitions/42`, then `rest` ("/signatures/recent"). */
export function petitionPath(petitionId: number, rest = ''): string {
  return `api/petitions/${petitionId}${rest}`;
}
