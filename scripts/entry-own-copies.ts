// A Vite plugin for the embed's entry (src/components/embed-script/): the code it shares with the
// elements' chunks (the proxy's address rule, the early reads) is copied into it instead of
// becoming a chunk it imports. The entry must stay one file without a static import, so that it
// parses as a classic script too and costs one request; the few lines copied weigh less than a
// chunk of their own. Each such module gets a second identity (a query on its id) for the entry's
// static imports only; the elements' chunks, imported dynamically, are left as they are.
import type { Plugin } from 'vite';

const COPY = '?entry-copy';

export function entryOwnCopies(entryFolder: string): Plugin {
  return {
    name: 'entry-own-copies',
    enforce: 'pre',
    resolveDynamicImport(specifier, importer) {
      return typeof specifier === 'string' ? this.resolve(specifier, importer, { skipSelf: true }) : null;
    },
    async resolveId(source, importer, options) {
      if (!importer || !(importer.startsWith(entryFolder) || importer.endsWith(COPY))) return null;
      const resolved = await this.resolve(source, importer.replace(COPY, ''), { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.startsWith(entryFolder) || resolved.id.includes('?')) return resolved;
      return { ...resolved, id: `${resolved.id}${COPY}` };
    },
  };
}
