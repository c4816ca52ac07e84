// What the one-script embed weighs: dist/petition-embed.js, each chunk, and each element's
// critical path (what it needs before it can render), gzipped at level 9 as the budget test
// measures them (test/bundle/bundle-size.test.ts); and the weight per source (package or module)
// of the entry and the chunks the elements need, from a source-mapped build.
// Usage: node --import tsx bench/elements/bundle-size.ts
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { build, type UserConfig } from 'vite';
import viteConfig from '../../vite.config.js';
import { ELEMENTS, ENTRY, chunkFiles, criticalPath, gzipped } from '../../support/bundle-chunks.js';

const root = new URL('../..', import.meta.url).pathname;
const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/**
 * The shipped build, or one with source maps for the attribution: that one leaves out the
 * template minifier (which keeps no map), so each module's share is its unminified templates'.
 */
async function buildInto(outDir: string, sourcemap: boolean): Promise<void> {
  const config = viteConfig as UserConfig;
  await build({
    ...config,
    root,
    configFile: false,
    logLevel: 'warn',
    plugins: sourcemap ? [] : config.plugins,
    build: { ...config.build, outDir, sourcemap, emptyOutDir: true },
  });
}

/** Characters of `file` each source produced, grouped by package or by module of ours. */
function weightsBySource(outDir: string, file: string): Array<[source: string, gzipped: number]> {
  const code = readFileSync(join(outDir, file), 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(outDir, `${file}.map`), 'utf8')));
  const lines = code.split('\n');
  const mappings: Array<{ generatedLine: number; generatedColumn: number; source: string | null }> = [];
  map.eachMapping((mapping) => void mappings.push(mapping));
  mappings.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
  const text = new Map<string, string>();
  mappings.forEach((mapping, index) => {
    const next = mappings[index + 1];
    const line = lines[mapping.generatedLine - 1] ?? '';
    const end = next && next.generatedLine === mapping.generatedLine ? next.generatedColumn : line.length;
    const source = (mapping.source ?? '(no source)')
      .replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, '$1')
      .replace(/^.*\/src\//, 'src/');
    text.set(source, (text.get(source) ?? '') + line.slice(mapping.generatedColumn, end));
  });
  return [...text].map(([source, chars]): [string, number] => [source, gzip(chars)]).sort((a, b) => b[1] - a[1]);
}

const shipped = mkdtempSync(join(tmpdir(), 'bundle-size-'));
const mapped = mkdtempSync(join(tmpdir(), 'bundle-size-map-'));
try {
  await buildInto(shipped, false);
  console.log(`${ENTRY}: ${gzipped(shipped, ENTRY)} bytes gzipped (budget 15,000)`);
  for (const chunk of chunkFiles(shipped)) console.log(`  ${chunk}: ${gzipped(shipped, chunk)} bytes gzipped`);
  const paths = new Set<string>();
  for (const tag of ELEMENTS) {
    const files = criticalPath(shipped, tag);
    files.forEach((file) => paths.add(file.replace(/-[\w-]{8}\.js$/, '')));
    const total = files.reduce((sum, file) => sum + gzipped(shipped, file), 0);
    console.log(`<${tag}> before it renders: ${total} bytes gzipped (${files.join(' + ')})`);
  }
  await buildInto(mapped, true);
  for (const file of [ENTRY, ...chunkFiles(mapped)].filter((name) => paths.has(name.replace(/-[\w-]{8}\.js$/, '')))) {
    console.log(`\n${file} by source (each gzipped alone, so the parts add up to more than the whole):`);
    for (const [source, bytes] of weightsBySource(mapped, file)) console.log(`  ${String(bytes).padStart(6)}  ${source}`);
  }
} finally {
  rmSync(shipped, { recursive: true, force: true });
  rmSync(mapped, { recursive: true, force: true });
}
