// The built embed's files as the browser meets them (dist/ from `vite build`): each file's gzip
// weight, each chunk's static imports, and what an element needs before it can render. Shared by
// the budget test (test/bundle/) and the size benchmark (bench/elements/).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

export const ENTRY = 'petition-embed.js';
export const ELEMENTS = ['petition-sign', 'petition-signatures', 'petition-breakdown'] as const;
export type ElementTag = (typeof ELEMENTS)[number];

/** Gzip at level 9, as the budgets count it. */
export function gzipped(dist: string, file: string): number {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
}

/** Every chunk's path under dist/ ("chunks/shared-Ab12Cd34.js"). */
export function chunkFiles(dist: string): string[] {
  return readdirSync(join(dist, 'chunks'))
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => `chunks/${name}`);
}

/** The chunk Rollup named `name`: "messages" finds chunks/messages-Ab12Cd34.js (hashes are 8 characters). */
function chunkNamed(dist: string, name: string): string | undefined {
  const pattern = new RegExp(`^chunks/${name}-[\\w-]{8}\\.js$`);
  return chunkFiles(dist).find((file) => pattern.test(file));
}

/** The files `file` imports statically (`import … from "./x.js"`), as paths under dist/. */
export function staticImports(dist: string, file: string): string[] {
  const code = readFileSync(join(dist, file), 'utf8');
  const specifiers = [...code.matchAll(/\bfrom\s*["'`]([^"'`]+)["'`]|\bimport\s*["'`]([^"'`]+)["'`]/g)].map((m) => m[1] ?? m[2]!);
  return [...new Set(specifiers)].map((specifier) => posix.normalize(posix.join(dirname(file), specifier)));
}

/**
 * What the page fetches before `tag` can render: the entry, the element's chunk and everything it
 * imports statically (the shared chunk, with the English words shown first: scripts/element-chunks.ts).
 */
export function criticalPath(dist: string, tag: ElementTag): string[] {
  const element = chunkNamed(dist, tag);
  if (!element) throw new Error(`no ${tag} chunk in ${dist}`);
  const files = new Set<string>([ENTRY, element]);
  const visit = (file: string) => {
    for (const imported of staticImports(dist, file)) if (!files.has(imported)) (files.add(imported), visit(imported));
  };
  visit(element);
  return [...files];
}
