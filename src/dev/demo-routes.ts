// The demo site's own pages, mounted on the proxy: the demo itself and the demo operator's
// terms and privacy pages that the signature form's notice links to.
import type { Hono } from 'hono';
import { languageOptions } from './demo-language-menu.js';

export interface DemoRouteOptions {
  demoPage: string;
  petitionId: number;
}

const plainPage = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head>
<body style="font: 1rem/1.5 system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem">
<h1>${title}</h1>${body}<p><a href="/">Back to the demo</a></p></body></html>`;

export function demoRoutes(app: Hono, options: DemoRouteOptions): void {
  const page = options.demoPage.replaceAll('{{PETITION_ID}}', String(options.petitionId)).replace('{{LANGUAGE_OPTIONS}}', languageOptions());
  app.get('/', (c) => c.html(page));
  // Browsers ask for it on every visit; an empty answer keeps the console free of 404 noise.
  app.get('/favicon.ico', (c) => c.body(null, 204));
  app.get('/terms', (c) =>
    c.html(plainPage('Terms of service (demo)', '<p>This demo keeps signatures on the machine it runs on only: in a SQLite file under <code>data/dev/</code> for <code>npm start</code>, in the PostgreSQL volume for <code>docker compose up</code>.</p>')),
  );
  app.get('/privacy', (c) =>
    c.html(plainPage('Privacy policy (demo)', '<p>Only your name, city, region and country are ever shown. Your email, address and phone number never leave the service.</p>')),
  );
}
