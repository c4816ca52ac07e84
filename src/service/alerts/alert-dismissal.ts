// An operator dismisses a trending alert: it leaves the lists of alerts to look at, in the same
// transaction as its audit entry. It still ends as any alert does (a quiet window), so a group
// that keeps trending is not raised again meanwhile.
import { OperatorError } from '../errors/operator-error.js';
import { recordAudit } from '../operators/audit-log.js';
import type { Actor } from '../operators/audit-log.js';
import type { AlertRow } from '../store/campaign/alert-store.js';
import type { Store } from '../store/store.js';

export async function dismissAlert(store: Store, alert: AlertRow, actor: Actor & { kind: 'operator' }, now = Date.now()): Promise<void> {
  await store.db.transaction(async () => {
    const dismissed = await store.dismissAlert.run({ id: alert.id, now, by: actor.email });
    if (dismissed.changes === 0) throw new OperatorError('This alert is already dismissed.');
    await recordAudit(store, actor, 'trending alert dismissed', `alert ${alert.id}`, `petition ${alert.petition_id}, ${alert.kind}`, now);
  });
}
