// The service's rsig digest: the formula of computeRsig in shared/signing.ts (SHA-256 hex of
// REQUEST_STRING + SECRET + AUTH_KEY), computed with node:crypto synchronously. The shared one
// is Web Crypto for edge runtimes and costs about a sixth of a submission's CPU here; a test
// holds the two equal on the spec's vectors.
import { createHash } from 'node:crypto';

export function rsigDigest(requestString: string, secret: string, authKey: string): string {
  return createHash('sha256').update(requestString).update(secret).update(authKey).digest('hex');
}
