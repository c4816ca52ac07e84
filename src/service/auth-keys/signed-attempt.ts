// One attempt of a durable signed post, shared by key-request callbacks (callback-delivery.ts)
// and the operator's trending alerts (src/service/alerts/alert-delivery.ts): the body signed as
// docs/api.md "Callback delivery" says, sent by callback-request.ts (never following a redirect,
// connecting only to an address it has checked unless private callbacks are allowed). When to try
// again is delivery-timing.ts's.
import { callbackSignature } from '../../shared/signing.js';
import { errorCode } from '../errors/error-code.js';
import { postCallback } from './callback-request.js';

export interface SignedPost {
  url: string;
  secret: string;
  payload: string;
}

export interface AttemptOptions {
  timeoutMs: number;
  signal: AbortSignal;
  allowPrivate: boolean;
}

/**
 * `delivered` on any 2xx; otherwise what went wrong (`HTTP 500`, a network error's code).
 * Undefined when `signal` aborted it: shutting down is not a failed attempt.
 */
export async function attemptSignedPost(post: SignedPost, options: AttemptOptions): Promise<{ delivered: boolean; outcome: string } | undefined> {
  try {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const { status } = await postCallback({
      url: post.url,
      headers: {
        'Content-Type': 'application/json',
        'X-Petition-Timestamp': timestamp,
        'X-Petition-Signature': await callbackSignature(post.secret, timestamp, post.payload),
      },
      body: post.payload,
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      allowPrivate: options.allowPrivate,
    });
    return { delivered: status >= 200 && status < 300, outcome: `HTTP ${status}` };
  } catch (error) {
    if (options.signal.aborted) return undefined;
    return { delivered: false, outcome: errorCode(error) };
  }
}
