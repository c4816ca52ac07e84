// When a durable signed post (a key request's callback, an operator's alert) is tried again, and
// when it is given up: docs/api.md "Callback delivery".

export interface DeliveryTiming {
  /** First retry after about this long; doubles each time. */
  retryBaseMs: number;
  /** Never further apart than this. */
  retryMaxMs: number;
  /** Give up this long after the delivery was created. */
  giveUpAfterMs: number;
  pollMs: number;
  requestTimeoutMs: number;
}

export const DEFAULT_DELIVERY_TIMING: DeliveryTiming = {
  retryBaseMs: 5_000,
  retryMaxMs: 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  pollMs: 300,
  requestTimeoutMs: 10_000,
};

/** Delay before the attempt after `attempts` failed ones: base·2^(n-1), ±20 % jitter, never above the cap. */
export function retryDelay(attempts: number, timing: Pick<DeliveryTiming, 'retryBaseMs' | 'retryMaxMs'>, random = Math.random): number {
  const exponential = Math.min(timing.retryMaxMs, timing.retryBaseMs * 2 ** Math.min(attempts - 1, 30));
  // Jitter spreads retries below the cap too, but never lifts one above it.
  return Math.round(Math.min(timing.retryMaxMs, exponential * (0.8 + 0.4 * random())));
}

/** After a failed attempt: its number, when the next one is due, and whether the delivery is abandoned. */
export function afterFailure(
  delivery: { attempts: number; created_at: number },
  timing: DeliveryTiming,
  now = Date.now(),
): { attempts: number; next: number; state: 'pending' | 'abandoned'; giveUp: boolean } {
  const attempts = delivery.attempts + 1;
  const giveUp = now - delivery.created_at >= timing.giveUpAfterMs;
  return { attempts, next: now + retryDelay(attempts, timing), state: giveUp ? 'abandoned' : 'pending', giveUp };
}
