// Who did what to the service, and when: every operator action (console or admin command) is
// written here in the transaction that makes it. Entries name people and things by email (the
// operator's) and id, never a signer's personal data, so they survive erasure unchanged.
import type { AuditRow } from '../store/operators/operator-store.js';
import type { Store } from '../store/store.js';

/**
 * A signed-in operator, the admin command line (whoever can run it on the server), a signer acting
 * through a link the service or a proxy gave them (a withdrawal, never named), or whoever filled in
 * the console's sign-in form (not known by name: a failed sign-in).
 */
export type Actor =
  | { kind: 'operator'; operatorId: number; email: string }
  | { kind: 'command-line' }
  | { kind: 'signer' }
  | { kind: 'sign-in-form' }
  /** The service itself, erasing personal data when a petition's retention period ends (src/service/retention/). */
  | { kind: 'retention' };

export const COMMAND_LINE: Actor = { kind: 'command-line' };
export const SIGNER: Actor = { kind: 'signer' };
export const SIGN_IN_FORM: Actor = { kind: 'sign-in-form' };
export const RETENTION: Actor = { kind: 'retention' };

export type AuditAction =
  | 'operator created'
  | 'operator password set'
  | 'signed in'
  | 'sign-in failed'
  | 'signed out'
  | 'petition created'
  | 'petition updated'
  | 'petition opened'
  | 'petition closed'
  | 'key request granted'
  | 'key request denied'
  | 'key request revoked'
  | 'signature hidden'
  | 'signature shown'
  | 'signature invalidated'
  | 'signer erased'
  | 'signature withdrawn'
  | 'signatures exported'
  | 'delivery prepared'
  | 'block list entry added'
  | 'block list entry removed'
  | 'signatures invalidated in bulk'
  | 'bulk invalidation undone'
  | 'trending alert dismissed'
  | 'paper signatures added'
  | 'paper batch removed'
  | 'consumer created'
  | 'signatures seeded'
  | 'database backed up'
  | 'retention period set'
  | 'personal data erased';

const AUDIT_PAGE_SIZE = 50;

function actorName(actor: Actor): string {
  if (actor.kind === 'operator') return actor.email;
  const names = { 'command-line': 'command line', signer: 'signer (withdrawal link)', 'sign-in-form': 'sign-in form', retention: 'retention period' } as const;
  return names[actor.kind];
}

/** `subject` names what was acted on ("petition 3", "signature 812"); `detail` adds ids or field names. */
export async function recordAudit(store: Store, actor: Actor, action: AuditAction, subject: string, detail = '', now = Date.now()): Promise<void> {
  await store.insertAuditEntry.run({ at: now, actor: actorName(actor), action, subject, detail });
}

/** Newest first; `before` is the id the previous page ended at. */
export async function auditPage(store: Store, before: number | null): Promise<{ entries: AuditRow[]; next: number | null }> {
  const rows = await store.auditEntriesBefore.all(before ?? Number.MAX_SAFE_INTEGER, AUDIT_PAGE_SIZE + 1);
  const entries = rows.slice(0, AUDIT_PAGE_SIZE);
  return { entries, next: rows.length > AUDIT_PAGE_SIZE ? entries[entries.length - 1]!.id : null };
}
