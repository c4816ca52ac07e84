// The recent list's refresh: every `seconds()` while the element is connected and the tab is
// visible (hidden tabs do not poll; coming back refreshes at once). A signature made on the page
// refreshes through the listener every element shares (petition-signed-event.ts).
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** setInterval's largest delay; a longer one overflows and fires at once, over and over. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface RefreshOptions {
  /** Seconds between refreshes; 0 turns the timer off. */
  seconds: () => number;
  /** Whether the element shows the recent list (the paged list does not refresh). */
  active: () => boolean;
  refresh: () => void;
}

export class RefreshTimer implements ReactiveController {
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: RefreshOptions,
  ) {
    host.addController(this);
  }

  private readonly onVisibilityChange = (): void => {
    this.restart();
    if (document.visibilityState === 'visible' && this.options.active()) this.options.refresh();
  };

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    this.restart();
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Starts the rhythm again, as the settings now say. */
  restart(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    const seconds = this.options.seconds();
    if (this.host.isConnected && this.options.active() && document.visibilityState !== 'hidden' && seconds > 0) {
      this.timer = setInterval(() => this.options.refresh(), Math.min(seconds * 1000, MAX_TIMER_MS));
    }
  }
}
