// Heavy work (a delivery PDF, an export, a bulk change) shares the service's one thread with
// every signer's request: it runs in slices of a few milliseconds and gives the event loop a
// turn between them, so a request waits at most one slice, never the whole job.
import { setImmediate as loopTurn } from 'node:timers/promises';

/** How long a job may hold the event loop before it gives a turn. */
const SLICE_MS = 8;

/** Lets every request and timer that is waiting run before the job goes on. */
export function giveLoopTurn(): Promise<void> {
  return loopTurn();
}

/** A running job's clock: `spent` says when its slice is used up. */
export class LoopSlice {
  #started = performance.now();

  get spent(): boolean {
    return performance.now() - this.#started >= SLICE_MS;
  }

  /** Gives the loop a turn if this slice is used up, and starts the next one. */
  async yieldIfSpent(): Promise<void> {
    if (!this.spent) return;
    await giveLoopTurn();
    this.#started = performance.now();
  }
}
