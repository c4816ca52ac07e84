// The address a request is counted against on Cloudflare: CF-Connecting-IP, which Cloudflare
// sets on every request reaching the Worker (replacing any the client sent). The Durable Object
// is reachable only through the Worker, which passes the header on unchanged, so it is believed
// there as well; trustProxy (for reverse proxies in front of a Node proxy) plays no part.
import type { Context } from 'hono';

export function clientAddressOf(c: Context): string {
  return c.req.header('cf-connecting-ip') ?? 'unknown';
}
