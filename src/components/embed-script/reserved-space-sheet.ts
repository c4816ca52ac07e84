// The loader reserves the elements' space on the host page at once, before their code has arrived
// (src/shared/reserved-space.ts says what and why; test/bundle/layout-shift.test.ts holds it).
import { RESERVED_SPACE_CSS } from '../../shared/reserved-space.js';

/**
 * Adds the reservation as a constructed style sheet, which a strict Content-Security-Policy
 * allows where it refuses a `<style>` element. A browser without constructed sheets gets none,
 * and the elements' own reservation from their first frame.
 */
export function reserveElementSpace(): void {
  if (!('adoptedStyleSheets' in document)) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(RESERVED_SPACE_CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
