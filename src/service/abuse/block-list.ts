// The operator's block lists: email domains, email addresses and network ranges that may not
// sign, for the whole service or one petition. An entry is read from what the operator typed
// (a domain, an address compared as the duplicate rule compares them, an IPv4 or IPv6 CIDR
// range) and every change is audited by entry id and kind, never by its value. Submissions are
// screened against the lists by submission-screen.ts.
import { formatIpRange, parseIpRange } from '../../shared/ip-address.js';
import { OperatorError } from '../errors/operator-error.js';
import type { Actor } from '../operators/audit-log.js';
import { recordAudit } from '../operators/audit-log.js';
import { emailIdentity } from '../signatures/email-identity.js';
import type { BlockEntryRow, BlockKind } from '../store/abuse/abuse-store.js';
import { rangeKeys } from '../store/signatures/address-key.js';
import type { Store } from '../store/store.js';

export const BLOCK_KINDS: Record<BlockKind, string> = {
  domain: 'Email domain',
  email: 'Email address',
  range: 'Network range',
};

/** What the operator asks to add; `petitionId` null is the whole service. */
export interface BlockEntryInput {
  kind: string;
  value: string;
  petitionId: number | null;
}

/** A problem with the form, by field: the console shows it at that field. */
export class BlockEntryProblem extends Error {
  constructor(
    readonly field: 'kind' | 'value' | 'petition',
    message: string,
  ) {
    super(message);
    this.name = 'BlockEntryProblem';
  }
}

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

/** An email domain as typed (lower case, any leading @ dropped), or undefined when it is not one. */
export function readEmailDomain(typed: string): string | undefined {
  const domain = typed.trim().toLowerCase().replace(/^@/, '');
  return DOMAIN.test(domain) ? domain : undefined;
}

function isKind(kind: string): kind is BlockKind {
  return Object.hasOwn(BLOCK_KINDS, kind);
}

/** The entry as stored: its canonical value, and a range's lowest and highest address key. */
function blockEntryOf(kind: string, typed: string): Pick<BlockEntryRow, 'kind' | 'value' | 'low' | 'high'> {
  if (!isKind(kind)) throw new BlockEntryProblem('kind', 'Choose what to block');
  const text = typed.trim();
  if (kind === 'domain') {
    const domain = readEmailDomain(text);
    if (!domain) throw new BlockEntryProblem('value', 'Enter an email domain, like example.com');
    return { kind, value: domain, low: null, high: null };
  }
  if (kind === 'email') {
    if (!EMAIL.test(text)) throw new BlockEntryProblem('value', 'Enter an email address, like name@example.com');
    return { kind, value: emailIdentity(text), low: null, high: null };
  }
  const range = parseIpRange(text);
  if (!range) throw new BlockEntryProblem('value', 'Enter an IP address or a CIDR range, like 203.0.113.0/24 or 2001:db8::/48');
  const { low, high } = rangeKeys(range);
  return { kind, value: formatIpRange(range), low, high };
}

export async function addBlockEntry(store: Store, input: BlockEntryInput, actor: Actor, now = Date.now()): Promise<void> {
  const entry = blockEntryOf(input.kind, input.value);
  if (input.petitionId !== null && !(await store.petitionById.get(input.petitionId))) {
    throw new BlockEntryProblem('petition', `There is no petition ${input.petitionId}`);
  }
  await store.db.transaction(async () => {
    const inserted = await store.insertBlockEntry.run({ petition_id: input.petitionId, ...entry, created_at: now });
    if (inserted.changes === 0) throw new BlockEntryProblem('value', 'This is on the list already');
    const scope = input.petitionId === null ? 'every petition' : `petition ${input.petitionId}`;
    await recordAudit(store, actor, 'block list entry added', `block list entry ${inserted.lastInsertId ?? ''}`.trim(), `${entry.kind}; ${scope}`, now);
  });
}

export async function removeBlockEntry(store: Store, id: number, actor: Actor, now = Date.now()): Promise<void> {
  await store.db.transaction(async () => {
    const entry = await store.blockEntryById.get(id);
    if (!entry) throw new OperatorError(`block list entry ${id} not found`);
    await store.deleteBlockEntry.run({ id });
    const scope = entry.petition_id === null ? 'every petition' : `petition ${entry.petition_id}`;
    await recordAudit(store, actor, 'block list entry removed', `block list entry ${id}`, `${entry.kind}; ${scope}`, now);
  });
}
