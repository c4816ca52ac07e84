// POST /callbacks/auth-keys: the service's outcome of a key request. Only a new callback signed
// with our secret and no older than five minutes is believed (callback-verification.ts), and only
// when it is newer than the decision known (key-decision-order.ts).
import { Hono, type Context } from 'hono';
import { parseOutcome, type AuthKeys } from './auth-keys.js';
import type { CallbackVerifier } from './callback-verification.js';
import { ProxyError } from '../errors/proxy-error.js';
import type { LogSummary } from '../background/log-summary.js';

const REFUSALS = {
  missing: 'X-Petition-Signature: signature headers are missing',
  stale: 'X-Petition-Timestamp: too old or too far in the future',
  forged: 'X-Petition-Signature: does not match the body',
  replayed: 'X-Petition-Signature: this callback was received before',
} as const;

/** Seconds before the service is to send an outcome in doubt again (with a newer timestamp). */
const IN_DOUBT_RETRY_SECONDS = 5;

export interface CallbackRoutesOptions {
  verifier: CallbackVerifier;
  keys: AuthKeys;
  /** Refusals need no secret to cause, so they are summarised rather than logged one by one. */
  refusals: LogSummary;
  /** The POST's body, within the body limit (app.ts). */
  readBody: (c: Context) => Promise<string>;
  log: (line: string) => void;
}

export function callbackRoutes(options: CallbackRoutesOptions): Hono {
  const app = new Hono();
  app.post('/auth-keys', async (c) => {
    const body = await options.readBody(c);
    const check = await options.verifier.check(c.req.header('x-petition-timestamp'), c.req.header('x-petition-signature'), body);
    if (check.kind !== 'valid') {
      options.refusals.note(`${check.kind} signature`);
      throw new ProxyError(401, [REFUSALS[check.kind]]);
    }
    const payload = parseOutcome(body);
    if (!payload) throw new ProxyError(400, ['body: not an authorization key outcome']);
    const result = await options.keys.apply(payload, { kind: 'callback', at: check.timestamp });
    // A signed outcome about a petition no longer configured is acknowledged, or the service
    // would keep retrying it for a day; so is an older one, which a retry would only make look new.
    if (result === 'not configured') options.log(`callback about petition ${payload.petition_id} ignored: not configured here`);
    if (result === 'in doubt') {
      // Not acknowledged: the service sends it again, stamped later than the decision it tied with.
      throw new ProxyError(503, ['callback: another decision carries the same timestamp; send this one again'], {
        retryAfter: IN_DOUBT_RETRY_SECONDS,
      });
    }
    return c.json({ result: 'success' }, 200);
  });
  return app;
}
