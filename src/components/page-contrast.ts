// Whether an element sits on a dark background, judged by the text colour it inherits: a page
// that sets light text on a dark background needs the lighter palette whether or not it declares
// `color-scheme`, and the inherited colour is the one signal every page gives.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Relative luminance (WCAG) of a computed `rgb(…)`/`rgba(…)` colour; 0 when it cannot be read. */
function luminance(color: string): number {
  const channels = color.match(/[\d.]+/g)?.slice(0, 3).map(Number);
  if (!channels || channels.length < 3) return 0;
  const [r, g, b] = channels.map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Keeps `onDark` current: checked before each render, and when the system scheme changes. */
export class PageContrast implements ReactiveController {
  onDark = false;
  private readonly scheme = matchMedia('(prefers-color-scheme: dark)');
  private readonly recheck = () => this.host.requestUpdate();

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostConnected(): void {
    this.scheme.addEventListener('change', this.recheck);
  }

  hostDisconnected(): void {
    this.scheme.removeEventListener('change', this.recheck);
  }

  hostUpdate(): void {
    // Light text means a dark background behind it.
    this.onDark = luminance(getComputedStyle(this.host).color) > 0.4;
  }
}
