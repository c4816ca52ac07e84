// Trending alerts as one part of the running service (index.ts starts and stops it): the
// evaluation on the background loop's ticks, and the webhook's delivery loop when one is set.
import type { DeliveryContext } from '../auth-keys/callback-delivery.js';
import type { DeliveryTiming } from '../auth-keys/delivery-timing.js';
import type { Store } from '../store/store.js';
import { AlertDelivery } from './alert-delivery.js';
import type { AlertWebhook } from './alert-delivery.js';
import { TrendWatch } from './trend-watch.js';
import { DEFAULT_TREND_SETTINGS } from './trending-rule.js';
import type { TrendSettings } from './trending-rule.js';

export interface TrendOptions extends Partial<TrendSettings> {
  /** How often the background loop evaluates; default a minute. Tests shorten it. */
  everyMs?: number;
}

const EVALUATE_EVERY_MS = 60_000;

export class TrendingAlerts {
  readonly #watch: TrendWatch;
  readonly #delivery: AlertDelivery | undefined;

  constructor(options: {
    store: Store;
    webhook: AlertWebhook | undefined;
    trend: TrendOptions | undefined;
    timing: DeliveryTiming;
    context: DeliveryContext;
    consoleUrl: string;
    /** Each evaluation's end, for /metrics. */
    evaluated?: (now: number) => void;
  }) {
    const { everyMs, ...settings } = options.trend ?? {};
    this.#delivery = options.webhook && new AlertDelivery(options.store, options.webhook, options.timing, options.context);
    this.#watch = new TrendWatch({
      store: options.store,
      health: options.context.health,
      log: options.context.log,
      settings: { ...DEFAULT_TREND_SETTINGS, ...settings },
      everyMs: everyMs ?? EVALUATE_EVERY_MS,
      webhook: this.#delivery !== undefined,
      consoleUrl: options.consoleUrl,
      onDeliveryQueued: () => void this.#delivery?.poll(),
      evaluated: options.evaluated,
    });
  }

  start(): void {
    this.#delivery?.start();
  }

  /** The background loop's tick (queue-worker.ts's upkeep). */
  tick(now: number): Promise<void> {
    return this.#watch.tick(now);
  }

  async stop(): Promise<void> {
    await this.#delivery?.stop();
  }
}
