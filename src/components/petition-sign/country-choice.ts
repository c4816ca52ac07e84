// The country the form's select shows: the signer's choice once made, else the element's
// `country`, else the region of its language (en-GB: GB), else the browser's region. The select
// is kept on it even when a language change re-sorts its options.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { browserRegion } from '../browser-region.js';

export class CountryChoice implements ReactiveController {
  private chosen?: string;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement & { renderRoot: HTMLElement | DocumentFragment },
    private readonly fallback: () => { attribute: string | undefined; languageTag: string },
  ) {
    host.addController(this);
  }

  get value(): string {
    const { attribute, languageTag } = this.fallback();
    return this.chosen ?? (attribute?.toUpperCase() || browserRegion(languageTag) || browserRegion() || '');
  }

  readonly onChange = (event: Event): void => {
    this.chosen = (event.target as HTMLSelectElement).value;
    this.host.requestUpdate();
  };

  hostUpdated(): void {
    const select = this.host.renderRoot.querySelector<HTMLSelectElement>('#country_code');
    if (select && select.value !== this.value) select.value = this.value;
  }
}
