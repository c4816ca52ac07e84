// The loader starts each element's first reads as it asks for the element's code, so that the
// petition travels in parallel with the code instead of after it (issue 32): the elements take
// these answers (src/components/early-reads.ts). A module script has no currentScript and this
// entry cannot read import.meta (it must parse as a classic script too), so the proxy's origin is
// that of the page's script tag for petition-embed.js, the name the proxy serves it under
// (src/proxy/assets/asset-routes.ts). Where that is not clear, the elements read for themselves.
import { startEarlyRead } from '../early-reads.js';
import { petitionPath, proxyBaseOf } from '../proxy-base.js';

const ENTRY_NAME = /\/petition-embed\.js$/;

/** The origin the embed came from, when exactly one origin serves it to this page. */
function embedOrigin(): string | undefined {
  const origins = new Set<string>();
  for (const script of document.scripts) {
    if (!script.src) continue;
    const url = new URL(script.src);
    if (ENTRY_NAME.test(url.pathname)) origins.add(url.origin);
  }
  return origins.size === 1 ? [...origins][0] : undefined;
}

/**
 * What each element reads first, under its petition's route: the form its petition, the recent
 * signers their list (a paged list's first page depends on attributes the element clamps: it reads
 * for itself).
 */
const FIRST_READS: Record<string, (element: Element) => string[]> = {
  'petition-sign': () => [''],
  'petition-signatures': (element) => (element.getAttribute('mode') === 'list' ? [] : ['/signatures/recent']),
};

/** Starts the first reads of every `tag` on the page now. */
export function startFirstReads(tag: string): void {
  const reads = FIRST_READS[tag];
  const origin = reads && embedOrigin();
  if (!origin) return;
  for (const element of document.querySelectorAll(tag)) {
    const petitionId = Number(element.getAttribute('petition-id'));
    if (!Number.isInteger(petitionId) || petitionId <= 0) continue;
    const base = proxyBaseOf(element.getAttribute('endpoint'), origin);
    for (const rest of reads(element)) startEarlyRead(new URL(petitionPath(petitionId, rest), base).href);
  }
}
