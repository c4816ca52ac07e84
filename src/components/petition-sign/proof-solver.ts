// Solves the proxy's proof-of-work challenge (altcha's v1 format, src/proxy/proof/proof-of-work.ts):
// the number n, at most `maxnumber`, whose SHA-256 of `salt + n` is `challenge`. On the page's
// own thread, since a Worker must be same-origin with the page and the proxy's script is not
// (and a blob: Worker is refused by a CSP that allows only the proxy's scripts). Chromium answers
// short digests before the task ends, so the work is cut into slices of a few milliseconds with
// a task boundary between them: typing is never kept waiting (bench/elements/proof-of-work.ts
// measures the longest task).
import type { Challenge, Proof } from '../../shared/proof.js';
import { sha256 } from './sha256.js';

/** A slice's length: well under the 50 ms that makes a task long, and a keystroke noticeably late. */
const SLICE_MS = 8;
/** Digests asked for at once within a slice. */
const BATCH = 100;

const encoder = new TextEncoder();

function bytesOf(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function same(digest: ArrayBuffer | Uint8Array, target: Uint8Array): boolean {
  const bytes = new Uint8Array(digest);
  return target.every((byte, i) => bytes[i] === byte);
}

/** Web Crypto where the page is a secure context, else the script's own SHA-256 (sha256.ts). */
function digestOf(data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer | Uint8Array> {
  return globalThis.crypto?.subtle ? crypto.subtle.digest('SHA-256', data) : Promise.resolve(sha256(data));
}

/** A new task: a message to ourselves, which, unlike setTimeout, browsers do not clamp to 4 ms. */
function nextTask(): Promise<void> {
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(0);
  });
}

/** The solution, or null when no number up to `maxnumber` solves it. */
export async function solveChallenge(challenge: Challenge): Promise<Proof | null> {
  const target = bytesOf(challenge.challenge);
  const { algorithm, salt, signature, maxnumber } = challenge;
  let n = 0;
  while (n <= maxnumber) {
    const sliceEnd = performance.now() + SLICE_MS;
    while (n <= maxnumber && performance.now() < sliceEnd) {
      const start = n;
      const digests: Array<Promise<ArrayBuffer | Uint8Array>> = [];
      for (; n <= maxnumber && n < start + BATCH; n++) digests.push(digestOf(encoder.encode(salt + n)));
      const found = (await Promise.all(digests)).findIndex((digest) => same(digest, target));
      if (found >= 0) return { algorithm, challenge: challenge.challenge, number: start + found, salt, signature };
    }
    await nextTask();
  }
  return null;
}
