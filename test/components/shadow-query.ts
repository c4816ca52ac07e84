// Reading what an element shows in its shadow root, as the tests compare it.

export function part<T extends Element = HTMLElement>(el: Element, selector: string): T | null {
  return el.shadowRoot!.querySelector<T>(selector);
}

/** The text a node shows, with runs of white space as one space. */
export const text = (node: Element | null) => node?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
