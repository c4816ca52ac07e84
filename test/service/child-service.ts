// Runs the service CLI in a child process, as an operator would, for tests that kill it or
// drive the admin commands from another process.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { builtCli } from '../../support/built-cli.js';

const bin = builtCli();

export interface ChildService {
  baseUrl: string;
  child: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string | null>;
}

export async function spawnService(args: string[]): Promise<ChildService> {
  const child = spawn(process.execPath, [bin, 'service', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`service did not start: ${output}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/\S+\/v1/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', () => reject(new Error(`service exited: ${output}`)));
  });
  return { baseUrl, child, exited };
}

/** Runs `petition-embed service admin …` (with `input` on its stdin) and returns its parsed JSON output. */
export function runAdmin(args: string[], input?: string): { status: number | null; json: unknown; stderr: string } {
  const result = spawnSync(process.execPath, [bin, 'service', 'admin', ...args], { encoding: 'utf8', timeout: 60_000, input });
  let json: unknown = null;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    json = null;
  }
  return { status: result.status, json, stderr: result.stderr };
}
