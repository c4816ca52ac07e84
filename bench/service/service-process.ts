// Starts the service CLI (or the ingest benchmark's yardstick) in a child process for the
// benchmarks, so that load generator and server do not share an event loop.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

const bin = new URL('../../bin/petition-embed.js', import.meta.url).pathname;
const yardstick = new URL('./yardstick-server.ts', import.meta.url).pathname;

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Extra node flags for the child (e.g. BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=prof"). */
const nodeFlags = () => process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];

export function spawnService(args: string[]): Promise<ServerProcess> {
  return spawnListening([...nodeFlags(), bin, 'service', '--port', '0', ...args], process.env, /http:\/\/\S+\/v1/);
}

/** The minimal server of bench/service/yardstick-server.ts, checking rsig with this secret and key. */
export function spawnYardstick(dbPath: string, secret: string, authKey: string): Promise<ServerProcess> {
  return spawnListening(
    [...nodeFlags(), '--import', 'tsx', yardstick, dbPath],
    { ...process.env, YARDSTICK_SECRET: secret, YARDSTICK_AUTH_KEY: authKey },
    /http:\/\/\S+/,
  );
}

async function spawnListening(args: string[], env: NodeJS.ProcessEnv, listening: RegExp): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = listening.exec(output);
      if (match) resolve(match[0]);
    });
    child.once('exit', () => reject(new Error('server exited before listening')));
  });
  return {
    baseUrl,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
