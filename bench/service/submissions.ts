// Benchmark: signed signature submissions accepted per second over loopback HTTP, many
// concurrent clients; then how long until nothing is left queued after the load stops (since
// issue 9 the group commit lists what it accepts, so this is 0 unless that regresses). Usage: node --import tsx bench/service/submissions.ts [runs] [seconds]
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import { signFormBody } from '../../src/shared/signing.js';
import { cpuSeconds, loadAverage } from '../proc-stat.js';
import { grantedKey, spawnService } from './service-process.js';

const RUNS = Number(process.argv[2] ?? 3);
const SECONDS = Number(process.argv[3] ?? 10);
const CONNECTIONS = 64;
/** More signed bodies than any run can send; each is used once (a second use is a replay). */
const BODIES = 150_000;


async function oneRun(run: number): Promise<{ accepted: number; perSecond: number; refused: number; drainMs: number; cpuMsPerRequest: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-service-'));
  const dbPath = join(dir, 'service.db');
  const admin = openAdmin(dbPath);
  const { api_key, secret } = admin.createConsumer('bench');
  const { petition_id } = admin.createPetition('Bench');
  admin.close();
  // The key request's callback endpoint is on loopback, which only --allow-private-callbacks accepts.
  const service = await spawnService(['--db', dbPath, '--auto-grant', '--allow-private-callbacks', '--rate-limit', '100000000']);
  try {
    const source = 'https://bench.example.org/';
    const auth_key = await grantedKey(service.baseUrl, petition_id, api_key, secret, source);

    const path = `/v1/petitions/${petition_id}/signatures`;
    const timestamp = new Date().toISOString();
    const bodies: string[] = [];
    for (let i = 0; i < BODIES; i++) {
      bodies.push(await signFormBody([
        ['api_key', api_key], ['source', source], ['first_name', 'Bench'], ['last_name', `Signer ${i}`],
        ['email', `bench${run}.${i}@example.org`], ['address', '1 Main Street'], ['city', 'Lyon'], ['state_province', ''],
        ['postal_code', '69001'], ['country_code', 'FR'], ['timestamp', timestamp], ['endpoint', path],
      ], secret, auth_key));
    }
    let next = 0;
    const serviceCpuBefore = cpuSeconds(service.child.pid!);
    const result = await autocannon({
      url: new URL(service.baseUrl).origin,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [{
        method: 'POST',
        path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        setupRequest: (request) => ({ ...request, body: bodies[next++ % BODIES] }),
      }],
    });
    const loadEnded = Date.now();
    const db = new Database(dbPath, { readonly: true });
    const queued = db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM signature_queue');
    while (queued.get()!.count > 0 && Date.now() - loadEnded < 30_000) await new Promise((r) => setTimeout(r, 5));
    const drainMs = Date.now() - loadEnded;
    const serviceCpu = cpuSeconds(service.child.pid!) - serviceCpuBefore;
    const listed = db.prepare<[number], { signature_count: number }>('SELECT signature_count FROM petitions WHERE id = ?').get(petition_id)!;
    db.close();
    const accepted = result.statusCodeStats['202']?.count ?? 0;
    const answered = listed.signature_count;
    // Requests still in flight when the load stops are committed but not counted by autocannon.
    if (listed.signature_count < accepted) throw new Error(`accepted ${accepted} but only ${listed.signature_count} listed`);
    return { accepted, perSecond: accepted / SECONDS, refused: result.non2xx + result.errors, drainMs, cpuMsPerRequest: (serviceCpu * 1000) / answered };
  } finally {
    await service.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const runs = [];
for (let run = 1; run <= RUNS; run++) {
  const outcome = await oneRun(run);
  runs.push(outcome);
  console.log(
    `run ${run}: ${outcome.accepted} accepted in ${SECONDS} s = ${Math.round(outcome.perSecond)}/s, ${outcome.refused} not 202, ` +
      `queue drained ${outcome.drainMs} ms after load stopped, service CPU ${outcome.cpuMsPerRequest.toFixed(3)} ms per submission, ` +
      `load average ${loadAverage()}`,
  );
}
console.log(
  `median of ${RUNS}: ${Math.round(median(runs.map((r) => r.perSecond)))} accepted/s; drain ${median(runs.map((r) => r.drainMs))} ms; ` +
    `service CPU ${median(runs.map((r) => r.cpuMsPerRequest)).toFixed(3)} ms per submission ` +
    `(= ${Math.round(1000 / median(runs.map((r) => r.cpuMsPerRequest)))}/s on one core)`,
);
