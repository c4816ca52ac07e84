// How the embed's modules are grouped into chunks (vite.config.ts): what two or more elements
// need before they render goes into one `shared` chunk (Lit, the translator, the API, the English
// words shown first), and what only one element needs before it renders goes into that element's
// chunk, even when a chunk it loads later (the proof of work, the signer schema) uses it too: that
// chunk then imports it from the element's, already there. Left to itself the bundler makes a
// small chunk of every such set, and each one costs the page a request and gzip's overhead.
import type { Rolldown } from 'vite';

type Context = { getModuleInfo(id: string): Rolldown.ModuleInfo | null };

const ELEMENTS = ['petition-sign', 'petition-signatures', 'petition-breakdown'];
const ELEMENT_MODULE = /\/src\/components\/(petition-[a-z]+)\/\1\.ts$/;

interface Closures {
  /** What each element's module imports statically, directly or not: what it needs to run. */
  needed: Map<string, Set<string>>;
  /** Everything each element may load, static and dynamic imports followed. */
  reachable: Map<string, Set<string>>;
}

function closure(context: Context, from: string, dynamic: boolean): Set<string> {
  const found = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (found.has(next)) continue;
    found.add(next);
    const info = context.getModuleInfo(next);
    stack.push(...(info?.importedIds ?? []), ...(dynamic ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  return found;
}

function elementClosures(context: Context, anyId: string): Closures {
  const closures: Closures = { needed: new Map(), reachable: new Map() };
  const seen = new Set<string>();
  const pending = [anyId];
  // Walk the whole graph once to find the elements' modules.
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = context.getModuleInfo(id);
    if (!info) continue;
    pending.push(...info.importedIds, ...info.dynamicallyImportedIds, ...info.importers, ...info.dynamicImporters);
  }
  for (const id of seen) {
    const element = ELEMENT_MODULE.exec(id)?.[1];
    if (!element || !ELEMENTS.includes(element)) continue;
    closures.needed.set(element, closure(context, id, false));
    closures.reachable.set(element, closure(context, id, true));
  }
  return closures;
}

export function elementChunkName(): (id: string, context: Context) => string | null {
  let closures: Closures | undefined;
  return (id, context) => {
    closures ??= elementClosures(context, id);
    const needing = [...closures.needed].filter(([, modules]) => modules.has(id)).map(([element]) => element);
    if (needing.length > 1) return 'shared';
    const [element] = needing;
    if (element === undefined) return null;
    const elsewhere = [...closures.reachable].some(([other, modules]) => other !== element && modules.has(id));
    return elsewhere ? null : element;
  };
}
