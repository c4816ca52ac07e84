// Loads <petition-sign>, <petition-signatures> and <petition-breakdown> only where a page uses them: each tag's chunk
// is imported when the tag is in the document at load or added to it later. Tags created inside
// a page's own shadow roots are not seen here: such pages import the npm package instead
// (README.md, "Shadow roots"). The build starts each chunk's static imports together with it
// (scripts/start-chunks-together.ts), so Lit and the shared code arrive in the same round trip;
// the elements' first reads start at the same moment (early-reads.ts).
import { startFirstReads } from './early-reads.js';

type ElementChunk = () => Promise<unknown>;

const elementChunks: Record<string, ElementChunk> = {
  // The English words an untouched element shows travel with its code: its own in its chunk, those
  // of every element in the shared chunk it imports (scripts/element-chunks.ts). Every element
  // shows English until (or instead of) its own language's, and would otherwise ask for them only
  // once it runs.
  'petition-sign': () => import('../petition-sign/petition-sign.js'),
  'petition-signatures': () => import('../petition-signatures/petition-signatures.js'),
  // The map's own chunk (world-map.ts) is asked for by the element, only for view="map".
  'petition-breakdown': () => import('../petition-breakdown/petition-breakdown.js'),
};

export function loadElementsOnThePage(): void {
  const waiting = new Map(Object.entries(elementChunks));
  const look = (): void => {
    for (const [tag, load] of waiting) {
      // Defined already (the npm package on the same page): nothing to load.
      if (customElements.get(tag)) waiting.delete(tag);
      else if (document.querySelector(tag)) {
        waiting.delete(tag);
        startFirstReads(tag);
        load().catch((error: unknown) => console.error(`petition-embed: the code of <${tag}> could not be loaded.`, error));
      }
    }
    if (waiting.size === 0) observer.disconnect();
  };
  const observer = new MutationObserver(look);
  observer.observe(document, { childList: true, subtree: true });
  look();
}
