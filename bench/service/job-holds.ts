// Benchmark (issue 29): the longest a heavy job holds the service's event loop, and how long it
// takes, on a petition of 100,000 signers, each job run in this process as the console runs it
// (the same domain functions on the same store), measured with perf_hooks.monitorEventLoopDelay:
// the CSV export, the delivery PDF, bulk invalidation of the earlier half and its undo, a paper
// batch of 1,000 signers added and removed, the campaign insight over the petition's life, and
// the erasure of a closed petition's personal data (issue 30's retention; a petition of its own
// each round, of the same size, since an erased petition has nothing left to erase).
// Usage: node --import tsx bench/service/job-holds.ts [rounds] [signatures]
import { mkdtempSync, rmSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { invalidateInBulk, undoInvalidation } from '../../src/service/abuse/bulk-invalidation.js';
import { readInvalidationFilter } from '../../src/service/abuse/invalidation-filter.js';
import { openAdmin } from '../../src/service/admin.js';
import { findDeliveryFont } from '../../src/service/delivery/delivery-font.js';
import { deliveryJobs, prepareDelivery } from '../../src/service/delivery/delivery-preparation.js';
import { readCampaignInsight } from '../../src/service/insight/campaign-insight.js';
import { erasePetitionPersonalData } from '../../src/service/retention/personal-data-erasure.js';
import { COMMAND_LINE } from '../../src/service/operators/audit-log.js';
import { addPaperBatch, removePaperBatch } from '../../src/service/paper/paper-batches.js';
import { exportJobs, startSignatureExport } from '../../src/service/signatures/signature-export.js';
import { SqliteEngine } from '../../src/service/store/engines/sqlite-engine.js';
import { openStoreEngine } from '../../src/service/store/engines/store-engine.js';
import { createStore } from '../../src/service/store/store.js';
import { median } from '../median.js';

const ROUNDS = Number(process.argv[2] ?? 3);
const SIGNATURES = Number(process.argv[3] ?? 100_000);

const dir = mkdtempSync(join(tmpdir(), 'bench-job-holds-'));
const dbPath = join(dir, 'service.db');
const admin = await openAdmin(dbPath);
const { petition_id: petitionId } = await admin.createPetition('A hundred thousand signatures');
await admin.seed(petitionId, SIGNATURES);
const toErase: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const { petition_id } = await admin.createPetition(`Closed, to be erased (round ${round})`);
  await admin.seed(petition_id, SIGNATURES);
  await admin.updatePetition(petition_id, { status: 'closed' });
  toErase.push(petition_id);
}
await admin.close();
const engine = await openStoreEngine(dbPath);
// The running service checkpoints from a thread of its own (wal-checkpointer.ts); the connection's
// fallback checkpoint, run inside a commit, would be measured here as the job's hold.
if (engine instanceof SqliteEngine) engine.db.pragma('wal_autocheckpoint = 0');
const store = createStore(engine);

const drain = async (stream: ReadableStream<Uint8Array>) => {
  for await (const _chunk of stream as unknown as AsyncIterable<Uint8Array>) continue;
};
const span = (await engine
  .prepare<[number], { first: number; last: number }>('SELECT MIN(signed_on) AS first, MAX(signed_on) AS last FROM signatures WHERE petition_id = ?')
  .get(petitionId))!;
const middle = new Date(Number(span.first) + (Number(span.last) - Number(span.first)) / 2).toISOString().slice(0, 16).replace('T', ' ');
const filter = readInvalidationFilter(petitionId, { before: middle });
if (!filter.ok) throw new Error('the filter was refused');
const sheet = ['first_name,last_name,email,address,city,postal_code,country_code'];
for (let i = 0; i < 1000; i++) sheet.push(`Paper${i},Signer${i},paper${i}@example.net,${i} High Street,Leeds,LS1 ${1 + (i % 9)}AB,GB`);
const quiet = () => {};

let batchId = 0;
let paperBatch = 0;
const jobs: Array<[name: string, run: () => Promise<unknown>]> = [
  ['CSV export', async () => drain(await startSignatureExport(store, petitionId, COMMAND_LINE, exportJobs(quiet)))],
  ['delivery PDF', async () => {
    const petition = (await store.petitionById.get(petitionId))!;
    await drain((await prepareDelivery(store, petition, COMMAND_LINE, { font: findDeliveryFont(), now: Date.now() }, deliveryJobs(quiet))).pdf);
  }],
  ['bulk invalidation, the earlier half', async () => (batchId = (await invalidateInBulk(store, filter.params, filter.text, COMMAND_LINE)).batchId)],
  ['its undo', () => undoInvalidation(store, batchId, COMMAND_LINE)],
  ['paper batch of 1,000 added', async () => {
    const added = await addPaperBatch(store, petitionId, sheet.join('\n'), COMMAND_LINE);
    if (!added.ok) throw new Error(added.problem);
    paperBatch = added.batchId;
  }],
  ['paper batch removed', () => removePaperBatch(store, paperBatch, COMMAND_LINE)],
  ['campaign insight, the whole life by the day', async () => readCampaignInsight(store, (await store.petitionById.get(petitionId))!, {}, Date.now())],
  ['personal data of a closed petition erased', () => erasePetitionPersonalData(store, toErase.shift()!, { reason: 'operator', actor: COMMAND_LINE, truncateWal: async () => {} })],
];

const results = new Map<string, Array<{ holdMs: number; seconds: number }>>();
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, run] of jobs) {
      const histogram = monitorEventLoopDelay({ resolution: 5 });
      histogram.enable();
      await sleep(20);
      histogram.reset();
      const started = performance.now();
      await run();
      const seconds = (performance.now() - started) / 1000;
      // One more turn, so that a hold that lasted to the job's end is sampled too.
      await sleep(10);
      histogram.disable();
      const holdMs = histogram.max / 1e6;
      results.set(name, [...(results.get(name) ?? []), { holdMs, seconds }]);
      // What the service's checkpoint thread does between jobs: without it the WAL an erasure of
      // 100,000 rows leaves makes the next job's reads slow (the export held 565 ms after one).
      if (engine instanceof SqliteEngine) engine.db.pragma('wal_checkpoint(TRUNCATE)');
      console.log(`round ${round}: ${name}: the loop held at most ${holdMs.toFixed(0)} ms, ${seconds.toFixed(2)} s in all`);
    }
  }
  console.log(`median of ${ROUNDS} rounds, ${SIGNATURES} signers:`);
  for (const [name, runs] of results) {
    console.log(`  ${name}: held at most ${median(runs.map((r) => r.holdMs)).toFixed(0)} ms, ${median(runs.map((r) => r.seconds)).toFixed(2)} s in all`);
  }
} finally {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
}
