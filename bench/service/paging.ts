// Benchmark: page latency on a petition of 1,000,000 signatures, last page against first
// (no OFFSET scan: the ratio should stay near 1). Also times the seed that builds the petition.
// Usage: node --import tsx bench/service/paging.ts [runs] [requests-per-page] [signatures] [postgres]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import { spawnService } from './service-process.js';
import { median } from '../median.js';
import { startPostgresCluster, stopWithProcess } from '../../support/postgres-cluster.js';

const RUNS = Number(process.argv[2] ?? 3);
const REQUESTS = Number(process.argv[3] ?? 400);
const SIGNATURES = Number(process.argv[4] ?? 1_000_000);


// `postgres` as the fifth argument: the same on PostgreSQL, in a throwaway cluster.
const onPostgres = process.argv[5] === 'postgres';
const cluster = onPostgres ? stopWithProcess(await startPostgresCluster()) : null;
const dir = mkdtempSync(join(tmpdir(), 'bench-paging-'));
const dbPath = cluster ? await cluster.createDatabase('paging') : join(dir, 'service.db');
const admin = await openAdmin(dbPath);
const { api_key } = await admin.createConsumer('bench');
const { petition_id } = await admin.createPetition('A million signatures');
const seedStarted = performance.now();
await admin.seed(petition_id, SIGNATURES);
const seedSeconds = (performance.now() - seedStarted) / 1000;
await admin.close();
console.log(`seeded ${SIGNATURES} signatures in ${seedSeconds.toFixed(1)} s`);

const service = await spawnService(['--db', dbPath, '--rate-limit', '100000000']);
try {
  const url = (query: string) => `${service.baseUrl}/petitions/${petition_id}/signatures?api_key=${api_key}&${query}`;
  const first = (await (await fetch(url('page=1'))).json()) as { total_pages: number };
  const pages: Record<string, string> = {
    'first page, time_asc': 'page=1',
    'last page, time_asc': `page=${first.total_pages}`,
    'first page, time_desc': 'page=1&sort=time_desc',
    'last page, time_desc': `page=${first.total_pages}&sort=time_desc`,
    'middle page, page_size 100': `page=${Math.floor(first.total_pages / 20)}&page_size=100`,
  };
  const medians: Record<string, number[]> = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
  for (let run = 1; run <= RUNS; run++) {
    const samples: Record<string, number[]> = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
    // Interleaved, so that noise from other load hits every page alike.
    for (let i = 0; i < REQUESTS; i++) {
      for (const [name, query] of Object.entries(pages)) {
        const started = performance.now();
        const response = await fetch(url(query));
        const body = (await response.json()) as { signatures: unknown[] };
        if (response.status !== 200 || body.signatures.length === 0) throw new Error(`${name}: ${response.status}`);
        samples[name]!.push(performance.now() - started);
      }
    }
    for (const name of Object.keys(pages)) medians[name]!.push(median(samples[name]!));
    console.log(`run ${run}: ${Object.keys(pages).map((name) => `${name} ${median(samples[name]!).toFixed(3)} ms`).join('; ')}`);
  }
  const firstMs = median(medians['first page, time_asc']!);
  const lastMs = median(medians['last page, time_asc']!);
  console.log(`total pages at page_size 10: ${first.total_pages}`);
  for (const name of Object.keys(pages)) console.log(`median of ${RUNS} runs, ${name}: ${median(medians[name]!).toFixed(3)} ms`);
  console.log(`last/first (time_asc): ${(lastMs / firstMs).toFixed(2)}`);
} finally {
  await service.stop();
  await cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
}
