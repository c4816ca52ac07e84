// How long the service takes from `node …` to listening: the compiled command
// (bin/petition-embed.js, dist-server/) against the same sources run through the tsx loader, as
// the command did before it was compiled. Rounds alternate between the two, each on a new SQLite
// file, so the machine's noise falls on both alike. `npm run bench:startup [-- --rounds 21]`.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { median } from '../median.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '21' } } });
const rounds = Number(values.rounds);
const root = new URL('../..', import.meta.url).pathname;
const folder = mkdtempSync(join(tmpdir(), 'bench-startup-'));

execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.server.json'], { cwd: root, stdio: 'inherit' });

const ways = {
  compiled: [join(root, 'bin', 'petition-embed.js')],
  tsx: ['--import', 'tsx', join(root, 'src', 'cli.ts')],
};

/** Milliseconds from spawn to the "listening" line, then the child is stopped. */
function timeToListen(args: string[], db: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [...args, 'service', '--port', '0', '--db', db], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('listening on')) return;
      const elapsed = performance.now() - started;
      child.once('exit', () => resolve(elapsed));
      child.kill('SIGTERM');
    });
    child.once('exit', (code) => {
      if (!output.includes('listening on')) reject(new Error(`the service exited (${code}) before listening`));
    });
  });
}

const times: Record<keyof typeof ways, number[]> = { compiled: [], tsx: [] };
try {
  for (let round = 0; round < rounds; round++) {
    for (const way of round % 2 === 0 ? (['compiled', 'tsx'] as const) : (['tsx', 'compiled'] as const)) {
      times[way].push(await timeToListen(ways[way], join(folder, `${way}-${round}.db`)));
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}

const compiled = median(times.compiled);
const loader = median(times.tsx);
console.log(`service start to listening, median of ${rounds} rounds each (Node ${process.version}):`);
console.log(`  compiled (bin/petition-embed.js)  ${compiled.toFixed(0)} ms`);
console.log(`  sources through tsx               ${loader.toFixed(0)} ms`);
console.log(`  compiled / tsx                    ${(compiled / loader).toFixed(2)}`);
