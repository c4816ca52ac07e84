// What the tests of several instances on one PostgreSQL database share: a throwaway cluster
// per test file, a database per test with a consumer and a petition, signing, and the check
// that a petition's positions are dense.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { openAdmin } from '../../src/service/admin.js';
import type { ServiceAdmin } from '../../src/service/admin.js';
import { openStoreEngine } from '../../src/service/store/engines/store-engine.js';
import { authKeysPath, keyRequestFields, signaturesPath, signerFields } from '../service/harness.js';
import { startPostgresCluster, stopWithProcess } from '../../support/postgres-cluster.js';
import type { PostgresCluster } from '../../support/postgres-cluster.js';
import { signedPostTo } from '../service/service-client.js';

let started: PostgresCluster | undefined;
let databases = 0;

/** Starts this file's cluster before its tests and stops it after them. */
export function useCluster(): () => PostgresCluster {
  before(async () => {
    started = stopWithProcess(await startPostgresCluster());
  });
  after(() => started?.stop());
  return () => started!;
}

export interface Setup {
  url: string;
  admin: ServiceAdmin;
  consumer: { api_key: string; secret: string };
  petitionId: number;
}

export async function setUp(): Promise<Setup> {
  const url = await started!.createDatabase(`instances_${++databases}`);
  const admin = await openAdmin(url);
  const consumer = await admin.createConsumer('instances');
  const { petition_id: petitionId } = await admin.createPetition('Instances');
  return { url, admin, consumer, petitionId };
}

export const serviceOptions = (url: string) => ({ dbPath: url, port: 0, allowPrivateCallbacks: true, rateLimitPerMinute: 1_000_000, log: () => {} });

/** A granted key for `source`, asked through `baseUrl` and granted by the admin command. */
export async function grantedKey(s: Setup, baseUrl: string, source: string, callback: string): Promise<string> {
  const path = authKeysPath(s.petitionId);
  assert.equal((await signedPostTo(baseUrl, s.consumer.api_key, s.consumer.secret, path, keyRequestFields(source, callback))).status, 202);
  const request = (await s.admin.listAuthKeys()).find((row) => row.source === source)!;
  await s.admin.grant(request.id);
  const again = (await (await signedPostTo(baseUrl, s.consumer.api_key, s.consumer.secret, path, keyRequestFields(source, callback))).json()) as { auth_key: string };
  return again.auth_key;
}

/** One signature through `baseUrl`; the signer's name when it was answered 202, else the status. */
export async function sign(s: Setup, baseUrl: string, source: string, key: string, n: number): Promise<{ status: number; name: string; retryAfter: string | null }> {
  const last = `Signer${n}`;
  const response = await signedPostTo(baseUrl, s.consumer.api_key, s.consumer.secret, signaturesPath(s.petitionId),
    [['source', source], ...signerFields({ first_name: 'Many', last_name: last, email: `many.${n}@example.org` })], key);
  await response.arrayBuffer();
  return { status: response.status, name: `Many ${last}`, retryAfter: response.headers.get('retry-after') };
}

/** The petition's positions are exactly first..last, one signature each, and the count is theirs. */
export async function assertDense(s: Setup, listed: number): Promise<void> {
  const db = await openStoreEngine(s.url);
  try {
    const petition = (await db.prepare<[number], { first: number; last: number; count: number }>(
      'SELECT first_listed_position AS first, last_listed_position AS last, signature_count AS count FROM petitions WHERE id = ?',
    ).get(s.petitionId))!;
    const rows = (await db.prepare<[number], { n: number; distinct_positions: number; low: number; high: number }>(
      `SELECT count(*) AS n, count(DISTINCT listed_position) AS distinct_positions, min(listed_position) AS low, max(listed_position) AS high
       FROM signatures WHERE petition_id = ? AND listed_position IS NOT NULL`,
    ).get(s.petitionId))!;
    assert.deepEqual(rows, { n: listed, distinct_positions: listed, low: petition.first, high: petition.last });
    assert.equal(petition.last - petition.first + 1, listed);
    assert.equal(petition.count, listed);
  } finally {
    await db.close();
  }
}
