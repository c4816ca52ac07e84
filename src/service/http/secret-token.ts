// Bearer tokens the service hands out (console sessions, signers' confirmation links): random,
// and kept only as a hash, so a copy of the database does not let anyone use them.
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function secretTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
