// Console sign-ins are limited per client network and per operator email, in 15-minute windows:
// each attempt is counted before its password is checked, in one transaction for both budgets,
// so a burst of concurrent guesses gets exactly the budget's worth checked and the rest refused
// unread (the right password too, so the answer does not tell whether a guess was right). The
// counts live in the database (store/operators/sign-in-store.ts): a restart keeps them, and every instance
// on one PostgreSQL database shares them. A sign-in that succeeds gives its attempt back, so the
// budgets count failures, as operators expect.
import { networkKey } from '../../shared/client-network.js';
import type { Store } from '../store/store.js';
import type { LimitWatch } from '../metrics/limit-watch.js';
import { countAttempt, uncountAttempts, type CountedAttempt } from './database-window.js';

export const SIGN_IN_WINDOW_MS = 15 * 60_000;
export const FAILED_SIGN_INS_PER_ADDRESS = 10;
export const FAILED_SIGN_INS_PER_EMAIL = 20;

/** Attempts counted for one sign-in, to be given back if it succeeds. */
export interface SignInReservation {
  /** Per budget (the client's network, then the email): its key, its window, and the attempts in it with this one. */
  counted: CountedAttempt[];
}

export type SignInDecision = { allowed: true; reservation: SignInReservation } | { allowed: false; retryAfterSeconds: number };

export class SignInLimit {
  constructor(
    private readonly store: Store,
    /** An IPv6 client is counted by this prefix (src/shared/client-network.ts). */
    private readonly ipv6Prefix: number,
    private readonly watch?: LimitWatch,
  ) {}

  /** Counts this attempt against both budgets, or refuses it (counting nothing) when either is spent. */
  async reserve(address: string, email: string, now = Date.now()): Promise<SignInDecision> {
    // The email as an operator means it: any case, spaces around it.
    const decision = await countAttempt(
      this.store,
      [
        { kind: 'address', value: networkKey(address, this.ipv6Prefix), limit: FAILED_SIGN_INS_PER_ADDRESS },
        { kind: 'email', value: email.trim().toLowerCase(), limit: FAILED_SIGN_INS_PER_EMAIL },
      ],
      SIGN_IN_WINDOW_MS,
      now,
    );
    if (decision.allowed) return { allowed: true, reservation: { counted: decision.counted } };
    this.watch?.reached('sign_in', undefined, now);
    return decision;
  }

  /** The password did not match: the attempt stays counted, and /metrics counts a failed sign-in. */
  failed(): void {
    this.watch?.signInFailed();
  }

  /** The sign-in succeeded: its attempt no longer counts against either budget. */
  async giveBack(reservation: SignInReservation): Promise<void> {
    await uncountAttempts(this.store, reservation.counted);
  }

  /** Windows that have ended are of no use (the confirmation codes' windows are as long): dropped by the periodic upkeep (queue-worker.ts). */
  async forgetEnded(now = Date.now()): Promise<void> {
    await this.store.forgetSignInAttemptsBefore.run(now - SIGN_IN_WINDOW_MS);
  }
}
