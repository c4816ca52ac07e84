// Benchmark: the console's signature search on a petition of 1,000,000 signatures, over HTTP
// with a signed-in session: common and rare name prefixes (either order), a whole email
// address, a postal code prefix and no match; and the console's lists at depth. Every query
// reads indexes only (test/service/signatures/signature-search.test.ts checks the plans); the
// seed indexes its signers for the search as it goes (search-index.ts).
// Usage: node --import tsx bench/service/search.ts [runs] [requests-per-query] [signatures]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sqlite } from '../../src/sqlite.js';
import { openAdmin } from '../../src/service/admin.js';
import { timeConsolePages } from './console-pages.js';
import { signInToConsole } from './console-session.js';
import { spawnService } from './service-process.js';

const RUNS = Number(process.argv[2] ?? 3);
const REQUESTS = Number(process.argv[3] ?? 200);
const SIGNATURES = Number(process.argv[4] ?? 1_000_000);
const EMAIL = 'bench@example.org';
const PASSWORD = 'benchmark passphrase';


const dir = mkdtempSync(join(tmpdir(), 'bench-search-'));
const dbPath = join(dir, 'service.db');
const admin = await openAdmin(dbPath);
const { petition_id } = await admin.createPetition('A million signatures');
const seedStarted = performance.now();
await admin.seed(petition_id, SIGNATURES);
console.log(`seeded ${SIGNATURES} signatures in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
await admin.createOperator(EMAIL, PASSWORD);
await admin.close();
const reader = new Sqlite(dbPath, { readonly: true });
const someone = reader.prepare('SELECT email, postal_code FROM signatures WHERE id = ?').get(Math.floor(SIGNATURES / 2)) as { email: string; postal_code: string };
reader.close();

const service = await spawnService(['--db', dbPath]);
try {
  const origin = new URL(service.baseUrl).origin;
  const { cookie } = await signInToConsole(origin, EMAIL, PASSWORD);
  const base = `/admin/petitions/${petition_id}/signatures`;
  const search = (query: string) => `${base}?q=${encodeURIComponent(query)}`;
  const paths: Record<string, string> = {
    'one letter, most match ("m")': search('m'),
    'first name prefix, over 100 match ("mar")': search('mar'),
    'full name, last name first ("garcia maria")': search('garcia maria'),
    'another first name prefix ("zof")': search('zof'),
    'whole email address': search(someone.email),
    'postal code prefix (3 characters)': search(someone.postal_code.slice(0, 3)),
    'no match ("qqq")': search('qqq'),
    'listed, page 10,000 of 19,000': `${base}?page=10000`,
    'not listed, first page': `${base}?view=unlisted`,
  };
  await timeConsolePages(origin, cookie, paths, RUNS, REQUESTS);
} finally {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}
