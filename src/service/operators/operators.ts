// The people who run the service through its console: created with the admin command (a
// one-time password printed, or the operator's own read from stdin), signed in by email and
// password, and made to choose their own password after a one-time one.
import { randomBytes } from 'node:crypto';
import type { Actor } from './audit-log.js';
import { recordAudit } from './audit-log.js';
import { OperatorError } from '../errors/operator-error.js';
import type { OperatorRow } from '../store/operators/operator-store.js';
import { decoyHash, hashPassword, verifyPassword } from './password-hash.js';
import type { Store } from '../store/store.js';

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;
const EMAIL_FORMAT = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface NewOperator {
  operator_id: number;
  email: string;
  /** Printed once when no password was given; the operator must replace it at first sign-in. */
  one_time_password?: string;
}

export type PasswordProblem = 'too_short' | 'too_long';

/** Why a password cannot be used; null when it can. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'too_short';
  if (password.length > PASSWORD_MAX_LENGTH) return 'too_long';
  return null;
}

function refusePassword(password: string | undefined): void {
  const problem = password === undefined ? null : passwordProblem(password);
  if (problem === 'too_short') throw new OperatorError(`password: must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (problem === 'too_long') throw new OperatorError(`password: must be at most ${PASSWORD_MAX_LENGTH} characters`);
}

function oneTimePassword(): string {
  return randomBytes(15).toString('base64url');
}

export async function createOperator(store: Store, emailText: string, password: string | undefined, actor: Actor): Promise<NewOperator> {
  const email = emailText.trim();
  if (!EMAIL_FORMAT.test(email)) throw new OperatorError('--email: must be an email address, like name@example.org');
  refusePassword(password);
  const chosen = password ?? oneTimePassword();
  const passwordHash = await hashPassword(chosen);
  const operatorId = await store.db.transaction(async () => {
    if (await store.operatorByEmail.get(email)) throw new OperatorError(`an operator with the email ${email} already exists`);
    const { id } = (await store.insertOperator.get({
      email,
      password_hash: passwordHash,
      must_change_password: password === undefined ? 1 : 0,
      now: Date.now(),
    }))!;
    await recordAudit(store, actor, 'operator created', `operator ${id}`, email);
    return id;
  });
  return { operator_id: operatorId, email, ...(password === undefined ? { one_time_password: chosen } : {}) };
}

/**
 * A lost password: a new one (one-time unless given), and every session of that operator ends.
 */
export async function resetOperatorPassword(store: Store, emailText: string, password: string | undefined, actor: Actor): Promise<NewOperator> {
  const email = emailText.trim();
  refusePassword(password);
  const chosen = password ?? oneTimePassword();
  const passwordHash = await hashPassword(chosen);
  const operator = await store.db.transaction(async () => {
    const found = await store.operatorByEmail.get(email);
    if (!found) throw new OperatorError(`no operator with the email ${email}`);
    await store.setOperatorPassword.run({ id: found.id, password_hash: passwordHash, must_change_password: password === undefined ? 1 : 0 });
    await store.deleteSessionsOfOperator.run(found.id);
    await recordAudit(store, actor, 'operator password set', `operator ${found.id}`, found.email);
    return found;
  });
  return { operator_id: operator.id, email: operator.email, ...(password === undefined ? { one_time_password: chosen } : {}) };
}

/** The operator these credentials prove, or null; as slow for an unknown email as for a wrong password. */
export async function authenticateOperator(store: Store, email: string, password: string): Promise<OperatorRow | null> {
  const operator = await store.operatorByEmail.get(email.trim());
  const matches = await verifyPassword(password, operator?.password_hash ?? (await decoyHash()));
  return matches && operator ? operator : null;
}

/** The signed-in operator chooses a new password; their other sessions end. */
export async function changeOwnPassword(store: Store, actor: Extract<Actor, { kind: 'operator' }>, password: string, keepSessionHash: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await store.db.transaction(async () => {
    await store.setOperatorPassword.run({ id: actor.operatorId, password_hash: passwordHash, must_change_password: 0 });
    for (const session of await store.sessionsOfOperator.all(actor.operatorId)) {
      if (session.token_hash !== keepSessionHash) await store.deleteSession.run(session.token_hash);
    }
    await recordAudit(store, actor, 'operator password set', `operator ${actor.operatorId}`, actor.email);
  });
}

export async function hasOperators(store: Store): Promise<boolean> {
  return (await store.operatorCount.get())!.count > 0;
}
