// The event <petition-sign> fires once a signature is queued, and the listener through which
// every element on the page for the same petition and proxy refreshes its count. Its detail
// names the petition and the proxy only: no personal data leaves the element.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { proxyBase } from './endpoint.js';

export interface PetitionSignedDetail {
  petitionId: number;
  /** The proxy's base URL (as `proxyBase` resolves it), so elements of another proxy ignore it. */
  endpoint: string;
}

export class PetitionSignedEvent extends Event {
  static readonly eventName = 'petition-signed';
  readonly detail: PetitionSignedDetail;

  constructor(detail: PetitionSignedDetail) {
    super(PetitionSignedEvent.eventName, { bubbles: true, composed: true });
    this.detail = detail;
  }
}

interface SignedListenerHost extends ReactiveControllerHost, HTMLElement {
  petitionId: number;
  endpoint?: string;
}

/**
 * While its element is connected, calls `refresh` when another element on the page signs the
 * same petition through the same proxy: two forms and a list never show different counts.
 */
export class PetitionSignedListener implements ReactiveController {
  constructor(
    private readonly host: SignedListenerHost,
    private readonly refresh: () => void,
  ) {
    host.addController(this);
  }

  private readonly onSigned = (event: PetitionSignedEvent): void => {
    const detail = event.detail;
    if (
      event.composedPath()[0] !== this.host &&
      detail?.petitionId === this.host.petitionId &&
      detail.endpoint === proxyBase(this.host.endpoint)
    ) {
      this.refresh();
    }
  };

  hostConnected(): void {
    document.addEventListener('petition-signed', this.onSigned);
  }

  hostDisconnected(): void {
    document.removeEventListener('petition-signed', this.onSigned);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'petition-signed': PetitionSignedEvent;
  }
}
