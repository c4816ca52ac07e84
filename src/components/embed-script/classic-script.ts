// The embed loaded by a classic `<script src>` (or `defer`/`async`), a common slip when copying
// the tag: chunks are ES modules, so the page is told how to fix the tag and, meanwhile, gets the
// embed loaded as a module from the same URL.

export function reloadAsModule(tag: HTMLScriptElement): void {
  const src = tag.getAttribute('src') ?? tag.src;
  console.error(`petition-embed: add type="module" to <script src="${src}">. The embed is an ES module; it has loaded itself as one this time.`);
  const module = document.createElement('script');
  module.type = 'module';
  module.src = tag.src;
  // A nonce-based Content-Security-Policy lets through only the tags that carry the nonce.
  module.nonce = tag.nonce ?? '';
  tag.after(module);
}
