// Benchmark: signed signature submissions accepted per second over loopback HTTP, many
// concurrent clients; then how long until nothing is left queued after the load stops (since
// issue 9 the group commit lists what it accepts, so this is 0 unless that regresses). Usage: node --import tsx bench/service/submissions.ts [runs] [seconds]
import autocannon from 'autocannon';
import { median } from '../median.js';
import { cpuSeconds, loadAverage } from '../proc-stat.js';
import { startBenchService } from './bench-service.js';

const RUNS = Number(process.argv[2] ?? 3);
const SECONDS = Number(process.argv[3] ?? 10);
const CONNECTIONS = 64;
/** More signed bodies than any run can send; each is used once (a second use is a replay). */
const BODIES = 150_000;


async function oneRun(run: number): Promise<{ accepted: number; perSecond: number; refused: number; drainMs: number; cpuMsPerRequest: number }> {
  const bench = await startBenchService('bench-service-');
  try {
    const { service, path } = bench;
    const bodies = bench.signedBodies(BODIES, run);
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
    const drainMs = await bench.queueDrained();
    const serviceCpu = cpuSeconds(service.child.pid!) - serviceCpuBefore;
    const accepted = result.statusCodeStats['202']?.count ?? 0;
    // Per signature committed: requests in flight when the load stopped count too.
    const committed = bench.checkCounted(accepted);
    return { accepted, perSecond: accepted / SECONDS, refused: result.non2xx + result.errors, drainMs, cpuMsPerRequest: (serviceCpu * 1000) / committed };
  } finally {
    await bench.close();
  }
}

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
