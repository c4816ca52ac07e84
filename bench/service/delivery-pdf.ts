// Benchmark: the console's delivery PDF of a petition of 100,000 signatures, time to the last
// byte and the service's resident memory while it streams, beside the CSV export of the same
// petition in the same run (the yardstick: the same rows read the same way, no layout). Two
// petitions: the seeded signers as they are (Latin script), and the same with one signer in four
// named and living in another script (Arabic, Hebrew, Devanagari, Bengali, CJK, Greek, Cyrillic).
// Usage: node --import tsx bench/service/delivery-pdf.ts [runs] [signatures]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import { Sqlite } from '../../src/sqlite.js';
import { memoryOf, signInToConsole } from './console-session.js';
import type { ConsoleSessionForBench } from './console-session.js';
import { spawnService } from './service-process.js';
import { median } from '../median.js';

const RUNS = Number(process.argv[2] ?? 3);
const SIGNATURES = Number(process.argv[3] ?? 100_000);
const EMAIL = 'bench@example.org';
const PASSWORD = 'benchmark passphrase';

interface Download {
  seconds: number;
  mib: number;
  peakRssMiB: number;
}

async function download(origin: string, session: ConsoleSessionForBench, path: string, pid: number): Promise<Download> {
  const csrf = await session.csrfFrom(path.slice(0, path.lastIndexOf('/')));
  let peak = memoryOf(pid).rssMiB;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rssMiB)), 25);
  const started = performance.now();
  const response = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
    body: new URLSearchParams({ csrf }).toString(),
  });
  if (response.status !== 200 || !response.body) throw new Error(`${path} answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, mib: bytes / 1024 / 1024, peakRssMiB: Math.max(peak, memoryOf(pid).rssMiB) };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-delivery-'));
const dbPath = join(dir, 'service.db');
const admin = await openAdmin(dbPath);
const { petition_id } = await admin.createPetition({ title: 'A hundred thousand signatures', targets: ['The Minister'], overview: 'A benchmark petition.' });
await admin.seed(petition_id, SIGNATURES);
const mixed = (await admin.createPetition({ title: 'A hundred thousand signatures, in many scripts', targets: ['The Minister'], overview: 'A benchmark petition.' })).petition_id;
await admin.seed(mixed, SIGNATURES);
await admin.createOperator(EMAIL, PASSWORD);
await admin.close();

/** [first name, last name, city]: one signer in four gets one of these. */
const OTHER_SCRIPTS = [
  ['محمد', 'علي', 'القاهرة'], ['דוד', 'כהן', 'תל אביב'], ['زهرا', 'احمدی', 'تهران'], ['प्रिया', 'शर्मा', 'नई दिल्ली'],
  ['সৌমিত্র', 'চট্টোপাধ্যায়', 'কলকাতা'], ['王', '小明', '北京'], ['花子', '山田', '東京'], ['민준', '김', '서울'],
  ['Ελένη', 'Παπαδοπούλου', 'Θεσσαλονίκη'], ['Анна', 'Иванова', 'Новосибирск'], ['Fatma', 'Yılmaz', 'İstanbul'],
];
const db = new Sqlite(dbPath);
const rename = db.prepare('UPDATE signatures SET first_name = ?, last_name = ?, city = ? WHERE id = ?');
db.transaction(() => {
  const ids = db.prepare('SELECT id FROM signatures WHERE petition_id = ? ORDER BY id').pluck().all(mixed) as number[];
  ids.forEach((id, index) => {
    if (index % 4 === 0) rename.run(...OTHER_SCRIPTS[(index / 4) % OTHER_SCRIPTS.length]!, id);
  });
})();
db.close();

const service = await spawnService(['--db', dbPath]);
try {
  const origin = new URL(service.baseUrl).origin;
  const session = await signInToConsole(origin, EMAIL, PASSWORD);
  const pid = service.child.pid!;
  const results = { csv: [] as Download[], pdf: [] as Download[], mixed: [] as Download[] };
  console.log(`service RSS before: ${memoryOf(pid).rssMiB.toFixed(0)} MiB; ${SIGNATURES} signatures`);
  for (let run = 1; run <= RUNS; run++) {
    const csv = await download(origin, session, `/admin/petitions/${petition_id}/export`, pid);
    const pdf = await download(origin, session, `/admin/petitions/${petition_id}/delivery`, pid);
    const mixedPdf = await download(origin, session, `/admin/petitions/${mixed}/delivery`, pid);
    results.csv.push(csv);
    results.pdf.push(pdf);
    results.mixed.push(mixedPdf);
    const line = (d: Download) => `${d.seconds.toFixed(2)} s, ${d.mib.toFixed(1)} MiB, RSS at most ${d.peakRssMiB.toFixed(0)} MiB`;
    console.log(`run ${run}: CSV export ${line(csv)}; delivery PDF ${line(pdf)}; one in four in other scripts ${line(mixedPdf)}`);
  }
  const summary = (name: string, ds: Download[]) =>
    `${name}: median ${median(ds.map((d) => d.seconds)).toFixed(2)} s, RSS at most ${median(ds.map((d) => d.peakRssMiB)).toFixed(0)} MiB`;
  const ratio = median(results.mixed.map((d) => d.seconds)) / median(results.pdf.map((d) => d.seconds));
  console.log(`median of ${RUNS} runs: ${summary('delivery PDF', results.pdf)}; ${summary('one in four in other scripts', results.mixed)} (${ratio.toFixed(2)} times); ${summary('CSV export (yardstick)', results.csv)}; ` +
    `VmHWM ${memoryOf(pid).peakMiB.toFixed(0)} MiB`);
} finally {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}
