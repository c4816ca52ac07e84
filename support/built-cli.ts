// The `petition-embed` command as tests run it. bin/petition-embed.js runs the compiled servers in
// dist-server/, which `npm test` builds before any test; a developer running one test file after
// changing src/ would otherwise test stale code (a mutant once survived that way: issue 31). So
// the first test of a process to ask compiles dist-server/ again (tsc -p tsconfig.server.json)
// when any file under src/ is newer than the last build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;
const CONFIG = 'tsconfig.server.json';

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

let checked = false;

/** The command's entry point, compiled from today's sources. */
export function builtCli(): string {
  if (!checked) {
    checked = true;
    const config = JSON.parse(readFileSync(join(ROOT, CONFIG), 'utf8')) as { compilerOptions: { tsBuildInfoFile: string } };
    const buildInfo = join(ROOT, config.compilerOptions.tsBuildInfoFile);
    const built = existsSync(buildInfo) ? statSync(buildInfo).mtimeMs : 0;
    // All of src/: the build's includes import modules beside them (src/package-version.ts, …).
    const sources = Math.max(statSync(join(ROOT, CONFIG)).mtimeMs, newestChange(join(ROOT, 'src')));
    if (sources > built) {
      process.stderr.write(`dist-server/ is older than the sources it is built from: compiling it again (${CONFIG})\n`);
      execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', CONFIG], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
      // tsc leaves its build info untouched when no output changed: mark the build as this moment.
      const now = new Date();
      utimesSync(buildInfo, now, now);
    }
  }
  return join(ROOT, 'bin/petition-embed.js');
}
