// `lang` and `dir` are inherited down the page and into shadow roots: the value in effect at an
// element is on the element or the nearest ancestor, crossing from a shadow root to its host.

/** The nearest value of `name` that `accept` takes, from the element up to the document; "" when none. */
export function nearestAttribute(element: Element, name: string, accept: (value: string) => boolean = Boolean): string {
  let node: Element | null = element;
  while (node) {
    const value = node.getAttribute(name);
    if (value !== null && accept(value)) return value;
    node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host as Element | undefined) ?? null;
  }
  return '';
}
