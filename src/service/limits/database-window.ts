// Attempts counted in the database, in fixed windows begun by a budget's first attempt: the
// console's sign-ins (sign-in-limit.ts) and the confirmation codes typed on /confirm
// (confirmation-code-limit.ts). Each attempt is counted in the statement that reads its window,
// in one transaction for all of its budgets, so concurrent attempts (and every instance on one
// PostgreSQL database) never both take the last one, and a restart forgets nothing. Keys are
// hashes: the table holds neither the addresses nor the emails people typed.
import { createHash } from 'node:crypto';
import type { Store } from '../store/store.js';

export interface WindowBudget {
  /** What the budget counts, as its kind and value, e.g. `address` and a client network. */
  kind: string;
  value: string;
  limit: number;
}

/** One attempt counted under a budget: its key, its window, and the attempts in it with this one. */
export interface CountedAttempt {
  key: string;
  startedAt: number;
  count: number;
}

export type WindowDecision = { allowed: true; counted: CountedAttempt[] } | { allowed: false; retryAfterSeconds: number };

/** Thrown inside the transaction so that a refused attempt is not counted; never leaves this module. */
class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('budget spent');
  }
}

function budgetKey(kind: string, value: string): string {
  return createHash('sha256').update(`${kind}:${value}`).digest('base64url');
}

/** Counts one attempt against every budget, or refuses it (counting nothing) when any is spent. */
export async function countAttempt(store: Store, budgets: WindowBudget[], windowMs: number, now: number): Promise<WindowDecision> {
  try {
    const counted = await store.db.transaction(async () => {
      const counted: CountedAttempt[] = [];
      let retryAfterMs = 0;
      for (const { kind, value, limit } of budgets) {
        const key = budgetKey(kind, value);
        const window = (await store.countSignInAttempt.get({ key, now, ended_by: now - windowMs }))!;
        if (window.count > limit) retryAfterMs = Math.max(retryAfterMs, window.started_at + windowMs - now);
        counted.push({ key, startedAt: window.started_at, count: window.count });
      }
      if (retryAfterMs > 0) throw new Refused(Math.max(1, Math.ceil(retryAfterMs / 1000)));
      return counted;
    });
    return { allowed: true, counted };
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    return { allowed: false, retryAfterSeconds: error.retryAfterSeconds };
  }
}

/** Gives back attempts counted in windows that still run (a sign-in that succeeded). */
export async function uncountAttempts(store: Store, counted: CountedAttempt[]): Promise<void> {
  for (const { key, startedAt } of counted) await store.uncountSignInAttempt.run({ key, started_at: startedAt });
}
