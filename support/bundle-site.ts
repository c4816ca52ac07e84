// A bare site for the built embed: HTML pages by path, a dist/ folder as the proxy serves it, and
// the proxy's /api answers the elements read, on 127.0.0.1. Shared by the bundle's browser test
// (test/bundle/), which may hold back the chunks' answers (`gate`), and bench/elements/.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';

const SUMMARY = {
  petition_id: 42,
  title: 'Save the park',
  status: 'open',
  overview: '',
  targets: [],
  signature_count: 12345,
  goal: null,
  end_at: null,
  url: null,
  image_url: null,
  confirm_signers: false,
  accepting_signatures: true,
  key_status: 'granted',
  operator: { name: 'Example Petitions', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
};
const SIGNATURE = {
  name: 'Ada Lovelace',
  city: 'London',
  state_province: '',
  country_name: 'United Kingdom',
  country_code: 'GB',
  signed_on: new Date(Date.now() - 120_000).toISOString(),
};
const PAGE_OF_SIGNATURES = {
  signature_count: 1,
  prev_page_endpoint: null,
  next_page_endpoint: null,
  page: 1,
  total_pages: 1,
  signatures: [SIGNATURE],
};

export interface Page {
  html: string;
  /** Extra response headers (a Content-Security-Policy). */
  headers?: Record<string, string>;
}

export interface BundleSite {
  origin: string;
  /** Awaited before each file under /chunks/ is answered (its path, "/chunks/x.js"). */
  gate?: (path: string) => Promise<void>;
  /** Called as each request arrives, with its path and query ("/api/petitions/42"). */
  seen?: (path: string) => void;
  close(): Promise<void>;
}

export async function serveBundle(dist: string, pages: Record<string, Page>): Promise<BundleSite> {
  const site: BundleSite = { origin: '', close: () => new Promise((resolve) => server.close(() => resolve())) };
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    site.seen?.(`${url.pathname}${url.search}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const page = pages[url.pathname];
    if (page) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...page.headers });
      return res.end(page.html);
    }
    if (url.pathname === '/favicon.ico') {
      res.writeHead(204);
      return res.end();
    }
    if (url.pathname === '/api/petitions/42') return json(200, SUMMARY);
    if (url.pathname === '/api/petitions/42/signatures/recent') return json(200, [SIGNATURE]);
    if (url.pathname === '/api/petitions/42/signatures') return json(200, PAGE_OF_SIGNATURES);
    if (url.pathname.startsWith('/api/')) return json(404, { result: 'failure', messages: ['not found'] });
    const file = normalize(join(dist, url.pathname));
    if (!file.startsWith(dist) || extname(file) !== '.js' || !existsSync(file)) {
      res.writeHead(404);
      return res.end();
    }
    if (url.pathname.startsWith('/chunks/')) await site.gate?.(url.pathname);
    res.writeHead(200, { 'content-type': 'text/javascript' });
    res.end(await readFile(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return site;
}
