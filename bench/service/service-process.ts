// Starts the service CLI (or the ingest benchmark's yardstick) in a child process for the
// benchmarks, so that load generator and server do not share an event loop.
import { spawn } from 'node:child_process';
import { signFormBody } from '../../src/shared/signing.js';
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

export function postForm(url: string, body: string): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
}

/**
 * An authorization key requested over the API as any site would, from a service started with
 * --auto-grant (and --allow-private-callbacks: the unused callback is on loopback). The first
 * request asks; the second, once granted, answers with the key.
 */
export async function grantedKey(serviceUrl: string, petitionId: number, apiKey: string, secret: string, source: string): Promise<string> {
  const { origin, pathname } = new URL(serviceUrl);
  const keyPath = `${pathname.replace(/\/$/, '')}/petitions/${petitionId}/auth_keys`;
  const request = async () =>
    postForm(
      `${origin}${keyPath}`,
      await signFormBody(
        [
          ['api_key', apiKey], ['source_description', 'bench'], ['source', source], ['requester_email', 'bench@example.org'],
          ['callback_endpoint', 'http://127.0.0.1:9/unused'], ['timestamp', new Date().toISOString()], ['endpoint', keyPath],
        ],
        secret,
      ),
    );
  await (await request()).arrayBuffer();
  const { auth_key } = (await (await request()).json()) as { auth_key?: string };
  if (!auth_key) throw new Error('the service granted no key for the benchmark');
  return auth_key;
}
