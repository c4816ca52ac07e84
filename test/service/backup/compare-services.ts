// What a restored copy of the service must hold, compared with the database it was copied from
// (README "Backups"): the SQLite backup's restore test and PostgreSQL's pg_dump -> pg_restore
// round trip make the same checks. Both databases are read through the store's engine
// (test-database.ts), so their rows look the same on either engine.
import assert from 'node:assert/strict';
import { withDatabase } from '../test-database.js';
import type { CampaignState } from './campaign-state.js';

type Row = Record<string, unknown>;

export const rowsOf = (database: string, sql: string): Promise<Row[]> => withDatabase(database, (db) => db.prepare<[], Row>(sql).all());

/**
 * What a signer and the public list see of a signature: its petition, listed position, hidden
 * flag, time, confirmation state and channel. Not its id: a signature the copy held in its queue
 * is written by the restored service, which numbers it again.
 */
const SIGNATURE_STATE = 'last_name, petition_id, listed_position, hidden, signed_on, state, channel';

/**
 * Tables a stream of signatures leaves alone: the copy holds exactly the original's rows, as
 * long as nobody edits them meanwhile (the test's own steps come before the copy).
 */
const SETTLED_TABLES = ['consumers', 'auth_key_requests', 'operators', 'block_entries', 'paper_batches', 'invalidation_batches'] as const;

/** Signatures by last name (a test gives each signer its own), with what SIGNATURE_STATE names. */
export async function signaturesByName(database: string): Promise<Map<string, Row>> {
  const rows = await rowsOf(database, `SELECT ${SIGNATURE_STATE} FROM signatures ORDER BY id`);
  return new Map(rows.map((row) => [String(row['last_name']), row]));
}

/**
 * Every one of `names` is in the copy exactly as in the original. The restored service writes
 * what the copy's queue held when it was taken, so this waits for them (up to `timeoutMs`).
 */
async function assertSignaturesKept(original: string, copy: string, names: readonly string[], timeoutMs = 5000): Promise<void> {
  assert.ok(names.length > 0, 'some signatures to look for');
  const originals = await signaturesByName(original);
  let copied = await signaturesByName(copy);
  for (const until = Date.now() + timeoutMs; !names.every((name) => copied.has(name)) && Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    copied = await signaturesByName(copy);
  }
  for (const name of names) {
    assert.ok(originals.has(name), `${name} is in the original`);
    assert.deepEqual(copied.get(name), originals.get(name), `signature of ${name}: petition, listed position, hidden flag, time, confirmation state, channel`);
  }
}

/** The copy's rows of each table equal the original's, all columns. */
async function assertTablesEqual(original: string, copy: string, tables: readonly string[] = SETTLED_TABLES): Promise<void> {
  for (const table of tables) {
    const copied = await rowsOf(copy, `SELECT * FROM ${table} ORDER BY id`);
    assert.deepEqual(copied, await rowsOf(original, `SELECT * FROM ${table} ORDER BY id`), table);
  }
}

/**
 * A table that only grows while the service runs (the audit log; the alerts, of which `columns`
 * names what never changes once raised): the copy holds the original's first rows, and at least
 * `atLeast` of them. Rows whose `timeColumn` is at or after `restoredAt` are the restored
 * service's own (it goes on raising alerts for the signatures it sees), not the copy's.
 */
async function assertPrefixKept(
  original: string,
  copy: string,
  table: string,
  { timeColumn, restoredAt, columns = '*', atLeast = 1 }: { timeColumn: string; restoredAt: number; columns?: string; atLeast?: number },
): Promise<void> {
  const copied = await rowsOf(copy, `SELECT ${columns} FROM ${table} WHERE ${timeColumn} < ${restoredAt} ORDER BY id`);
  assert.ok(copied.length >= atLeast, `${table}: ${copied.length} rows in the copy, expected at least ${atLeast}`);
  const originals = await rowsOf(original, `SELECT ${columns} FROM ${table} ORDER BY id`);
  assert.deepEqual(copied, originals.slice(0, copied.length), `${table} up to the copy`);
}

/** What an alert was when raised and how an operator answered it; its running counts go on changing. */
const ALERT_IDENTITY = 'id, petition_id, kind, group_key, raised_at, dismissed_at, dismissed_by';

/** The public count of a petition on a running service (GET …/signatures). */
export async function shownCount(baseUrl: string, apiKey: string, petitionId: number): Promise<number> {
  const url = new URL(`${new URL(baseUrl).origin}/v1/petitions/${petitionId}/signatures`);
  url.searchParams.set('api_key', apiKey);
  const response = await fetch(url);
  assert.equal(response.status, 200);
  return ((await response.json()) as { signature_count: number }).signature_count;
}

