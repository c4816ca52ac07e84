// custom-elements.json for the npm package, from the elements' JSDoc (@fires, @csspart, @cssprop),
// with module paths pointing at the published ES modules in dist/lib rather than the sources.
const toPublished = (path) => path.replace(/^\/?src\//, 'dist/lib/').replace(/\.ts$/, '.js');

export default {
  globs: ['src/components/**/*.ts'],
  exclude: ['src/components/generated/**', 'src/components/**/*.styles.ts'],
  outdir: 'dist',
  litelement: true,
  plugins: [
    {
      name: 'published-paths',
      packageLinkPhase({ customElementsManifest }) {
        for (const mod of customElementsManifest.modules) {
          mod.path = toPublished(mod.path);
          // The analyzer also lists `dispatchEvent(new PetitionSignedEvent())` without a name;
          // the JSDoc @fires entry already describes that event.
          for (const declaration of mod.declarations ?? []) {
            if (declaration.events) declaration.events = declaration.events.filter((event) => event.name);
          }
          for (const entry of mod.exports ?? []) {
            if (entry.declaration?.module) entry.declaration.module = toPublished(entry.declaration.module);
          }
        }
      },
    },
  ],
};
