// Where the rate limits keep their counts: per key, a window that starts with the key's first
// event. The limits (rate-limit.ts) see only this interface; this in-memory one serves a single
// Node process (and any runtime with one instance); an edge deployment with many instances would
// add a shared one (a Durable Object).

export interface RateWindow {
  /** When the key's current window began (epoch ms). */
  startedAt: number;
  /** Events counted in it, this one included. */
  count: number;
}

export interface RateCounters {
  /**
   * Counts one more event for `key` at `now`, in the key's window of `windowMs` that began with
   * its first event; once that window has ended a new one begins with this event.
   */
  add(key: string, now: number, windowMs: number): Promise<RateWindow>;
  /** What `add` would count on without counting: the key's window at `now`, or none (count 0) once it has ended. */
  peek(key: string, now: number): Promise<RateWindow>;
}

/**
 * Keys kept at once. Past it, ended windows are dropped, then the oldest keys: so many distinct
 * clients within one window is an attack from many addresses, against which a count per address
 * cannot help anyway, and memory must stay bounded.
 */
const MEMORY_COUNTER_KEYS = 20_000;

export function memoryRateCounters(maxKeys = MEMORY_COUNTER_KEYS): RateCounters {
  const windows = new Map<string, { startedAt: number; count: number; windowMs: number }>();
  return {
    async add(key, now, windowMs) {
      let window = windows.get(key);
      if (!window || now - window.startedAt >= window.windowMs) {
        // Only a new key needs room: a renewed one replaces its own entry. The sweep reads every
        // key, so it must not run on each renewal at the cap. Sweeping for a renewal too would
        // change no count (an ended window reads as absent), so these mutants are equivalent.
        // Stryker disable next-line ConditionalExpression,LogicalOperator,BooleanLiteral
        if (!window && windows.size >= maxKeys) {
          for (const [other, entry] of windows) if (now - entry.startedAt >= entry.windowMs) windows.delete(other);
          for (const other of windows.keys()) {
            if (windows.size < maxKeys) break;
            windows.delete(other);
          }
        }
        // Deleted first so that a renewed key counts as the newest in the map's order.
        windows.delete(key);
        window = { startedAt: now, count: 0, windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { startedAt: window.startedAt, count: window.count };
    },
    async peek(key, now) {
      const window = windows.get(key);
      if (!window || now - window.startedAt >= window.windowMs) return { startedAt: now, count: 0 };
      return { startedAt: window.startedAt, count: window.count };
    },
  };
}
