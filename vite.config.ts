// The one-script embed: dist/petition-embed.js, a small entry that parses as a classic script
// too (src/components/embed-script/), and under dist/chunks/ the ES modules it loads relative to
// its own URL: each element's code, the Lit and code they share, each language's words, the
// share step and the proof of work.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { minifyTemplateLiterals } from './scripts/minify-template-literals.js';
import { startChunksTogether } from './scripts/start-chunks-together.js';
import { entryOwnCopies } from './scripts/entry-own-copies.js';
import { elementChunkName } from './scripts/element-chunks.js';

/** Where the chunks go, beside the entry (the proxy's asset routes and API reference read it). */
export const CHUNK_FOLDER = 'chunks';

export default defineConfig({
  plugins: [entryOwnCopies(fileURLToPath(new URL('./src/components/embed-script/', import.meta.url))), minifyTemplateLiterals(), startChunksTogether()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    lib: {
      entry: 'src/components/embed-script/embed-script.ts',
      formats: ['es'],
      fileName: () => 'petition-embed.js',
    },
    minify: true,
    rollupOptions: {
      // The entry exports nothing; the grouping below may add exports to the elements' chunks.
      preserveEntrySignatures: 'allow-extension',
      output: {
        // The one chunk no import() names is Lit and the code both elements share.
        chunkFileNames: `${CHUNK_FOLDER}/[name]-[hash].js`,
        codeSplitting: { groups: [{ name: elementChunkName(), debugName: 'element chunks', includeDependenciesRecursively: false }] },
        minify: true,
        // Licences stay; the minifier's annotations and doc comments are of no use to a browser.
        comments: { legal: true, annotation: false, jsdoc: false },
      },
    },
  },
});
