// A service with an operator signed in to its console, and read-only looks into its database
// file for what the console's pages do not show (positions, raw rows), as tests need them.
import assert from 'node:assert/strict';
import type { ServiceOptions } from '../../src/service/index.js';
import { ConsoleClient, pageText } from './console-client.js';
import { getJson, signaturesPath, startTestService } from './harness.js';
import type { SqlEngine } from '../../src/service/store/engines/sql-engine.js';
import { withDatabase } from './test-database.js';
import type { TestService } from './harness.js';

const OPERATOR_EMAIL = 'operator@example.org';
const OPERATOR_PASSWORD = 'correct horse battery staple';

export interface ConsoleFixture {
  t: TestService;
  client: ConsoleClient;
  close(): Promise<void>;
}

export async function startConsoleFixture(options: Partial<ServiceOptions> = {}): Promise<ConsoleFixture> {
  const t = await startTestService(options);
  await t.admin.createOperator(OPERATOR_EMAIL, OPERATOR_PASSWORD);
  const client = new ConsoleClient(new URL(t.baseUrl).origin);
  const answer = await client.signIn(OPERATOR_EMAIL, OPERATOR_PASSWORD);
  assert.equal(answer.status, 303, pageText(answer.body));
  return { t, client, close: () => t.close() };
}

/** Reads the service's database through another connection. */
export function readDatabase<T>(t: TestService, read: (db: SqlEngine) => Promise<T>): Promise<T> {
  return withDatabase(t.dbPath, read);
}

export interface ListedState {
  first: number;
  last: number;
  signatureCount: number;
  /** Rows that hold a listed position, and the lowest and highest of those. */
  rows: number;
  lowest: number | null;
  highest: number | null;
}

export function listedState(t: TestService, petitionId: number): Promise<ListedState> {
  return readDatabase(t, async (db) => {
    const petition = (await db
      .prepare<[number], { first: number; last: number; signature_count: number }>('SELECT first_listed_position AS first, last_listed_position AS last, signature_count FROM petitions WHERE id = ?')
      .get(petitionId))!;
    const listed = (await db
      .prepare<[number], { rows: number; lowest: number | null; highest: number | null }>('SELECT COUNT(*) AS rows, MIN(listed_position) AS lowest, MAX(listed_position) AS highest FROM signatures WHERE petition_id = ? AND listed_position IS NOT NULL')
      .get(petitionId))!;
    return { first: petition.first, last: petition.last, signatureCount: petition.signature_count, ...listed };
  });
}

/** The petition's listed positions are exactly first..last, one row each. */
export async function assertDense(t: TestService, petitionId: number): Promise<ListedState> {
  const state = await listedState(t, petitionId);
  assert.equal(state.rows, state.last - state.first + 1, 'one row per position from first to last');
  if (state.rows > 0) {
    assert.equal(state.lowest, state.first);
    assert.equal(state.highest, state.last);
  }
  return state;
}

/** The id of the signature at a listed position. */
export async function signatureAt(t: TestService, petitionId: number, position: number): Promise<{ id: number; first_name: string; last_name: string }> {
  const row = await readDatabase(t, (db) =>
    db
      .prepare<[number, number], { id: number; first_name: string; last_name: string }>('SELECT id, first_name, last_name FROM signatures WHERE petition_id = ? AND listed_position = ?')
      .get(petitionId, position),
  );
  return row!;
}

/** Every listed signature read through the API's pages, in time order: no gap, no repeat. */
export async function everyListedThroughApi(t: TestService, petitionId: number, sort: 'time_asc' | 'time_desc' = 'time_asc'): Promise<Array<{ name: string; signed_on: string }>> {
  const first = await getJson(t, signaturesPath(petitionId), { page_size: '100', sort });
  const all = [...first.body.signatures];
  for (let page = 2; page <= first.body.total_pages; page++) {
    all.push(...(await getJson(t, signaturesPath(petitionId), { page_size: '100', sort, page: String(page) })).body.signatures);
  }
  return all;
}
