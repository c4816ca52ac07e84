// Registers a custom element once: a page that loads the script twice (two embeds, or the
// bundle and the npm build) must not throw "name already used".

export function defineElement(tagName: string, elementClass: CustomElementConstructor): void {
  if (!customElements.get(tagName)) customElements.define(tagName, elementClass);
}
