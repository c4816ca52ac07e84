// The `petition-embed` command as tests run it. bin/petition-embed.js runs the compiled servers in
// dist-server/, which `npm test` builds before any test; a developer running one test file after
// changing src/ would otherwise test stale code (a mutant once survived that way: issue 31). So
// the first test of a process to ask compiles dist-server/ again (tsc -p tsconfig.server.json)
// when any file under src/ is newer than the last build.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const CONFIG = 'tsconfig.server.json';

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

let checked = false;

/** Whether dist-server/ is older than anything under src/ (or than its configuration). */
function stale(buildInfo: string): boolean {
  const built = existsSync(buildInfo) ? statSync(buildInfo).mtimeMs : 0;
  // All of src/: the build's includes import modules beside them (src/package-version.ts, …).
  return Math.max(statSync(join(ROOT, CONFIG)).mtimeMs, newestChange(join(ROOT, 'src'))) > built;
}

/**
 * Test files run in parallel processes: one compiles while the others wait for it (a folder made
 * atomically is the lock), so that no test runs a half-written dist-server/. Bounded: after two
 * minutes a waiter fails, saying so.
 */
function withCompileLock(compile: () => void): void {
  const lock = join(ROOT, 'dist-server.compiling');
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${lock} held for two minutes: another test's compile of dist-server/ is stuck (remove the folder)`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    compile();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The command's entry point, compiled from today's sources. */
export function builtCli(): string {
  if (!checked) {
    checked = true;
    const config = JSON.parse(readFileSync(join(ROOT, CONFIG), 'utf8')) as { compilerOptions: { tsBuildInfoFile: string } };
    const buildInfo = join(ROOT, config.compilerOptions.tsBuildInfoFile);
    if (stale(buildInfo)) {
      withCompileLock(() => {
        // Another process may have compiled it while this one waited.
        if (!stale(buildInfo)) return;
        process.stderr.write(`dist-server/ is older than the sources it is built from: compiling it again (${CONFIG})\n`);
        execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', CONFIG], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
        // tsc leaves its build info untouched when no output changed: mark the build as this moment.
        const now = new Date();
        utimesSync(buildInfo, now, now);
      });
    }
  }
  return join(ROOT, 'bin/petition-embed.js');
}
