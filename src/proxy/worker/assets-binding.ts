// AssetSource over the Workers static-assets binding (wrangler.jsonc "assets", run_worker_first),
// so the script and its chunks go through the proxy's own asset routes (origin rules,
// Cache-Control, ETag, 304) instead of being served around the Worker. Cloudflare compresses
// the answer at its edge, so no coding is made here.
import type { Asset, AssetSource } from '../assets/asset-source.js';

export function assetsBinding(assets: Fetcher): AssetSource {
  // Only finished files are kept, never a pending read: a promise begun in one request and
  // awaited by another can hang the second in workerd (a request's I/O ends with it).
  const kept = new Map<string, Asset>();
  return {
    async read(path) {
      const hit = kept.get(path);
      if (hit) return hit;
      // The host is never resolved: the binding answers from the uploaded files.
      const response = await assets.fetch(new Request(`https://assets.invalid/${path}`, { headers: { 'accept-encoding': 'identity' } }));
      if (response.status !== 200) {
        await response.body?.cancel();
        return undefined;
      }
      const body = new Uint8Array(await response.arrayBuffer());
      const etag = response.headers.get('etag') ?? (await contentTag(body));
      const asset: Asset = { body, etag, encoded: {} };
      kept.set(path, asset);
      return asset;
    },
  };
}

async function contentTag(body: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
  return `"${[...digest.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}"`;
}
