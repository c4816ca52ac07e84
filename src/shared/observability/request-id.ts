// The request id a proxy passes to the service in `X-Request-Id`, so one signer's request can be
// followed through both logs. Taken as sent only when it is a short token; anything else (too
// long, spaces, quotes, a value meant to forge log lines) is replaced by a fresh id.
import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The id as sent when it is a short token, else a new one. */
export function requestIdFrom(sent: string | string[] | undefined): string {
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
}
