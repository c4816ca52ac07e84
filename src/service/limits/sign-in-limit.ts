// Console sign-ins are limited per client network and per operator email, in 15-minute windows:
// each attempt is counted before its password is checked, in one transaction for both budgets,
// so a burst of concurrent guesses gets exactly the budget's worth checked and the rest refused
// unread (the right password too, so the answer does not tell whether a guess was right). The
// counts live in the database (store/operators/sign-in-store.ts): a restart keeps them, and every instance
// on one PostgreSQL database shares them. A sign-in that succeeds gives its attempt back, so the
// budgets count failures, as operators expect.
import { createHash } from 'node:crypto';
import { networkKey } from '../../shared/client-network.js';
import type { Store } from '../store/store.js';
import type { LimitWatch } from '../metrics/limit-watch.js';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const FAILED_SIGN_INS_PER_ADDRESS = 10;
export const FAILED_SIGN_INS_PER_EMAIL = 20;

/** Attempts counted for one sign-in, to be given back if it succeeds. */
export interface SignInReservation {
  /** Per budget (the client's network, then the email): its key, its window, and the attempts in it with this one. */
  counted: Array<{ key: string; startedAt: number; count: number }>;
}

export type SignInDecision = { allowed: true; reservation: SignInReservation } | { allowed: false; retryAfterSeconds: number };

/** Thrown inside the transaction so that a refused attempt is not counted; never leaves this module. */
class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('sign-in budget spent');
  }
}

/**
 * The email as an operator means it (any case, spaces around it), and the client's network; kept
 * as hashes, so the table holds neither the addresses nor the emails people typed.
 */
function budgetKey(kind: 'address' | 'email', value: string): string {
  return createHash('sha256').update(`${kind}:${value}`).digest('base64url');
}

export class SignInLimit {
  constructor(
    private readonly store: Store,
    /** An IPv6 client is counted by this prefix (src/shared/client-network.ts). */
    private readonly ipv6Prefix: number,
    private readonly watch?: LimitWatch,
  ) {}

  /** Counts this attempt against both budgets, or refuses it (counting nothing) when either is spent. */
  async reserve(address: string, email: string, now = Date.now()): Promise<SignInDecision> {
    const budgets = [
      { key: budgetKey('address', networkKey(address, this.ipv6Prefix)), limit: FAILED_SIGN_INS_PER_ADDRESS },
      { key: budgetKey('email', email.trim().toLowerCase()), limit: FAILED_SIGN_INS_PER_EMAIL },
    ];
    try {
      const reservation = await this.store.db.transaction(async () => {
        const counted: SignInReservation['counted'] = [];
        let retryAfterMs = 0;
        for (const { key, limit } of budgets) {
          const window = (await this.store.countSignInAttempt.get({ key, now, ended_by: now - SIGN_IN_WINDOW_MS }))!;
          if (window.count > limit) retryAfterMs = Math.max(retryAfterMs, window.started_at + SIGN_IN_WINDOW_MS - now);
          counted.push({ key, startedAt: window.started_at, count: window.count });
        }
        if (retryAfterMs > 0) throw new Refused(Math.max(1, Math.ceil(retryAfterMs / 1000)));
        return { counted };
      });
      return { allowed: true, reservation };
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      this.watch?.reached('sign_in', undefined, now);
      return { allowed: false, retryAfterSeconds: error.retryAfterSeconds };
    }
  }

  /** The password did not match: the attempt stays counted, and /metrics counts a failed sign-in. */
  failed(): void {
    this.watch?.signInFailed();
  }

  /** The sign-in succeeded: its attempt no longer counts against either budget. */
  async giveBack(reservation: SignInReservation): Promise<void> {
    for (const { key, startedAt } of reservation.counted) await this.store.uncountSignInAttempt.run({ key, started_at: startedAt });
  }

  /** Windows that have ended are of no use; dropped by the periodic upkeep (queue-worker.ts). */
  async forgetEnded(now = Date.now()): Promise<void> {
    await this.store.forgetSignInAttemptsBefore.run(now - SIGN_IN_WINDOW_MS);
  }
}
