// The one-script embed: dist/petition-embed.js, one ES module with Lit inside; each non-English
// locale is its own chunk under dist/locales/, imported relative to the bundle's URL on demand.
import { defineConfig } from 'vite';

export default defineConfig({
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
        chunkFileNames: 'locales/[name]-[hash].js',
        minify: true,
      },
    },
  },
});
