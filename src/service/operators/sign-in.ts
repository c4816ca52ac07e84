// Signing in to the console: the attempt is counted against the sign-in limit before the
// password is checked (limits/sign-in-limit.ts), then either a session starts (and the attempt
// is given back) or the failure is logged and audited, naming the operator by id when the email
// is one's, never the email typed or the password.
import { recordAudit, SIGN_IN_FORM } from './audit-log.js';
import { startSession } from './console-sessions.js';
import { authenticateOperator } from './operators.js';
import { FAILED_SIGN_INS_PER_ADDRESS, FAILED_SIGN_INS_PER_EMAIL, type SignInLimit } from '../limits/sign-in-limit.js';
import type { Store } from '../store/store.js';

export type SignInOutcome =
  | { kind: 'signed-in'; token: string; mustChangePassword: boolean }
  | { kind: 'no-match' }
  | { kind: 'refused'; retryAfterSeconds: number };

export interface SignInParts {
  store: Store;
  limit: SignInLimit;
  log: (line: string) => void;
}

export async function signIn(parts: SignInParts, address: string, email: string, password: string): Promise<SignInOutcome> {
  const { store, limit } = parts;
  const decision = await limit.reserve(address, email);
  if (!decision.allowed) return { kind: 'refused', retryAfterSeconds: decision.retryAfterSeconds };
  const operator = await authenticateOperator(store, email, password);
  if (operator) {
    await limit.giveBack(decision.reservation);
    const { token } = await startSession(store, operator.id);
    await recordAudit(store, { kind: 'operator', operatorId: operator.id, email: operator.email }, 'signed in', `operator ${operator.id}`);
    return { kind: 'signed-in', token, mustChangePassword: operator.must_change_password === 1 };
  }
  const named = await store.operatorByEmail.get(email.trim());
  const subject = named ? `operator ${named.id}` : 'no such operator';
  const [byAddress, byEmail] = decision.reservation.counted.map((counted) => counted.count);
  const counts = `attempt ${byAddress} of ${FAILED_SIGN_INS_PER_ADDRESS} from this network, ${byEmail} of ${FAILED_SIGN_INS_PER_EMAIL} for this email, in 15 minutes`;
  limit.failed();
  parts.log(`console: failed sign-in (${subject}; ${counts})`);
  await recordAudit(store, SIGN_IN_FORM, 'sign-in failed', subject, counts);
  return { kind: 'no-match' };
}
