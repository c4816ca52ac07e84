// A throwaway PostgreSQL cluster for tests: initdb in a temporary folder (as the postgres
// system user, which initdb requires when run as root), trust authentication on 127.0.0.1, an
// ephemeral port, fsync off; stopped and deleted afterwards. About 1.5 s to start.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from '../src/dev/free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PostgresCluster {
  /** The cluster's data folder (its postmaster.pid names the server process). */
  dataDir: string;
  /** postgres://app@127.0.0.1:PORT/NAME */
  url(database: string): string;
  /** A new, empty database; returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
  /** Stops the server (fast: connections are cut) and starts it again on the same port. */
  restart(downMs?: number): Promise<void>;
  /** Stops the server, leaving its data, until start(). */
  pause(): void;
  start(): void;
}

const USER = 'app';

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  if (versions.length === 0) throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql)');
  return join(root, versions[0]!, 'bin');
}

function asPostgres(command: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const [file, fileArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  execFileSync(file, fileArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'pg-cluster-'));
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  const data = join(dir, 'data');
  asPostgres(join(bin, 'initdb'), ['-D', data, '-U', USER, '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  const options = `-k ${dir} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = () => asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
  const stop = () => asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  const url = (database: string) => `postgres://${USER}@127.0.0.1:${port}/${database}`;
  let stopped = false;
  return {
    dataDir: data,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    async restart(downMs = 0) {
      stop();
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      start();
    },
    pause: stop,
    start,
  };
}

/**
 * Stops the cluster when this process ends, by a signal too (a test runner's timeout): stop()
 * runs synchronously until it returns, so an exit handler runs it in full.
 */
export function stopWithProcess(cluster: PostgresCluster): PostgresCluster {
  process.once('exit', () => void cluster.stop());
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      void cluster.stop();
      process.exit(1);
    });
  }
  return cluster;
}
