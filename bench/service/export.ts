// Benchmark: the console's CSV export of a petition of 1,000,000 signatures: time to the last
// byte and the service's memory (resident now, and its peak from /proc), the download read as
// it streams and thrown away. Also times the seed that builds the petition.
// Usage: node --import tsx bench/service/export.ts [runs] [signatures]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import { memoryOf, signInToConsole } from './console-session.js';
import { spawnService } from './service-process.js';
import { median } from '../median.js';

const RUNS = Number(process.argv[2] ?? 3);
const SIGNATURES = Number(process.argv[3] ?? 1_000_000);
const EMAIL = 'bench@example.org';
const PASSWORD = 'benchmark passphrase';


const dir = mkdtempSync(join(tmpdir(), 'bench-export-'));
const dbPath = join(dir, 'service.db');
const admin = await openAdmin(dbPath);
const { petition_id } = await admin.createPetition('A million signatures');
const seedStarted = performance.now();
await admin.seed(petition_id, SIGNATURES);
console.log(`seeded ${SIGNATURES} signatures in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);
await admin.createOperator(EMAIL, PASSWORD);
await admin.close();

const service = await spawnService(['--db', dbPath]);
try {
  const origin = new URL(service.baseUrl).origin;
  const session = await signInToConsole(origin, EMAIL, PASSWORD);
  const pid = service.child.pid!;
  const seconds: number[] = [];
  const peaks: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const csrf = await session.csrfFrom(`/admin/petitions/${petition_id}`);
    const before = memoryOf(pid);
    let peakDuring = before.rssMiB;
    const sampler = setInterval(() => (peakDuring = Math.max(peakDuring, memoryOf(pid).rssMiB)), 25);
    const started = performance.now();
    const response = await fetch(`${origin}/admin/petitions/${petition_id}/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
      body: new URLSearchParams({ csrf }).toString(),
    });
    if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    }
    const elapsed = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = memoryOf(pid);
    peakDuring = Math.max(peakDuring, after.rssMiB);
    if (lines !== SIGNATURES + 1) throw new Error(`expected ${SIGNATURES + 1} lines, got ${lines}`);
    seconds.push(elapsed);
    peaks.push(peakDuring);
    console.log(
      `run ${run}: ${elapsed.toFixed(2)} s, ${(bytes / 1024 / 1024).toFixed(1)} MiB, ${lines - 1} rows; ` +
        `service RSS ${before.rssMiB.toFixed(0)} MiB before, ${peakDuring.toFixed(0)} MiB at most during, ${after.rssMiB.toFixed(0)} MiB after (VmHWM ${after.peakMiB.toFixed(0)} MiB)`,
    );
  }
  console.log(`median of ${RUNS} runs: ${median(seconds).toFixed(2)} s to the last byte; service RSS at most ${median(peaks).toFixed(0)} MiB during an export`);
} finally {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}