/**
 * A petition's signature_count is its counted signatures, seeded history and paper included:
 * every writer (the signing batches, `admin seed`, a paper batch, a signer's confirmation) moves
 * it in the transaction that writes the rows, so a consistent copy's count equals its rows.
 */
async function assertCountsMatchRows(database: string): Promise<void> {
  const rows = await rowsOf(
    database,
    `SELECT p.id, p.signature_count, (SELECT count(*) FROM signatures s WHERE s.petition_id = p.id AND s.state = 'counted') AS counted FROM petitions p ORDER BY p.id`,
  );
  for (const row of rows) assert.equal(row['signature_count'], row['counted'], `petition ${String(row['id'])}: its count is its counted rows`);
}

export interface RestoredCampaign {
  /** The database copied from, and the copy, which a service (at `restoredBaseUrl`) now runs on. */
  original: string;
  copy: string;
  restoredBaseUrl: string;
  apiKey: string;
  /** The petition the signatures streamed to while the copy was taken, and how many it had seeded. */
  petitionId: number;
  seeded: number;
  /** What makeCampaignState made before the copy. */
  campaign: CampaignState;
  /** Last names of the streamed signatures answered 202 before the copy began. */
  answeredBefore: string[];
  /** The petition's count shown just before the copy began. */
  countBefore: number;
  /** When the restored service was started (Date.now() just before): what it writes is its own. */
  restoredAt: number;
}

/**
 * Everything a copy taken while signatures streamed in must bring back (README "Backups"): each
 * signature answered before it with its listed position, hidden flag, time, confirmation state
 * and channel; the counts; keys, operators, block list and paper batches equal; the audit log and
 * alerts up to the copy; and the waiting signer's mailed link, which confirms on the restored service.
 */
export async function assertCampaignRestored(r: RestoredCampaign): Promise<void> {
  const { campaign } = r;
  const made = [...campaign.paperNames, ...campaign.confirmedNames, ...campaign.waitingNames, ...campaign.trendNames];
  await assertSignaturesKept(r.original, r.copy, [...r.answeredBefore, ...made]);
  const copied = await rowsOf(r.copy, 'SELECT hidden, listed_position, state, channel FROM signatures');
  assert.ok(copied.some((row) => row['hidden'] === 1) && copied.some((row) => row['listed_position'] !== null));
  assert.equal(copied.filter((row) => row['state'] === 'unconfirmed').length, campaign.waitingNames.length, 'the signer still waiting');
  assert.ok(copied.some((row) => row['channel'] === 'paper'));

  // Counts: the seeded history counts like any signature.
  await assertCountsMatchRows(r.copy);
  const restoredCount = await shownCount(r.restoredBaseUrl, r.apiKey, r.petitionId);
  assert.ok(restoredCount >= r.countBefore, `the restored count ${restoredCount} is at least the ${r.countBefore} shown before the copy`);
  assert.ok(restoredCount >= r.seeded + campaign.paperNames.length + r.answeredBefore.length, `${restoredCount}: the seeded, paper and streamed signatures all count`);
  assert.equal(await shownCount(r.restoredBaseUrl, r.apiKey, campaign.confirmingPetitionId), campaign.confirmedNames.length, 'only confirmed signers count');

  // Keys, operators, block list, paper batches: equal; the audit log and alerts: up to the copy.
  await assertTablesEqual(r.original, r.copy);
  const confirmations = 'SELECT * FROM signature_confirmations ORDER BY signature_id';
  assert.deepEqual(await rowsOf(r.copy, confirmations), await rowsOf(r.original, confirmations), "the waiting signer's confirmation");
  assert.equal((await rowsOf(r.copy, 'SELECT id FROM block_entries')).length, 3);
  assert.equal((await rowsOf(r.copy, 'SELECT id FROM paper_batches')).length, 1);
  await assertPrefixKept(r.original, r.copy, 'audit_log', { timeColumn: 'at', restoredAt: r.restoredAt });
  await assertPrefixKept(r.original, r.copy, 'trending_alerts', { timeColumn: 'raised_at', restoredAt: r.restoredAt, columns: ALERT_IDENTITY });
  const [alert] = await rowsOf(r.copy, `SELECT dismissed_at FROM trending_alerts WHERE petition_id = ${campaign.trendPetitionId}`);
  assert.notEqual(alert!['dismissed_at'], null, 'the alert the operator dismissed stays dismissed');

  // The waiting signer's link, mailed before the copy, confirms on the restored service.
  const link = new URL(campaign.waitingLink);
  const confirmed = await fetch(new URL(link.pathname, r.restoredBaseUrl), { method: 'POST', redirect: 'manual' });
  assert.equal(confirmed.status, 200);
  assert.equal(await shownCount(r.restoredBaseUrl, r.apiKey, campaign.confirmingPetitionId), campaign.confirmedNames.length + 1);
}
