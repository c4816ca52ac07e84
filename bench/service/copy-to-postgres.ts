// Benchmark: `admin copy-to-postgres` of a SQLite service holding 1,000,000 signatures into a
// new database of a throwaway PostgreSQL cluster (support/postgres-cluster.ts: fsync off, as in
// the tests): the copy's time and the command's peak memory (from /proc), then both services
// started, one on each database, and compared: the petition, its recent signers and breakdown,
// the signature pages (the first and last 50 of each order and 400 drawn at random), and the
// console's CSV export, whole, by length and SHA-256.
// Usage: node --import tsx bench/service/copy-to-postgres.ts [signatures]
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import { startPostgresCluster, stopWithProcess } from '../../support/postgres-cluster.js';
import { memoryOf, signInToConsole } from './console-session.js';
import { spawnService } from './service-process.js';
import type { ServerProcess } from './service-process.js';

const SIGNATURES = Number(process.argv[2] ?? 1_000_000);
const PAGE_SIZE = 100;
const EMAIL = 'bench@example.org';
const PASSWORD = 'benchmark passphrase';
const bin = new URL('../../bin/petition-embed.js', import.meta.url).pathname;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Runs the copy as an operator would, sampling the command's memory while it runs. */
async function runCopy(dbPath: string, url: string): Promise<{ peakMiB: number; stdout: string }> {
  const child = spawn(process.execPath, [bin, 'service', 'admin', 'copy-to-postgres', '--db', dbPath, '--to', url], { stdio: ['ignore', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let peakMiB = 0;
  const sampler = setInterval(() => {
    try {
      peakMiB = Math.max(peakMiB, memoryOf(child.pid!).peakMiB);
    } catch {
      // exited meanwhile
    }
  }, 50);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`the copy exited ${code}`);
  return { peakMiB, stdout };
}

/** The pages to compare: the petition, recent, breakdown, and a sample of the signature pages in both orders. */
function pagePaths(petitionId: number, count: number): string[] {
  const pages = Math.ceil(count / PAGE_SIZE);
  const numbers = new Set<number>();
  for (let page = 1; page <= Math.min(50, pages); page++) numbers.add(page).add(pages + 1 - page);
  while (numbers.size < Math.min(pages, 500)) numbers.add(1 + Math.floor(Math.random() * pages));
  const paths = [`/v1/petitions/${petitionId}`, `/v1/petitions/${petitionId}/signatures/recent`, `/v1/petitions/${petitionId}/signatures/breakdown`];
  for (const sort of ['time_asc', 'time_desc']) {
    for (const page of numbers) paths.push(`/v1/petitions/${petitionId}/signatures?page=${page}&page_size=${PAGE_SIZE}&sort=${sort}`);
  }
  return paths;
}

async function pageText(service: ServerProcess, path: string, apiKey: string): Promise<string> {
  const url = new URL(`${new URL(service.baseUrl).origin}${path}`);
  url.searchParams.set('api_key', apiKey);
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.text();
}

/** The export streamed and hashed, never held whole. */
async function exportDigest(service: ServerProcess, petitionId: number): Promise<{ bytes: number; sha256: string; ms: number }> {
  const origin = new URL(service.baseUrl).origin;
  const session = await signInToConsole(origin, EMAIL, PASSWORD);
  const csrf = await session.csrfFrom(`/admin/petitions/${petitionId}`);
  const began = performance.now();
  const response = await fetch(`${origin}/admin/petitions/${petitionId}/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
    body: new URLSearchParams({ csrf }).toString(),
  });
  if (response.status !== 200 || !response.body) throw new Error(`the export answered ${response.status}`);
  const hash = createHash('sha256');
  let bytes = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    hash.update(read.value);
    bytes += read.value.length;
  }
  return { bytes, sha256: hash.digest('hex'), ms: performance.now() - began };
}

const dir = mkdtempSync(join(tmpdir(), 'bench-copy-'));
const dbPath = join(dir, 'service.db');
const cluster = stopWithProcess(await startPostgresCluster());
const services: ServerProcess[] = [];
try {
  const admin = await openAdmin(dbPath);
  const { api_key: apiKey } = await admin.createConsumer('bench');
  const { petition_id: petitionId } = await admin.createPetition('A million signatures');
  const seedBegan = performance.now();
  await admin.seed(petitionId, SIGNATURES);
  console.log(`seeded ${SIGNATURES} signatures in ${seconds(seedBegan)} s`);
  await admin.createOperator(EMAIL, PASSWORD);
  await admin.close();

  const url = await cluster.createDatabase('copy');
  const copyBegan = performance.now();
  const { peakMiB, stdout } = await runCopy(dbPath, url);
  console.log(`copy-to-postgres: ${seconds(copyBegan)} s for ${SIGNATURES} signatures (the command says ${JSON.parse(stdout).seconds} s), peak memory ${peakMiB.toFixed(0)} MiB`);

  // Two thousand reads a minute by one consumer: above the default limit of 1,000.
  const onSqlite = await spawnService(['--db', dbPath, '--rate-limit', '100000']);
  services.push(onSqlite);
  const onPostgres = await spawnService(['--db', url, '--rate-limit', '100000']);
  services.push(onPostgres);
  const paths = pagePaths(petitionId, SIGNATURES);
  let differing = 0;
  for (const path of paths) if ((await pageText(onSqlite, path, apiKey)) !== (await pageText(onPostgres, path, apiKey))) differing++;
  console.log(`API: ${paths.length} pages compared, ${differing} differ`);
  const [fromSqlite, fromPostgres] = [await exportDigest(onSqlite, petitionId), await exportDigest(onPostgres, petitionId)];
  const same = fromSqlite.bytes === fromPostgres.bytes && fromSqlite.sha256 === fromPostgres.sha256;
  console.log(
    `CSV export: ${fromSqlite.bytes} bytes from SQLite (${(fromSqlite.ms / 1000).toFixed(1)} s), ${fromPostgres.bytes} from PostgreSQL (${(fromPostgres.ms / 1000).toFixed(1)} s): ${same ? 'the same bytes' : 'DIFFERENT'}`,
  );
  if (differing > 0 || !same) process.exitCode = 1;
} finally {
  for (const service of services) await service.stop();
  await cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
