// The dependency rules (.dependency-cruiser.cjs) each fail on the import they forbid: every case
// builds a small tree of modules in a temporary folder, laid out as the repository is, with one
// forbidden import (or none), and runs depcruise on it with the repository's own configuration.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';

const root = new URL('../..', import.meta.url).pathname;
const depcruise = join(root, 'node_modules', '.bin', 'depcruise');
const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** Each file's imports, by path from the top (`type:` before it for a type-only import). */
type Tree = Record<string, string[]>;

function violations(tree: Tree): string[] {
  const folder = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
  folders.push(folder);
  copyFileSync(join(root, 'tsconfig.json'), join(folder, 'tsconfig.json'));
  for (const [file, imports] of Object.entries(tree)) {
    mkdirSync(join(folder, dirname(file)), { recursive: true });
    const lines = imports.map((entry, index) => {
      const typeOnly = entry.startsWith('type:');
      const specifier = relative(file, typeOnly ? entry.slice('type:'.length) : entry).replace(/\.ts$/, '.js');
      return typeOnly ? `import type { here as T${index} } from '${specifier}';\nexport type U${index} = typeof T${index};` : `import * as m${index} from '${specifier}';\nvoid m${index};`;
    });
    writeFileSync(join(folder, file), `${lines.join('\n')}\nexport const here = ${JSON.stringify(file)};\n`);
  }
  const tops = [...new Set(Object.keys(tree).map((file) => file.split('/')[0]!))];
  const result = spawnSync(depcruise, ['--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'json', ...tops], {
    cwd: folder,
    encoding: 'utf8',
  });
  assert.ok(result.stdout, result.stderr);
  const report = JSON.parse(result.stdout) as { summary: { violations: Array<{ rule: { name: string } }> } };
  return report.summary.violations.map((violation) => violation.rule.name).sort();
}

function relative(from: string, to: string): string {
  const fromParts = dirname(from).split('/');
  const toParts = to.split('/');
  while (fromParts.length && toParts.length && fromParts[0] === toParts[0]) {
    fromParts.shift();
    toParts.shift();
  }
  const up = fromParts.map(() => '..');
  return (up.length ? up.join('/') : '.') + '/' + toParts.join('/');
}

/** A test file that imports every module given, so that none of them is an orphan. */
const using = (...files: string[]): Tree => ({ 'test/uses.test.ts': files });

test('a clean tree passes', () => {
  const tree: Tree = {
    'src/service/http/routes.ts': ['src/service/signatures/signature-submission.ts'],
    'src/service/signatures/signature-submission.ts': ['src/service/store/store.ts'],
    'src/service/store/store.ts': ['src/service/store/engines/sql-engine.ts'],
    'src/service/store/engines/sql-engine.ts': [],
    'src/proxy/app.ts': ['src/shared/signing.ts'],
    'src/shared/signing.ts': [],
    'src/components/petition-embed.ts': ['src/shared/signing.ts'],
    ...using('src/service/http/routes.ts', 'src/proxy/app.ts', 'src/components/petition-embed.ts'),
  };
  assert.deepEqual(violations(tree), []);
});

test('a cycle, even through a type, is refused', () => {
  const tree: Tree = {
    'src/service/signatures/a.ts': ['src/service/signatures/b.ts'],
    'src/service/signatures/b.ts': ['type:src/service/signatures/a.ts'],
    ...using('src/service/signatures/a.ts'),
  };
  assert.deepEqual(violations(tree), ['no-cycle']);
});

test('the elements and src/shared never reach a server part', () => {
  for (const from of ['src/components/petition-sign.ts', 'src/shared/types.ts']) {
    for (const to of ['src/proxy/app.ts', 'src/service/store/store.ts', 'src/dev/stack.ts']) {
      const tree: Tree = { [from]: [to], [to]: [], ...using(from) };
      assert.deepEqual(violations(tree), ['browser-code-stays-in-the-browser'], `${from} -> ${to}`);
    }
  }
});

test('the proxy never imports the service, nor the service the proxy', () => {
  assert.deepEqual(
    violations({ 'src/proxy/app.ts': ['src/service/http/api-error.ts'], 'src/service/http/api-error.ts': [], ...using('src/proxy/app.ts') }),
    ['proxy-talks-to-the-service-over-http'],
  );
  assert.deepEqual(
    violations({ 'src/service/index.ts': ['src/proxy/failure.ts'], 'src/proxy/failure.ts': [], ...using('src/service/index.ts') }),
    ['service-knows-no-proxy'],
  );
});

test('the store reaches neither HTTP, the console nor a domain folder; shared and errors it may', () => {
  for (const folder of ['http', 'console', 'signatures', 'confirmation', 'auth-keys', 'petitions', 'operators', 'limits', 'seed', 'background']) {
    for (const from of ['src/service/store/store.ts', 'src/service/store/migrations/migrations.ts']) {
      const to = `src/service/${folder}/x.ts`;
      assert.deepEqual(violations({ [from]: [to], [to]: [], ...using(from) }), ['store-holds-sql-only'], `${from} -> ${to}`);
    }
  }
  const allowed: Tree = {
    'src/service/store/store.ts': ['src/service/errors/api-error.ts', 'src/shared/signature-schema.ts'],
    'src/service/errors/api-error.ts': [],
    'src/shared/signature-schema.ts': [],
    ...using('src/service/store/store.ts'),
  };
  assert.deepEqual(violations(allowed), []);
});

test('a route module never imports a SQL engine; the store it may', () => {
  for (const from of ['src/service/http/routes.ts', 'src/service/console/petitions/petition-routes.ts', 'src/service/confirmation/confirmation-routes.ts']) {
    const to = 'src/service/store/engines/sqlite-engine.ts';
    assert.deepEqual(violations({ [from]: [to], [to]: [], ...using(from) }), ['routes-never-reach-an-engine'], from);
  }
  const allowed: Tree = { 'src/service/http/routes.ts': ['src/service/store/store.ts'], 'src/service/store/store.ts': [], ...using('src/service/http/routes.ts') };
  assert.deepEqual(violations(allowed), []);
});

test('src never imports test or bench, and bench never imports test', () => {
  assert.deepEqual(
    violations({ 'src/service/seed/seed.ts': ['test/service/harness.ts'], 'test/service/harness.ts': [], ...using('src/service/seed/seed.ts') }),
    ['src-never-imports-tests-or-benchmarks'],
  );
  assert.deepEqual(
    violations({ 'src/dev/stack.ts': ['bench/median.ts'], 'bench/median.ts': [], ...using('src/dev/stack.ts') }),
    ['src-never-imports-tests-or-benchmarks'],
  );
  assert.deepEqual(violations({ 'bench/run.ts': ['test/service/harness.ts'], 'test/service/harness.ts': [], ...using('test/service/harness.ts') }), [
    'benchmarks-never-import-tests',
  ]);
});

test('a module nothing imports is refused', () => {
  assert.deepEqual(violations({ 'src/proxy/forgotten.ts': [] }), ['no-orphans']);
});
