// Benchmark: signed signature submissions accepted per second over loopback HTTP, many
// concurrent clients, the worker draining at the same time; then how long the queue takes to
// drain after the load stops. Usage: node --import tsx bench/service/submissions.ts [runs] [seconds]
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import { signFormBody } from '../../src/shared/signing.js';
import { spawnService } from './service-process.js';

const RUNS = Number(process.argv[2] ?? 3);
const SECONDS = Number(process.argv[3] ?? 10);
const CONNECTIONS = 64;
/** More signed bodies than any run can send; each is used once (a second use is a replay). */
const BODIES = 90_000;

async function post(baseUrl: string, path: string, body: string): Promise<Response> {
  return fetch(new URL(path, baseUrl), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body });
}

async function oneRun(run: number): Promise<{ accepted: number; perSecond: number; refused: number; drainMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-service-'));
  const dbPath = join(dir, 'service.db');
  const admin = openAdmin(dbPath);
  const { api_key, secret } = admin.createConsumer('bench');
  const { petition_id } = admin.createPetition('Bench');
  admin.close();
  const service = await spawnService(['--db', dbPath, '--auto-grant', '--rate-limit', '100000000']);
  try {
    const source = 'https://bench.example.org/';
    const keyPath = `/v1/petitions/${petition_id}/auth_keys`;
    const keyPairs = (): [string, string][] => [
      ['api_key', api_key], ['source_description', 'bench'], ['source', source], ['requester_email', 'bench@example.org'],
      ['callback_endpoint', 'http://127.0.0.1:9/unused'], ['timestamp', new Date().toISOString()], ['endpoint', keyPath],
    ];
    await post(service.baseUrl, keyPath, await signFormBody(keyPairs(), secret));
    const { auth_key } = (await (await post(service.baseUrl, keyPath, await signFormBody(keyPairs(), secret))).json()) as { auth_key: string };

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
    const cpuBefore = process.cpuUsage();
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
    if (process.env.BENCH_VERBOSE) console.log('load generator cpu', process.cpuUsage(cpuBefore), 'latency', result.latency.p50, result.latency.p99);
    const db = new Database(dbPath, { readonly: true });
    const queued = db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM signature_queue');
    while (queued.get()!.count > 0 && Date.now() - loadEnded < 30_000) await new Promise((r) => setTimeout(r, 5));
    const drainMs = Date.now() - loadEnded;
    const listed = db.prepare<[number], { signature_count: number }>('SELECT signature_count FROM petitions WHERE id = ?').get(petition_id)!;
    db.close();
    const accepted = result.statusCodeStats['202']?.count ?? 0;
    // Requests still in flight when the load stops are committed but not counted by autocannon.
    if (listed.signature_count < accepted) throw new Error(`accepted ${accepted} but only ${listed.signature_count} listed`);
    return { accepted, perSecond: accepted / SECONDS, refused: result.non2xx + result.errors, drainMs };
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
  console.log(`run ${run}: ${outcome.accepted} accepted in ${SECONDS} s = ${Math.round(outcome.perSecond)}/s, ${outcome.refused} not 202, queue drained ${outcome.drainMs} ms after load stopped`);
}
console.log(`median: ${Math.round(median(runs.map((r) => r.perSecond)))} accepted/s; drain ${median(runs.map((r) => r.drainMs))} ms`);
