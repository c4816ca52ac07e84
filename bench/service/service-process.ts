// Starts the service CLI in a child process for the benchmarks, so that load generator and
// service do not share an event loop.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

const bin = new URL('../../bin/petition-embed.js', import.meta.url).pathname;

export async function spawnService(args: string[]): Promise<{ baseUrl: string; child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), bin, 'service', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/\S+\/v1/.exec(output);
      if (match) resolve(match[0]);
    });
    child.once('exit', () => reject(new Error('service exited before listening')));
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
