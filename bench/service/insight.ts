// Benchmark: "Campaign at a glance" (issue 20) for a petition of 1,000,000 signatures, over HTTP
// with a signed-in session, against a yardstick in the same run: the console's petition page,
// which reads the petition's row and two counts. The charts read the counts kept beside the
// signatures (store/campaign/insight-store.ts), never the signatures: the petition's whole life by the
// day (182 days of places and sources), 31 days by the hour, and one week with another
// country's regions. Seeded through the store (admin seed: the triggers count each signature as
// it is written), a quarter then given one of 50 utm_sources and 200 referrer hosts.
// Usage: node --import tsx bench/service/insight.ts [runs] [requests-per-page] [signatures]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sqlite } from '../../src/sqlite.js';
import { openAdmin } from '../../src/service/admin.js';
import { timeConsolePages } from './console-pages.js';
import { signInToConsole } from './console-session.js';
import { spawnService } from './service-process.js';

const RUNS = Number(process.argv[2] ?? 5);
const REQUESTS = Number(process.argv[3] ?? 50);
const SIGNATURES = Number(process.argv[4] ?? 1_000_000);
const EMAIL = 'bench@example.org';
const PASSWORD = 'benchmark passphrase';

const dir = mkdtempSync(join(tmpdir(), 'bench-insight-'));
const dbPath = join(dir, 'service.db');
const admin = await openAdmin(dbPath);
const { petition_id } = await admin.createPetition('A million signatures');
await admin.updatePetition(petition_id, { title: 'A million signatures', goal: '2000000' });
let started = performance.now();
await admin.seed(petition_id, SIGNATURES);
console.log(`seeded ${SIGNATURES} signatures in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await admin.createOperator(EMAIL, PASSWORD);
await admin.close();
const writer = new Sqlite(dbPath);
started = performance.now();
writer
  .prepare("UPDATE signatures SET utm_source = 'campaign-' || (id % 50), referrer_host = 'site' || (id % 200) || '.example' WHERE id % 4 = 0")
  .run();
console.log(`gave ${SIGNATURES / 4} of them a source in ${((performance.now() - started) / 1000).toFixed(1)} s`);
const kept = writer.prepare(
  `SELECT (SELECT COUNT(*) FROM insight_hours) AS hours, (SELECT COUNT(*) FROM insight_places) AS places,
     (SELECT COUNT(*) FROM insight_sources) AS sources`,
).get();
const span = writer.prepare('SELECT MIN(signed_on) AS first, MAX(signed_on) AS last FROM signatures').get() as { first: number; last: number };
const secondCountry = (writer.prepare("SELECT country_code FROM signatures GROUP BY 1 ORDER BY COUNT(*) DESC LIMIT 1 OFFSET 1").get() as { country_code: string }).country_code;
writer.close();
console.log(`kept counts: ${JSON.stringify(kept)}`);

const day = (unixMs: number) => new Date(unixMs).toISOString().slice(0, 10);
const service = await spawnService(['--db', dbPath]);
try {
  const origin = new URL(service.baseUrl).origin;
  const { cookie } = await signInToConsole(origin, EMAIL, PASSWORD);
  const base = `/admin/petitions/${petition_id}`;
  const paths: Record<string, string> = {
    'yardstick: the petition page': base,
    'charts, the whole life by the day': `${base}/insight`,
    'charts, 31 days by the hour': `${base}/insight?from=${day(span.last - 30 * 86_400_000)}&to=${day(span.last)}&bucket=hour`,
    'charts, a week by the day, another country': `${base}/insight?from=${day(span.first + 60 * 86_400_000)}&to=${day(span.first + 66 * 86_400_000)}&country=${secondCountry}`,
  };
  await timeConsolePages(origin, cookie, paths, RUNS, REQUESTS);
} finally {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}
