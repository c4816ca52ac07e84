// Console sessions: a random token in an HttpOnly cookie, kept in the database only as its hash,
// ending after SESSION_IDLE_MS without a request or SESSION_MAX_MS after sign-in, whichever
// comes first. Each session has its own CSRF token, which every form of the console carries.
import { timingSafeEqualText } from '../../shared/signing.js';
import type { Actor } from './audit-log.js';
import { newSecretToken, secretTokenHash } from '../http/secret-token.js';
import type { Store } from '../store/store.js';

export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 60 * 60_000;
/** A session's last use is written at most this often: idle expiry is that much coarse. */
const TOUCH_EVERY_MS = 60_000;

export interface ConsoleSession {
  tokenHash: string;
  operator: Extract<Actor, { kind: 'operator' }>;
  csrfToken: string;
  mustChangePassword: boolean;
}

export async function startSession(store: Store, operatorId: number, now = Date.now()): Promise<{ token: string }> {
  const token = newSecretToken();
  await store.db.transaction(async () => {
    await store.deleteExpiredSessions.run({ created_before: now - SESSION_MAX_MS, seen_before: now - SESSION_IDLE_MS });
    await store.insertSession.run({ token_hash: secretTokenHash(token), operator_id: operatorId, csrf_token: newSecretToken(), now });
  });
  return { token };
}

/** The session this cookie value opens, or null when there is none or it has expired (then it is deleted). */
export async function currentSession(store: Store, token: string | undefined, now = Date.now()): Promise<ConsoleSession | null> {
  if (!token) return null;
  const tokenHash = secretTokenHash(token);
  const row = await store.sessionByTokenHash.get(tokenHash);
  if (!row) return null;
  if (now - row.created_at >= SESSION_MAX_MS || now - row.last_seen_at >= SESSION_IDLE_MS) {
    await store.deleteSession.run(tokenHash);
    return null;
  }
  if (now - row.last_seen_at >= TOUCH_EVERY_MS) await store.touchSession.run(now, tokenHash);
  return {
    tokenHash,
    operator: { kind: 'operator', operatorId: row.operator_id, email: row.email },
    csrfToken: row.csrf_token,
    mustChangePassword: row.must_change_password === 1,
  };
}

export async function endSession(store: Store, session: ConsoleSession): Promise<void> {
  await store.deleteSession.run(session.tokenHash);
}

/** Whether a form's CSRF field is this session's token. */
export function csrfTokenMatches(session: ConsoleSession, sent: unknown): boolean {
  return typeof sent === 'string' && timingSafeEqualText(sent, session.csrfToken);
}
