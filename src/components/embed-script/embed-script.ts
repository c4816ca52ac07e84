// The one-script embed's entry, dist/petition-embed.js: a few hundred bytes that load each
// element's chunk once its tag is on the page (element-loader.ts). Built to parse as a classic
// script too (no static import or export, no import.meta: the elements' code lives in chunks),
// so that a `<script src>` without type="module" can say so and load the embed as a module.
import { reloadAsModule } from './classic-script.js';
import { loadElementsOnThePage } from './element-loader.js';
import { reserveElementSpace } from './reserved-space-sheet.js';

// A module has no current script; a classic one (plain, defer or async) has its tag. The advice
// stays in the entry: a classic script's import() of a chunk from another origin goes out with
// credentials, which the proxy's assets (Access-Control-Allow-Origin: *) refuse
// (test/e2e/strict-csp.test.ts).
const classicTag = document.currentScript;
if (classicTag instanceof HTMLScriptElement) reloadAsModule(classicTag);
else {
  reserveElementSpace();
  loadElementsOnThePage();
}
