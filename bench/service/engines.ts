// Benchmark: signed submissions accepted per second, and CPU per accepted submission per
// process, on SQLite (one instance), on PostgreSQL with one instance, and with two instances on
// one PostgreSQL database, in the same run, rounds alternating the order. PostgreSQL is a
// throwaway cluster (support/postgres-cluster.ts: fsync off, as in the tests; a real
// server's fsync adds disk waits, not CPU). Its CPU is every server process of the cluster.
// Then how long until nothing is left queued (0 unless the group commit regresses).
// Usage: node --import tsx bench/service/engines.ts [rounds] [seconds]
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import { openStoreEngine } from '../../src/service/store/engines/store-engine.js';
import { startPostgresCluster, stopWithProcess } from '../../support/postgres-cluster.js';
import { median } from '../median.js';
import { cpuSeconds, loadAverage } from '../proc-stat.js';
import { SOURCE, signedBodies } from './bench-service.js';
import { grantedKey, spawnService, type ServerProcess } from './service-process.js';

const ROUNDS = Number(process.argv[2] ?? 3);
const SECONDS = Number(process.argv[3] ?? 8);
const CONNECTIONS = 64;
const BODIES = 120_000;

/** CPU seconds of a process and every process under it (a PostgreSQL server and its backends). */
function treeCpuSeconds(root: number): number {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // gone meanwhile
    }
  }
  let total = 0;
  const visit = (pid: number) => {
    try {
      total += cpuSeconds(pid);
    } catch {
      return;
    }
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(root);
  return total;
}

interface Outcome {
  perSecond: number;
  refused: number;
  drainMs: number;
  /** Milliseconds of CPU per committed submission: the service instances together, and the database server. */
  serviceCpuMs: number;
  databaseCpuMs: number;
}

async function variant(database: string, instances: number, tag: number, postmaster: number | null): Promise<Outcome> {
  const admin = await openAdmin(database);
  const { api_key: apiKey, secret } = await admin.createConsumer('bench');
  const { petition_id: petitionId } = await admin.createPetition('Bench');
  await admin.close();
  const args = ['--db', database, '--auto-grant', '--allow-private-callbacks', '--rate-limit', '100000000'];
  const services: ServerProcess[] = [];
  for (let i = 0; i < instances; i++) services.push(await spawnService(args));
  const reader = await openStoreEngine(database);
  try {
    const path = `/v1/petitions/${petitionId}/signatures`;
    const authKey = await grantedKey(services[0]!.baseUrl, petitionId, apiKey, secret, SOURCE);
    const bodies = signedBodies({ apiKey, secret, authKey, path }, BODIES, tag);
    let next = 0;
    const serviceCpu = () => services.reduce((sum, service) => sum + cpuSeconds(service.child.pid!), 0);
    const databaseCpu = () => (postmaster === null ? 0 : treeCpuSeconds(postmaster));
    const [serviceBefore, databaseBefore] = [serviceCpu(), databaseCpu()];
    const results = await Promise.all(
      services.map((service) =>
        autocannon({
          url: new URL(service.baseUrl).origin,
          connections: CONNECTIONS / instances,
          duration: SECONDS,
          requests: [{
            method: 'POST',
            path,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            setupRequest: (request) => ({ ...request, body: bodies[next++ % BODIES] }),
          }],
        }),
      ),
    );
    const started = Date.now();
    const queued = reader.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM signature_queue');
    while ((await queued.get())!.count > 0 && Date.now() - started < 30_000) await new Promise((resolve) => setTimeout(resolve, 5));
    const drainMs = Date.now() - started;
    const [serviceAfter, databaseAfter] = [serviceCpu(), databaseCpu()];
    const accepted = results.reduce((sum, result) => sum + (result.statusCodeStats['202']?.count ?? 0), 0);
    const { count } = (await reader.prepare<[number], { count: number }>('SELECT signature_count AS count FROM petitions WHERE id = ?').get(petitionId))!;
    if (count < accepted) throw new Error(`accepted ${accepted} but only ${count} counted`);
    return {
      perSecond: accepted / SECONDS,
      refused: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
      drainMs,
      serviceCpuMs: ((serviceAfter - serviceBefore) * 1000) / count,
      databaseCpuMs: ((databaseAfter - databaseBefore) * 1000) / count,
    };
  } finally {
    await reader.close();
    for (const service of services) await service.stop();
  }
}

const cluster = stopWithProcess(await startPostgresCluster());
const dir = mkdtempSync(join(tmpdir(), 'bench-engines-'));
const postmaster = Number(readFileSync(join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
const VARIANTS: Array<[string, (tag: number) => Promise<Outcome>]> = [
  ['SQLite, one instance', (tag) => variant(join(dir, `sqlite-${tag}.db`), 1, tag, null)],
  ['PostgreSQL, one instance', async (tag) => variant(await cluster.createDatabase(`one_${tag}`), 1, tag, postmaster)],
  ['PostgreSQL, two instances', async (tag) => variant(await cluster.createDatabase(`two_${tag}`), 2, tag, postmaster)],
];
const outcomes = new Map<string, Outcome[]>(VARIANTS.map(([name]) => [name, []]));
try {
  let tag = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    const order = round % 2 === 1 ? VARIANTS : [...VARIANTS].reverse();
    for (const [name, run] of order) {
      const outcome = await run(++tag);
      outcomes.get(name)!.push(outcome);
      console.log(
        `round ${round}, ${name}: ${Math.round(outcome.perSecond)} accepted/s, ${outcome.refused} not 202, drained ${outcome.drainMs} ms, ` +
          `CPU per submission: service ${outcome.serviceCpuMs.toFixed(3)} ms, database ${outcome.databaseCpuMs.toFixed(3)} ms; load average ${loadAverage()}`,
      );
    }
  }
} finally {
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}

const sqliteCpu = median(outcomes.get(VARIANTS[0]![0])!.map((o) => o.serviceCpuMs));
console.log(`\nmedians of ${ROUNDS} rounds of ${SECONDS} s, ${CONNECTIONS} connections in all:`);
for (const [name] of VARIANTS) {
  const runs = outcomes.get(name)!;
  const service = median(runs.map((o) => o.serviceCpuMs));
  const database = median(runs.map((o) => o.databaseCpuMs));
  console.log(
    `${name.padEnd(28)} ${String(Math.round(median(runs.map((o) => o.perSecond)))).padStart(6)} accepted/s, drain ${median(runs.map((o) => o.drainMs))} ms, ` +
      `CPU per submission: service ${service.toFixed(3)} ms + database ${database.toFixed(3)} ms = ${((service + database) / sqliteCpu).toFixed(2)}× SQLite's`,
  );
}
