// Keeps the console's search index (store/signatures/search-store.ts) up with the signatures: a batch
// after the commits that added them, never in the commit that answers a signer (the index's
// writes cost that commit more than the signature's own: docs/benchmarks.md "Service: ingest").
// The queue worker's tick catches up once a second (index.ts), and a search catches up first
// (signature-directory.ts), so a signature is found as soon as its 202 is sent. On PostgreSQL
// nothing waits (search-store.ts).
import type { Store } from '../store/store.js';

/** The tick catches up this often while signatures keep coming. */
export const SEARCH_CATCH_UP_EVERY_MS = 1000;
/** Signature ids indexed per transaction: some tens of milliseconds of the writer's time. */
const BATCH_IDS = 20_000;
/** A search waits for at most this many batches; a larger backlog (a seed of a million) is the tick's. */
export const SEARCH_WAITS_FOR_BATCHES = 3;

/** Indexes what is waiting, `batches` transactions at most; true while more is waiting. */
export async function indexWaitingSignatures(store: Store, batches = 1): Promise<boolean> {
  for (let batch = 0; batch < batches; batch++) {
    if (!(await indexBatch(store))) return false;
  }
  return true;
}

async function indexBatch(store: Store): Promise<boolean> {
  // Looked at first outside a transaction: an idle tick, or a search with nothing waiting, takes
  // no write lock (and on PostgreSQL, where nothing ever waits, opens no transaction).
  const waiting = (await store.searchBacklog.get())!;
  if (waiting.latest <= waiting.indexed_through) return false;
  return store.db.transaction(async () => {
    const { indexed_through: from, latest } = (await store.searchBacklog.get())!;
    if (latest <= from) return false;
    const through = Math.min(latest, from + BATCH_IDS);
    await store.indexSignatures.run({ from, through });
    await store.recordIndexedThrough.run(through);
    return through < latest;
  });
}
