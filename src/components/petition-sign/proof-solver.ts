// Solves the proxy's proof-of-work challenge (altcha's v1 format, src/proxy/proof/proof-of-work.ts):
// the number n, at most `maxnumber`, whose SHA-256 of `salt + n` is `challenge`. On the page's
// own thread, since a Worker must be same-origin with the page and the proxy's script is not
// (and a blob: Worker is refused by a CSP that allows only the proxy's scripts). The work is cut
// into slices of a few milliseconds with a task boundary between them, so typing never waits
// (bench/elements/proof-of-work.ts measures the longest task), and hashes with sha256.ts, which
// makes no garbage. Web Crypto's digest (a promise and two buffers per try) measured an eighth
// as fast in Chromium, and 4 of 21 solves had a task of 50 to 230 ms, most likely the collector's
// (docs/benchmarks.md "Proof of work").
import type { Challenge, Proof } from '../../shared/proof.js';
import { SaltedSha256 } from './sha256.js';

/** A slice's length: well under the 50 ms that makes a task long, and a keystroke noticeably late. */
const SLICE_MS = 8;
/** Tries between two looks at the clock. */
const BATCH = 500;

/**
 * New tasks: a message to ourselves each time, which, unlike setTimeout, browsers do not clamp to
 * 4 ms. One channel for a whole solve: a channel a slice made thousands of ports for the
 * collector, whose pauses then fell on a keystroke.
 */
function taskSteps(): { next(): Promise<void>; close(): void } {
  const channel = new MessageChannel();
  let wake = (): void => {};
  channel.port1.onmessage = () => wake();
  return {
    next: () => new Promise<void>((resolve) => ((wake = resolve), channel.port2.postMessage(0))),
    close: () => channel.port1.close(),
  };
}

/** The solution, or null when no number up to `maxnumber` solves it. */
export async function solveChallenge(challenge: Challenge): Promise<Proof | null> {
  const { algorithm, salt, signature, maxnumber } = challenge;
  const target = Uint32Array.from({ length: 8 }, (_, i) => parseInt(challenge.challenge.slice(i * 8, i * 8 + 8), 16));
  const hasher = new SaltedSha256(salt);
  const steps = taskSteps();
  try {
    for (let n = 0; n <= maxnumber; ) {
      const sliceEnd = performance.now() + SLICE_MS;
      do {
        for (const last = Math.min(n + BATCH, maxnumber + 1); n < last; n++) {
          const hash = hasher.of(n);
          if (hash[0] === target[0] && hash.every((word, i) => word === target[i])) {
            return { algorithm, challenge: challenge.challenge, number: n, salt, signature };
          }
        }
      } while (n <= maxnumber && performance.now() < sliceEnd);
      await steps.next();
    }
    return null;
  } finally {
    steps.close();
  }
}
