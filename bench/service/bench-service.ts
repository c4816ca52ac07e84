// A fresh service for the submission benchmarks (submissions.ts, ingest.ts): a database in a
// temporary folder with one consumer and one petition, the service CLI started on it with its
// rate limit out of the way, a key granted over the API, signed bodies of unique signers, and
// what is checked after a load: nothing left queued, every 202 counted.
import type Database from 'better-sqlite3';
import { Sqlite } from '../../src/sqlite.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import { rsigDigest } from '../../src/shared/rsig-digest.js';
import { formEncode } from '../../src/shared/signing.js';
import { grantedKey, spawnService, type ServerProcess } from './service-process.js';
import { realisticSigners } from '../realistic-signers.js';

export const SOURCE = 'https://bench.example.org/';

export interface BenchService {
  /** The temporary folder, removed by close(). */
  dir: string;
  service: ServerProcess;
  /** POST petitions/:id/signatures of the petition. */
  path: string;
  secret: string;
  authKey: string;
  /**
   * `count` bodies signed as the shared signFormBody signs (rsig last, salted with the key),
   * with the servers' synchronous digest to make many quickly; `tag` keeps each call's emails apart.
   */
  signedBodies(count: number, tag: number): string[];
  /** Milliseconds until nothing is left queued (at most 30 s). */
  queueDrained(): Promise<number>;
  /** The petition's signature count; throws when it is below the 202 answers counted by the load. */
  checkCounted(accepted: number): number;
  close(): Promise<void>;
}

/**
 * `count` bodies signed as the shared signFormBody signs (rsig last, salted with the key), with
 * the servers' synchronous digest to make many quickly, of realistic signers in no order
 * (bench/realistic-signers.ts); `tag` keeps each call's emails apart.
 */
export function signedBodies(client: { apiKey: string; secret: string; authKey: string; path: string }, count: number, tag: number): string[] {
  const { apiKey, secret, authKey, path } = client;
  const timestamp = new Date().toISOString();
  return realisticSigners(count, tag).map((signer) => {
    const requestString = formEncode([
      ['api_key', apiKey], ['source', SOURCE], ...Object.entries(signer), ['timestamp', timestamp], ['endpoint', path],
    ]);
    return `${requestString}&rsig=${rsigDigest(requestString, secret, authKey)}`;
  });
}

export async function startBenchService(prefix: string): Promise<BenchService> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const dbPath = join(dir, 'service.db');
  const admin = await openAdmin(dbPath);
  const { api_key: apiKey, secret } = await admin.createConsumer('bench');
  const { petition_id: petitionId } = await admin.createPetition('Bench');
  await admin.close();
  const path = `/v1/petitions/${petitionId}/signatures`;
  // The key request's callback endpoint is on loopback, which only --allow-private-callbacks accepts.
  const service = await spawnService(['--db', dbPath, '--auto-grant', '--allow-private-callbacks', '--rate-limit', '100000000']);
  let db: Database.Database | undefined;
  try {
    const authKey = await grantedKey(service.baseUrl, petitionId, apiKey, secret, SOURCE);
    db = new Sqlite(dbPath, { readonly: true });
    const queued = db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM signature_queue');
    const counted = db.prepare<[number], { signature_count: number }>('SELECT signature_count FROM petitions WHERE id = ?');
    const reader = db;
    return {
      dir,
      service,
      path,
      secret,
      authKey,
      signedBodies: (count, tag) => signedBodies({ apiKey, secret, authKey, path }, count, tag),
      async queueDrained() {
        const started = Date.now();
        while (queued.get()!.count > 0 && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 5));
        return Date.now() - started;
      },
      checkCounted(accepted) {
        // Requests in flight when the load stops are committed but not counted by autocannon.
        const { signature_count } = counted.get(petitionId)!;
        if (signature_count < accepted) throw new Error(`accepted ${accepted} but only ${signature_count} counted`);
        return signature_count;
      },
      async close() {
        await service.stop();
        reader.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await service.stop();
    db?.close();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
