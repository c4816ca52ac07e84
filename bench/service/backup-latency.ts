// Benchmark (issue 30): what `petition-embed service admin backup` of a service holding 1,000,000
// signatures costs the signers served while it runs. A steady stream of signed POSTs of
// signatures (autocannon at a fixed rate) runs alone, then while the built CLI copies the
// service's SQLite file (the same window, the backup inside it); each round reports the 202s' median and p99 latency both ways, and the
// summary the medians over the rounds and their ratio. The million are made by `admin seed`
// (50,000 rows a transaction, as an operator would fill a demo), before the service starts.
// Usage: node --import tsx bench/service/backup-latency.ts [rounds] [signatures]
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import { median } from '../median.js';
import { loadAverage } from '../proc-stat.js';
import { signedBodies, SOURCE } from './bench-service.js';
import { grantedKey, spawnService } from './service-process.js';

const ROUNDS = Number(process.argv[2] ?? 5);
const SIGNATURES = Number(process.argv[3] ?? 1_000_000);
/** Well below what the service takes, so latency is not queueing. */
const SIGNATURES_PER_SECOND = 50;
/**
 * Each load runs this long, alone or with a backup that starts a second in: the window holds the
 * whole backup (about 4 to 9 s here), so a signature it stalls is answered, and timed, inside it.
 */
const WINDOW_SECONDS = 20;
const bin = new URL('../../bin/petition-embed.js', import.meta.url).pathname;

interface Latencies {
  p50: number;
  p99: number;
  signed: number;
  /** Answers that were not 202, and errors. */
  failures: number;
}

const latencies = (result: Awaited<ReturnType<typeof autocannon>>): Latencies => {
  const signed = result.statusCodeStats['202']?.count ?? 0;
  return { p50: result.latency.p50, p99: result.latency.p99, signed, failures: result.errors + result.timeouts + result['2xx'] + result.non2xx - signed };
};

/** The backup command as an operator runs it, in its own process; resolves with its seconds. */
function backup(dbPath: string, out: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'service', 'admin', 'backup', '--db', dbPath, '--out', out], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolve((performance.now() - started) / 1000) : reject(new Error(`admin backup exited ${code}`))));
  });
}

const dir = mkdtempSync(join(tmpdir(), 'bench-backup-latency-'));
const dbPath = join(dir, 'service.db');
const seedStarted = performance.now();
const admin = await openAdmin(dbPath);
const { api_key: apiKey, secret } = await admin.createConsumer('bench');
const { petition_id: petitionId } = await admin.createPetition({ title: 'A million signatures', targets: ['The Minister'], overview: 'A benchmark petition.' });
await admin.seed(petitionId, SIGNATURES);
await admin.close();
console.log(`seeded ${SIGNATURES} signatures in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s; the file holds ${(statSync(dbPath).size / 2 ** 20).toFixed(0)} MiB`);

const service = await spawnService(['--db', dbPath, '--auto-grant', '--allow-private-callbacks', '--rate-limit', '100000000']);
try {
  const origin = new URL(service.baseUrl).origin;
  const signPath = `/v1/petitions/${petitionId}/signatures`;
  const authKey = await grantedKey(service.baseUrl, petitionId, apiKey, secret, SOURCE);

  const load = (tag: number, seconds: number): Promise<Latencies> => {
    const bodies = signedBodies({ apiKey, secret, authKey, path: signPath }, SIGNATURES_PER_SECOND * seconds * 2, tag);
    let next = 0;
    return autocannon({
      url: origin,
      connections: 4,
      duration: seconds,
      overallRate: SIGNATURES_PER_SECOND,
      requests: [{ method: 'POST', path: signPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, setupRequest: (request) => ({ ...request, body: bodies[next++]! }) }],
    }).then(latencies);
  };

  const alone: Latencies[] = [];
  const during: Latencies[] = [];
  const line = (l: Latencies) => `202 median ${l.p50} ms, p99 ${l.p99} ms (${l.signed} answered${l.failures ? `, ${l.failures} failed` : ''})`;
  for (let round = 1; round <= ROUNDS; round++) {
    const quiet = await load(round * 2, WINDOW_SECONDS);
    const out = join(dir, `backup-${round}.db`);
    const loading = load(round * 2 + 1, WINDOW_SECONDS);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const seconds = await backup(dbPath, out);
    const busy = await loading;
    rmSync(out);
    if (seconds > WINDOW_SECONDS - 1) console.log(`round ${round}: the backup outlasted the load's window: raise WINDOW_SECONDS`);
    alone.push(quiet);
    during.push(busy);
    console.log(`round ${round}: alone ${line(quiet)}; with the backup ${line(busy)}; the backup took ${seconds.toFixed(1)} s; load average ${loadAverage()}`);
  }
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const [p50Alone, p50During] = [median(alone.map((l) => l.p50)), median(during.map((l) => l.p50))];
  const [p99Alone, p99During] = [median(alone.map((l) => l.p99)), median(during.map((l) => l.p99))];
  console.log(
    `median of ${ROUNDS} rounds, ${SIGNATURES} signatures, ${SIGNATURES_PER_SECOND} signatures/s: ` +
      `202 median ${p50Alone} ms alone, ${p50During} ms during the backup (${ratio(p50During, p50Alone)}x); ` +
      `p99 ${p99Alone} ms alone, ${p99During} ms during the backup (${ratio(p99During, p99Alone)}x)`,
  );
} finally {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}
