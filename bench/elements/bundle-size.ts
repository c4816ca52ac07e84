// What the one-script embed weighs: dist/petition-embed.js and each chunk, gzipped at level 9 as
// the budget test measures it (test/bundle/bundle.test.ts), and the entry's weight per source
// (package or module), from a source-mapped build. Usage: node --import tsx bench/elements/bundle-size.ts
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { SourceMapConsumer } from 'source-map-js';
import { build, type UserConfig } from 'vite';
import viteConfig from '../../vite.config.js';

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

/** Characters of the entry each source produced, grouped by package or by module of ours. */
function weightsBySource(outDir: string): Array<[source: string, gzipped: number]> {
  const code = readFileSync(join(outDir, 'petition-embed.js'), 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(outDir, 'petition-embed.js.map'), 'utf8')));
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
  const entry = gzip(readFileSync(join(shipped, 'petition-embed.js')));
  console.log(`dist/petition-embed.js: ${entry} bytes gzipped (budget 20,480; goal 15,360)`);
  for (const chunk of readdirSync(join(shipped, 'chunks')).sort()) {
    console.log(`  chunks/${chunk}: ${gzip(readFileSync(join(shipped, 'chunks', chunk)))} bytes gzipped`);
  }
  await buildInto(mapped, true);
  console.log('\nentry by source (each gzipped alone, so the parts add up to more than the whole):');
  for (const [source, bytes] of weightsBySource(mapped)) console.log(`  ${String(bytes).padStart(6)}  ${source}`);
} finally {
  rmSync(shipped, { recursive: true, force: true });
  rmSync(mapped, { recursive: true, force: true });
}
