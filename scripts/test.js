// `npm test`: dependency rules, unused code, type check, bundle build, server tests (node --test) and browser tests
// (web-test-runner), closing with one plain "N passed, N failed" line over all of them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const workDir = mkdtempSync(join(tmpdir(), 'petition-embed-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/** A step that is not itself a test runner counts as one test. */
function step(name, ok) {
  if (ok) totals.passed++;
  else {
    totals.failed++;
    console.error(`\n✗ ${name} failed`);
  }
  return ok;
}

function addCounts(file) {
  if (!existsSync(file)) return false;
  const counts = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  return true;
}

function testFiles(dir) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => join(dir, name))
    .sort();
}

const nodeBin = process.execPath;
const bin = (name) => join(root, 'node_modules', '.bin', name);

// The shape of the house first (.dependency-cruiser.cjs, knip.jsonc): no cycle, no layer crossed,
// nothing unused.
step('dependency rules (depcruise)', run(bin('depcruise'), ['src', 'test', 'bench', 'scripts', 'support', 'bin']));
step('unused files, exports and dependencies (knip)', run(bin('knip'), ['--no-progress']));
step('type check (tsc --noEmit)', run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']));
// The npm library's declarations (npm run build, prepack): a type that cannot be named there fails
// only this build.
step('library declarations (tsc -p tsconfig.lib.json)', run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.lib.json']));
// The Cloudflare Workers entry against the Workers runtime's types, without Node's (src/proxy/worker/).
step('Workers type check (tsc -p tsconfig.worker.json)', run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.worker.json']));
const built = step('bundle build (vite build)', run(bin('vite'), ['build', '--logLevel', 'warn']));
// The command (bin/petition-embed.js) runs the compiled servers: the tests that start it as a child
// process run what a published package runs.
step('server build (tsc -p tsconfig.server.json)', run(bin('tsc'), ['-p', 'tsconfig.server.json']));

/** One `node --test` run of `files`, its counts added to the totals under `name`. */
function nodeTests(name, files, env = {}) {
  if (files.length === 0) return;
  const countFile = join(workDir, `${name.replace(/\W+/g, "-")}-counts.json`);
  const ok = run(nodeBin, [
    '--import', 'tsx',
    // Every answer the tests get from the service or the proxy is checked against docs/openapi/.
    '--import', './test/api-reference/validate-fetch.ts',
    '--test',
    '--test-concurrency=2',
    // A test that waits on something that never comes fails after 3 minutes instead of holding
    // CI until its own limit.
    '--test-timeout=180000',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=./test/reporters/node-count.js', `--test-reporter-destination=${countFile}`,
    ...files,
  ], { PETITION_EMBED_BUILT: built ? '1' : '0', ...env });
  const failedBefore = totals.failed;
  if (!addCounts(countFile)) step(name, ok);
  else if (!ok && totals.failed === failedBefore) step(`${name} exit status`, false);
}

// Every folder of test/ but the browser tests' (web-test-runner, below) and the container's (`npm run
// test:container`: it needs a Docker daemon): a new folder is run without being listed here.
const NOT_NODE_TESTS = new Set(['components', 'container']);
const nodeFolders = readdirSync(join(root, 'test'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_NODE_TESTS.has(entry.name))
  .map((entry) => `test/${entry.name}`)
  .sort();
nodeTests('node --test', nodeFolders.flatMap(testFiles));
// The service's conformance suite again, on PostgreSQL (a throwaway cluster per test file:
// test/service/test-database.ts).
nodeTests('node --test (service on PostgreSQL)', testFiles('test/service'), { SERVICE_TEST_DATABASE: 'postgres' });

if (testFiles('test/components').length > 0) {
  const countFile = join(workDir, 'wtr-counts.json');
  const ok = run(bin('wtr'), ['--config', 'web-test-runner.config.js'], { WTR_COUNT_FILE: countFile });
  if (!addCounts(countFile)) step('web-test-runner', ok);
  else if (!ok && totals.failed === 0) step('web-test-runner exit status', false);
}

rmSync(workDir, { recursive: true, force: true });
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
