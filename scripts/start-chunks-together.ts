// A Vite plugin for the embed's entry (src/components/embed-script/): where it imports a chunk,
// the chunks that one imports statically (Lit and the code both elements share), and theirs, are
// imported in the same breath. The browser then asks for all of them at once instead of learning
// of each only when the one before it has arrived (a waterfall of round trips). Vite's own
// module preloading does this in an app build, but not in library mode, and would put
// `import.meta` in the entry, which must stay a classic script too.
import type { Plugin, Rollup } from 'vite';

const DYNAMIC_IMPORT = /\bimport\(\s*(["'`])\.\/([^"'`]+\.js)\1\s*\)/g;

/** Every chunk `fileName` imports statically, directly or through another one. */
function staticImports(fileName: string, bundle: Record<string, { type: string }>, found = new Set<string>()): Set<string> {
  const chunk = bundle[fileName] as Rollup.OutputChunk | undefined;
  for (const imported of chunk?.imports ?? []) {
    if (found.has(imported)) continue;
    found.add(imported);
    staticImports(imported, bundle, found);
  }
  return found;
}

export function startChunksTogether(): Plugin {
  return {
    name: 'start-chunks-together',
    apply: 'build',
    generateBundle(_, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.isEntry) continue;
        output.code = output.code.replace(DYNAMIC_IMPORT, (call, _quote: string, fileName: string) => {
          const together = [...staticImports(fileName, bundle)];
          if (together.length === 0) return call;
          return `Promise.all([${[fileName, ...together].map((name) => `import("./${name}")`).join(',')}]).then(m=>m[0])`;
        });
      }
    },
  };
}
