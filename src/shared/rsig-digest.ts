// The servers' rsig digest on Node: the formula of computeRsig in signing.ts (SHA-256 hex of
// REQUEST_STRING + SECRET + AUTH_KEY), computed with node:crypto synchronously. The Web Crypto
// one is for browsers and edge runtimes and costs about a sixth of a submission's CPU in the
// service and a tenth in the proxy; a test holds the two equal on the spec's vectors. Never
// imported by the elements (node:crypto).
import { createHash } from 'node:crypto';

export function rsigDigest(requestString: string, secret: string, authKey: string): string {
  return createHash('sha256').update(requestString).update(secret).update(authKey).digest('hex');
}
