// Benchmark: what /metrics costs the service. A scrape reads the queue, the waiting deliveries
// and the search backlog from the store and the WAL's size from the file system, so it is timed
// on a petition of many signers, with the event loop's longest delay during the scrapes; and what
// each request pays for its http_server_request_duration_seconds sample.
// Usage: node --import tsx bench/service/metrics-scrape.ts [signers] [scrapes]
import { mkdtempSync, rmSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import { openAdmin } from '../../src/service/admin.js';
import { startService } from '../../src/service/index.js';
import { HttpRequestDuration } from '../../src/shared/observability/http-request-duration.js';

const SIGNERS = Number(process.argv[2] ?? 100_000);
const SCRAPES = Number(process.argv[3] ?? 50);

const dir = mkdtempSync(join(tmpdir(), 'bench-metrics-'));
try {
  const dbPath = join(dir, 'service.db');
  const admin = await openAdmin(dbPath);
  const { petition_id: petitionId } = await admin.createPetition('Bench petition');
  await admin.seed(petitionId, SIGNERS);
  await admin.close();
  const service = await startService({ dbPath, port: 0, metrics: { host: '127.0.0.1', port: 0 }, log: () => {} });
  const url = service.metricsUrl!;
  // The seeded signatures are indexed for search by the service's tick first (tens of ms a batch): not the scrape's cost.
  while (!/^petition_service_search_index_backlog_signatures 0$/m.test(await (await fetch(url)).text())) {
    await new Promise((resolve) => setTimeout(resolve, 600));
  }
  // The same time without scrapes: what the service's own loops (upkeep, alerts) hold the loop for.
  const idle = monitorEventLoopDelay({ resolution: 1 });
  idle.enable();
  await new Promise((resolve) => setTimeout(resolve, SCRAPES * 600));
  idle.disable();
  const loop = monitorEventLoopDelay({ resolution: 1 });
  const times: number[] = [];
  loop.enable();
  for (let scrape = 0; scrape < SCRAPES; scrape++) {
    const start = performance.now();
    const text = await (await fetch(url)).text();
    times.push(performance.now() - start);
    if (!text.includes('petition_service_search_index_backlog_signatures')) throw new Error('incomplete scrape');
    // Scrapes come every 15 s or so: fresh store readings for each one.
    await new Promise((resolve) => setTimeout(resolve, 600));
  }
  loop.disable();
  await service.close();
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))]!.toFixed(1);
  console.log(`${SIGNERS} signers, ${SCRAPES} scrapes: median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${times.at(-1)!.toFixed(1)} ms; event loop's longest delay meanwhile ${(loop.max / 1e6).toFixed(1)} ms (${(idle.max / 1e6).toFixed(1)} ms as long without scrapes)`);

  const duration = new HttpRequestDuration(new Registry());
  const routes = ['/v1/petitions/:petition_id/signatures', '/v1/petitions/:petition_id', '_unmatched'];
  const samples = 1_000_000;
  const start = performance.now();
  for (let index = 0; index < samples; index++) duration.observe(routes[index % 3]!, 'POST', 202, 0.004);
  console.log(`http_server_request_duration_seconds: ${(((performance.now() - start) / samples) * 1e6).toFixed(0)} ns a sample`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
