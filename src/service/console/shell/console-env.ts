// What every part of the console shares: its Hono environment (the signed-in session and the
// posted form), its dependencies, and its cookies.
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ConsoleSession } from '../../operators/console-sessions.js';
import type { DatabaseHealth } from '../../store/database-health.js';
import type { SignInLimit } from '../../limits/sign-in-limit.js';
import type { Store } from '../../store/store.js';
import type { RetentionSweep } from '../../retention/retention-sweep.js';

export type FormFields = Record<string, string>;

export interface ConsoleEnv {
  Bindings: HttpBindings;
  Variables: { session: ConsoleSession; form: FormFields };
}

export type ConsoleContext = Context<ConsoleEnv>;

export interface ConsoleDependencies {
  store: Store;
  health: DatabaseHealth;
  signInLimit: SignInLimit;
  /** The address a request's failed sign-ins are counted against. */
  clientAddress: (c: ConsoleContext) => string;
  /** Cookies are `Secure` when the service is reached over https. */
  secureCookies: boolean;
  /** Whether confirmation emails can be sent (an SMTP server is set). */
  mailConfigured: boolean;
  /** A key request was decided: its callback goes out now rather than at the next poll. */
  onDeliveryQueued: () => void;
  log: (line: string) => void;
  /** The retention period's sweep: the service's period, and the operator's early erasure. */
  retention: RetentionSweep;
  /** Empties the SQLite WAL in the checkpoint thread (a signer's erasure); rejects when a reader kept it. */
  truncateWal: () => Promise<void>;
}

export const CONSOLE_PATH = '/admin';
const SESSION_COOKIE = 'console_session';
const SIGN_IN_COOKIE = 'console_sign_in';

function cookieOptions(secure: boolean) {
  return { path: CONSOLE_PATH, httpOnly: true, secure, sameSite: 'Strict' as const };
}

export function sessionCookie(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE);
}

/** No Max-Age: the browser forgets it when it closes; the server ends it sooner (console-sessions.ts). */
export function setSessionCookie(c: Context, token: string, secure: boolean): void {
  setCookie(c, SESSION_COOKIE, token, cookieOptions(secure));
}

export function clearSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, SESSION_COOKIE, cookieOptions(secure));
}

/**
 * The sign-in form's CSRF token travels in a cookie and in the form (no session exists yet):
 * another site can neither read the cookie nor make the browser send it (SameSite=Strict).
 */
export function signInCookie(c: Context): string | undefined {
  return getCookie(c, SIGN_IN_COOKIE);
}

export function setSignInCookie(c: Context, token: string, secure: boolean): void {
  setCookie(c, SIGN_IN_COOKIE, token, { ...cookieOptions(secure), maxAge: 60 * 60 });
}

export function clearSignInCookie(c: Context, secure: boolean): void {
  deleteCookie(c, SIGN_IN_COOKIE, cookieOptions(secure));
}

/** A field of the posted form; absent ones read as ''. */
export function field(c: ConsoleContext, name: string): string {
  return c.get('form')[name] ?? '';
}

/** A path id that is a positive integer, or null. */
export function pathId(text: string | undefined): number | null {
  return text !== undefined && /^[1-9]\d{0,14}$/.test(text) ? Number(text) : null;
}
