// Benchmark (issue 29): what a delivery PDF of 100,000 signers costs the signers served while it
// is made. A steady load (GET …/signatures/recent and signed POSTs of signatures, each at its own
// rate, from separate autocannon instances) runs alone, then while the console makes the PDF;
// each round reports both loads' p99 latency, and the summary the medians over the rounds and
// their ratio (the goal: within 2x of the load alone).
// Usage: node --import tsx bench/service/pdf-latency.ts [rounds] [signatures] [seconds]
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import { median } from '../median.js';
import { loadAverage } from '../proc-stat.js';
import { signedBodies, SOURCE } from './bench-service.js';
import { signInToConsole } from './console-session.js';
import { grantedKey, spawnService } from './service-process.js';

const ROUNDS = Number(process.argv[2] ?? 3);
const SIGNATURES = Number(process.argv[3] ?? 100_000);
const SECONDS = Number(process.argv[4] ?? 5);
/** Each load's steady rate, requests per second: well below what the service takes, so latency is not queueing. */
const READS_PER_SECOND = 100;
const SIGNATURES_PER_SECOND = 50;
const EMAIL = 'bench@example.org';
const PASSWORD = 'benchmark passphrase';

interface Latencies {
  readP99: number;
  signP99: number;
  /** Reads answered 200 and signatures answered 202 within the load's seconds (a stalled service answers none). */
  reads: number;
  signed: number;
  /** Answers that were not 200 (reads) or 202 (signatures), and errors. */
  failures: number;
}

const dir = mkdtempSync(join(tmpdir(), 'bench-pdf-latency-'));
const dbPath = join(dir, 'service.db');
const admin = await openAdmin(dbPath);
const { api_key: apiKey, secret } = await admin.createConsumer('bench');
const { petition_id: petitionId } = await admin.createPetition({ title: 'A hundred thousand signatures', targets: ['The Minister'], overview: 'A benchmark petition.' });
await admin.seed(petitionId, SIGNATURES);
await admin.createOperator(EMAIL, PASSWORD);
await admin.close();

const service = await spawnService(['--db', dbPath, '--auto-grant', '--allow-private-callbacks', '--rate-limit', '100000000']);
try {
  const origin = new URL(service.baseUrl).origin;
  const signPath = `/v1/petitions/${petitionId}/signatures`;
  const authKey = await grantedKey(service.baseUrl, petitionId, apiKey, secret, SOURCE);
  const session = await signInToConsole(origin, EMAIL, PASSWORD);

  const load = async (tag: number): Promise<Latencies> => {
    const bodies = signedBodies({ apiKey, secret, authKey, path: signPath }, SIGNATURES_PER_SECOND * SECONDS * 2, tag);
    let next = 0;
    const [reads, signs] = await Promise.all([
      autocannon({ url: origin, connections: 4, duration: SECONDS, overallRate: READS_PER_SECOND, requests: [{ method: 'GET', path: `${signPath}/recent?api_key=${apiKey}` }] }),
      autocannon({
        url: origin,
        connections: 4,
        duration: SECONDS,
        overallRate: SIGNATURES_PER_SECOND,
        requests: [{ method: 'POST', path: signPath, headers: { 'content-type': 'application/x-www-form-urlencoded' }, setupRequest: (request) => ({ ...request, body: bodies[next++]! }) }],
      }),
    ]);
    const answered = reads.statusCodeStats['200']?.count ?? 0;
    const signed = signs.statusCodeStats['202']?.count ?? 0;
    const failures = reads.errors + reads.timeouts + reads['2xx'] + reads.non2xx - answered + signs.errors + signs.timeouts + signs['2xx'] + signs.non2xx - signed;
    return { readP99: reads.latency.p99, signP99: signs.latency.p99, reads: answered, signed, failures };
  };

  /** Starts the PDF; resolves when its last byte came, with the seconds it took. */
  const makePdf = async (): Promise<{ firstBytes: Promise<void>; done: Promise<number> }> => {
    const path = `/admin/petitions/${petitionId}/delivery`;
    const csrf = await session.csrfFrom(`/admin/petitions/${petitionId}`);
    const started = performance.now();
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
      body: new URLSearchParams({ csrf }).toString(),
    });
    if (response.status !== 200 || !response.body) throw new Error(`${path} answered ${response.status}`);
    let first!: () => void;
    const firstBytes = new Promise<void>((resolve) => (first = resolve));
    const done = (async () => {
      for await (const _chunk of response.body as unknown as AsyncIterable<Uint8Array>) first();
      return (performance.now() - started) / 1000;
    })();
    return { firstBytes, done };
  };

  const alone: Latencies[] = [];
  const during: Latencies[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const quiet = await load(round * 2);
    const pdf = await makePdf();
    await pdf.firstBytes;
    const loadEnded = performance.now();
    const busy = await load(round * 2 + 1);
    const loadSeconds = (performance.now() - loadEnded) / 1000;
    const pdfSeconds = await pdf.done;
    alone.push(quiet);
    during.push(busy);
    const line = (l: Latencies) =>
      `recent p99 ${l.readP99} ms (${l.reads} answered), signature 202 p99 ${l.signP99} ms (${l.signed} answered)${l.failures ? `, ${l.failures} failed` : ''}`;
    console.log(
      `round ${round}: alone ${line(quiet)}; during the PDF ${line(busy)}; the PDF took ${pdfSeconds.toFixed(1)} s` +
        `${pdfSeconds < loadSeconds ? ' (ended before the load: the load outlasted it)' : ''}; load average ${loadAverage()}`,
    );
  }
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const readAlone = median(alone.map((l) => l.readP99));
  const readDuring = median(during.map((l) => l.readP99));
  const signAlone = median(alone.map((l) => l.signP99));
  const signDuring = median(during.map((l) => l.signP99));
  console.log(
    `median of ${ROUNDS} rounds, ${SIGNATURES} signers, ${READS_PER_SECOND} reads/s and ${SIGNATURES_PER_SECOND} signatures/s for ${SECONDS} s: ` +
      `recent p99 ${readAlone} ms alone, ${readDuring} ms during the PDF (${ratio(readDuring, readAlone)}x); ` +
      `signature 202 p99 ${signAlone} ms alone, ${signDuring} ms during the PDF (${ratio(signDuring, signAlone)}x)`,
  );
} finally {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}
