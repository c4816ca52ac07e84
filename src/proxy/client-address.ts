// The address a submission is rate-limited by (Node adapter): the TCP peer, or, only when the
// operator says a reverse proxy sets it, the last X-Forwarded-For entry (the one that proxy added).
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export function nodeClientAddress(trustForwardedFor: boolean): (c: Context) => string {
  return (c) => {
    if (trustForwardedFor) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',').map((part) => part.trim()).filter(Boolean);
      const last = forwarded?.at(-1);
      if (last) return last;
    }
    return getConnInfo(c).remote.address ?? 'unknown';
  };
}
