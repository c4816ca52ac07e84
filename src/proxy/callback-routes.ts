// POST /callbacks/auth-keys: the service's outcome of a key request. Only a body signed with our
// secret and no older than five minutes is believed (docs/api.md "Callbacks").
import { Hono } from 'hono';
import { verifyCallbackSignature } from '../shared/signing.js';
import { parseOutcome, type AuthKeys } from './auth-keys.js';
import { ProxyError } from './failure.js';

const REFUSALS = {
  missing: 'X-Petition-Signature: signature headers are missing',
  stale: 'X-Petition-Timestamp: too old or too far in the future',
  forged: 'X-Petition-Signature: does not match the body',
} as const;

export function callbackRoutes(secret: string, keys: AuthKeys, log: (line: string) => void): Hono {
  const app = new Hono();
  app.post('/auth-keys', async (c) => {
    const body = await c.req.text();
    const verdict = await verifyCallbackSignature(
      secret,
      c.req.header('x-petition-timestamp'),
      c.req.header('x-petition-signature'),
      body,
    );
    if (verdict !== 'valid') {
      log(`callback refused: ${verdict} signature`);
      throw new ProxyError(401, [REFUSALS[verdict]]);
    }
    const payload = parseOutcome(body);
    if (!payload) throw new ProxyError(400, ['body: not an authorization key outcome']);
    // A signed outcome about a petition no longer configured is acknowledged, or the service
    // would keep retrying it for a day.
    if (!(await keys.apply(payload))) log(`callback about petition ${payload.petition_id} ignored: not configured here`);
    return c.json({ result: 'success' }, 200);
  });
  return app;
}
