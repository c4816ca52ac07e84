// The operator sets a petition's own retention period (the console's retention page, `admin
// update-petition --retain-days-after-close`), or clears it so the service's applies. Audited.
import { OperatorError } from '../errors/operator-error.js';
import { recordAudit } from '../operators/audit-log.js';
import type { Actor } from '../operators/audit-log.js';
import type { Store } from '../store/store.js';
import { readRetainDays, RETAIN_DAYS_RULE } from './retention-period.js';

/** What clears a petition's own period, as a flag or a form gives it. */
const SERVICE_DEFAULT = 'default';

/** The period typed refused, in the words a form shows at its field and a command prints. */
export class RetainDaysError extends OperatorError {
  constructor() {
    super(`retain_days_after_close: ${RETAIN_DAYS_RULE}, or ${SERVICE_DEFAULT} for the service's`);
  }
}

/** `text`: a number of days, or `default` (or nothing) for the service's period. Returns the petition's own days, or null. */
export function readPetitionRetainDays(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === SERVICE_DEFAULT) return null;
  const days = readRetainDays(trimmed);
  if (days === undefined) throw new RetainDaysError();
  return days;
}

export async function setPetitionRetention(store: Store, petitionId: number, text: string, actor: Actor): Promise<number | null> {
  const days = readPetitionRetainDays(text);
  await store.db.transaction(async () => {
    const petition = await store.petitionRetention.get(petitionId);
    if (!petition) throw new OperatorError(`petition ${petitionId} not found`);
    if (petition.retain_days_after_close === days) return;
    await store.setRetainDays.run(days, petitionId);
    await recordAudit(store, actor, 'retention period set', `petition ${petitionId}`, days === null ? "the service's" : `${days} days after closing`);
  });
  return days;
}
