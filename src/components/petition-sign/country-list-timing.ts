// When the form's country select gets all its countries. Naming and sorting ~250 of them (the
// first Intl.Collator and DisplayNames load ICU data) and laying out their options cost the first
// render a large part of its time to interactive (bench/elements/time-to-form.ts), so the form
// first shows the chosen country alone, and the full list when the browser is next idle or at the
// element's first touch, whichever comes first. Once shown, it stays.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

type Host = ReactiveControllerHost & HTMLElement & { renderRoot: HTMLElement | DocumentFragment };

export class CountryListTiming implements ReactiveController {
  /** Whether the select holds every country. */
  all = false;
  private waiting = false;

  constructor(private readonly host: Host) {
    host.addController(this);
    // pointerdown comes before the select's mousedown opens its dropdown, and the update it asks
    // for runs in the microtask after it, so the dropdown opens on every country; keyboard users
    // reach the select by focus.
    host.addEventListener('pointerdown', this.showAll, { once: true });
    host.addEventListener('focusin', this.showAll, { once: true });
  }

  private readonly showAll = (): void => {
    // A click brings pointerdown then focusin, and idle may come after either: one render is enough.
    if (this.all) return;
    this.all = true;
    this.host.requestUpdate();
  };

  /**
   * Once the form is on screen, waits for the browser to be idle (a second at most); where it
   * cannot tell (Safari), for the task after the next frame. An element taken out of the page
   * meanwhile renders the list all the same, for when it comes back.
   */
  hostUpdated(): void {
    if (this.waiting || !this.host.renderRoot.querySelector('#country_code')) return;
    this.waiting = true;
    if ('requestIdleCallback' in window) requestIdleCallback(this.showAll, { timeout: 1000 });
    else requestAnimationFrame(() => setTimeout(this.showAll));
  }
}
