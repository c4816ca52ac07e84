// Benchmark: signed signature submissions accepted per second by the service, against the
// yardstick (yardstick-server.ts: the irreducible work of the same request), each in its own
// process, run alternately round after round with the same kind of bodies and 64 connections.
// Usage: node --import tsx bench/service/ingest.ts [rounds] [seconds]   (npm run bench:ingest)
import autocannon from 'autocannon';
import { join } from 'node:path';
import { median } from '../median.js';
import { cpuSeconds, loadAverage, machineTimes } from '../proc-stat.js';
import { startBenchService } from './bench-service.js';
import { spawnYardstick } from './service-process.js';
import type { ServerProcess } from './service-process.js';

const ROUNDS = Number(process.argv[2] ?? 5);
const SECONDS = Number(process.argv[3] ?? 6);
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 64;
/**
 * More signed bodies than one server can take in a round (warm-up and load: 8 s at up to about
 * 30,000/s on a quiet machine, where the yardstick once used up 200,000); each is used once
 * (again is a replay).
 */
const BODIES = 320_000;

interface Measure {
  accepted: number;
  perSecond: number;
  notAccepted: number;
  cpuMsPerAccepted: number;
  /** The load generator's (this process's) CPU per accepted. */
  loadCpuMsPerAccepted: number;
  /** Share of the machine's CPU time left idle during the load. */
  idle: number;
  drainMs: number;
}


/** Sends bodies from `from` on for `seconds`; returns the autocannon result and the next unused body. */
async function load(origin: string, path: string, bodies: string[], from: number, seconds: number) {
  let next = from;
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{
      method: 'POST',
      path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      setupRequest: (request) => ({ ...request, body: bodies[next++]! }),
    }],
  });
  if (next >= bodies.length) throw new Error('ran out of signed bodies: raise BODIES');
  return { result, next };
}

/** One measured load against a started server, after a warm-up; `drained` waits for background work. */
async function measure(server: ServerProcess, path: string, bodies: string[], drained: () => Promise<number>): Promise<Measure> {
  const origin = new URL(server.baseUrl).origin;
  const warm = await load(origin, path, bodies, 0, WARM_UP_SECONDS);
  await drained();
  const pid = server.child.pid!;
  const cpuBefore = cpuSeconds(pid);
  const loadBefore = process.cpuUsage();
  const machineBefore = machineTimes();
  const { result } = await load(origin, path, bodies, warm.next, SECONDS);
  const machine = machineTimes();
  const loadCpu = process.cpuUsage(loadBefore);
  const drainMs = await drained();
  const cpu = cpuSeconds(pid) - cpuBefore;
  const accepted = result.statusCodeStats['202']?.count ?? 0;
  return {
    accepted,
    perSecond: accepted / SECONDS,
    notAccepted: result.non2xx + result.errors + result.timeouts,
    cpuMsPerAccepted: (cpu * 1000) / accepted,
    loadCpuMsPerAccepted: (loadCpu.user + loadCpu.system) / 1000 / accepted,
    idle: (machine.idle - machineBefore.idle) / (machine.total - machineBefore.total),
    drainMs,
  };
}

async function round(round: number): Promise<{ service: Measure; yardstick: Measure }> {
  const bench = await startBenchService('bench-ingest-');
  let yardstick: ServerProcess | undefined;
  try {
    const { service, path } = bench;
    const bodies = bench.signedBodies(BODIES, round);
    const runService = async () => {
      const measured = await measure(service, path, bodies, () => bench.queueDrained());
      bench.checkCounted(measured.accepted);
      await service.stop();
      return measured;
    };
    const runYardstick = async () => {
      yardstick = await spawnYardstick(join(bench.dir, 'yardstick.db'), bench.secret, bench.authKey);
      const measured = await measure(yardstick, path, bodies, async () => 0);
      await yardstick.stop();
      return measured;
    };
    // Alternate which goes first, so a drift in the machine's load hits both alike.
    let serviceMeasure: Measure;
    let yardstickMeasure: Measure;
    if (round % 2 === 1) {
      serviceMeasure = await runService();
      yardstickMeasure = await runYardstick();
    } else {
      yardstickMeasure = await runYardstick();
      serviceMeasure = await runService();
    }
    return { service: serviceMeasure, yardstick: yardstickMeasure };
  } finally {
    await yardstick?.stop();
    await bench.close();
  }
}

const describe = (m: Measure) =>
  `${Math.round(m.perSecond)}/s (${m.notAccepted} not 202), ${m.cpuMsPerAccepted.toFixed(3)} ms CPU per accepted ` +
  `(load generator ${m.loadCpuMsPerAccepted.toFixed(3)} ms, machine ${Math.round(m.idle * 100)} % idle)`;

const results = [];
for (let r = 1; r <= ROUNDS; r++) {
  const outcome = await round(r);
  results.push(outcome);
  const ratio = outcome.service.perSecond / outcome.yardstick.perSecond;
  console.log(
    `round ${r}: service ${describe(outcome.service)}, queue drained ${outcome.service.drainMs} ms after the load; ` +
      `yardstick ${describe(outcome.yardstick)}; ratio ${ratio.toFixed(2)}; ` +
      `load average ${loadAverage()}`,
  );
}
const ratios = results.map((r) => r.service.perSecond / r.yardstick.perSecond);
console.log(
  `median of ${ROUNDS} rounds: service ${Math.round(median(results.map((r) => r.service.perSecond)))}/s, ` +
    `yardstick ${Math.round(median(results.map((r) => r.yardstick.perSecond)))}/s, ratio ${median(ratios).toFixed(2)} ` +
    `(per round ${ratios.map((x) => x.toFixed(2)).join(' / ')}); CPU per accepted: service ` +
    `${median(results.map((r) => r.service.cpuMsPerAccepted)).toFixed(3)} ms, yardstick ` +
    `${median(results.map((r) => r.yardstick.cpuMsPerAccepted)).toFixed(3)} ms; not 202: service ` +
    `${results.reduce((sum, r) => sum + r.service.notAccepted, 0)}, yardstick ${results.reduce((sum, r) => sum + r.yardstick.notAccepted, 0)}; ` +
    `slowest queue drain ${Math.max(...results.map((r) => r.service.drainMs))} ms`,
);
