// The one-script embed: dist/petition-embed.js, one ES module with Lit inside; each language's
// words and the share step are chunks under dist/chunks/, imported relative to the bundle's URL
// on demand.
import { defineConfig } from 'vite';
import { minifyTemplateLiterals } from './scripts/minify-template-literals.js';

export default defineConfig({
  plugins: [minifyTemplateLiterals()],
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    lib: {
      entry: 'src/components/petition-embed.ts',
      formats: ['es'],
      fileName: () => 'petition-embed.js',
    },
    minify: true,
    rollupOptions: {
      // Lets the locale chunks import Lit from the bundle itself instead of a third shared file.
      preserveEntrySignatures: 'allow-extension',
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        minify: true,
      },
    },
  },
});
