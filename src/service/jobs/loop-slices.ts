// Heavy work done on the service's own thread (an export, a bulk change, an insight page) runs
// in batches of a few milliseconds with a turn of the event loop between them, so a signer's
// request waits at most one batch, never the whole job.
import { setImmediate as loopTurn } from 'node:timers/promises';

/** Lets every request and timer that is waiting run before the job goes on. */
export function giveLoopTurn(): Promise<void> {
  return loopTurn();
}
