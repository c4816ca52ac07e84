// The benchmark's server processes: each server (service, proxy, bare node:http) is a child
// process on 127.0.0.1, so that it shares no event loop with the load generator, and its CPU time
// can be read from /proc/PID/stat.
import { spawn, type ChildProcess } from 'node:child_process';

const root = new URL('../..', import.meta.url).pathname;

export interface ServerProcess {
  /** What the ready line's first group captured (the server's URL). */
  url: string;
  pid: number;
  /** SIGTERM, then waits for the exit (at most 10 s, then SIGKILL). */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

export function startServer(args: string[], ready: RegExp, env: NodeJS.ProcessEnv = process.env): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'], env });
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) {
        output = '';
        resolve({
          url: match[1]!,
          pid: child.pid!,
          async stop() {
            child.kill('SIGTERM');
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            await exited;
            clearTimeout(timer);
          },
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/** Stops every server still running (the benchmark's `finally`). */
export async function stopAll(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
        }),
    ),
  );
}

