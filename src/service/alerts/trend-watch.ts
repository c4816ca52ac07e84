// The periodic evaluation of trending alerts (trending-rule.ts), run by the background loop
// (queue-worker.ts's upkeep) on every instance: raises an alert once per petition and group while
// the group trends (the store's partial unique index decides between instances), queues its
// webhook post in the same transaction, and ends an alert once its group has been quiet for a
// whole window, after which it may be raised again.
import { errorCode } from '../errors/error-code.js';
import type { AlertCounts } from '../store/campaign/alert-store.js';
import type { DatabaseHealth } from '../store/database-health.js';
import type { Store } from '../store/store.js';
import { groupText } from './alert-groups.js';
import { alertPayload } from './alert-payload.js';
import { BASELINE_SIZE, groupCounts, trendingGroups } from './trending-rule.js';
import type { GroupCounts, TrendSettings } from './trending-rule.js';

export interface TrendEvaluation {
  settings: TrendSettings;
  /** Raised alerts are posted to the operator's webhook (a delivery row each) only when one is set. */
  webhook: boolean;
  /** The console's URL, for the payload's link to the petition. */
  consoleUrl: string;
}

/** Evaluates every petition at `now`; returns how many alerts it raised. */
export async function evaluateTrends(store: Store, now: number, evaluation: TrendEvaluation): Promise<number> {
  const { settings } = evaluation;
  const from = now - settings.windowMs;
  let service: Promise<GroupCounts> | undefined;
  const serviceBaseline = () => (service ??= store.serviceBaseline.all({ from, size: BASELINE_SIZE }).then(groupCounts));
  let raised = 0;
  for (const { petition_id } of await store.busyPetitions.all({ from, to: now, min_count: settings.minSignatures })) {
    const window = await store.windowGroups.all({ petition_id, from, to: now, min_count: settings.minSignatures });
    const petition = groupCounts(await store.petitionBaseline.all({ petition_id, from, size: BASELINE_SIZE }));
    for (const group of await trendingGroups(window, { petition, service: serviceBaseline }, settings)) {
      const counts: AlertCounts = {
        petition_id,
        kind: group.kind,
        group_key: groupText(group.kind, group.groupKey),
        count: group.count,
        window_total: group.windowTotal,
        baseline_count: group.baselineCount,
        baseline_total: group.baselineTotal,
        window_from: from,
        window_to: now,
      };
      await store.db.transaction(async () => {
        const alert = await store.raiseAlert.get({ ...counts, now });
        if (!alert) {
          await store.refreshAlert.run({ ...counts, now });
          return;
        }
        raised++;
        if (evaluation.webhook) await store.insertAlertDelivery.run(alert.id, alertPayload(alert.id, counts, now, evaluation.consoleUrl), now, now);
      });
    }
  }
  await store.endQuietAlerts.run({ now, quiet_since: now - settings.windowMs });
  return raised;
}

export interface TrendWatchOptions extends TrendEvaluation {
  store: Store;
  health: DatabaseHealth;
  /** How often to evaluate. */
  everyMs: number;
  /** An alert was raised with a webhook post to send. */
  onDeliveryQueued: () => void;
  /** An evaluation ended, at `now` (the service's metrics say when the last one did). */
  evaluated?: (now: number) => void;
  log: (line: string) => void;
}

export class TrendWatch {
  #lastRun = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: TrendWatchOptions) {}

  /** Called by the background loop at each tick; evaluates when `everyMs` has passed since the last time. */
  async tick(now: number): Promise<void> {
    if (now - this.#lastRun < this.options.everyMs) return;
    this.#lastRun = now;
    try {
      const raised = await evaluateTrends(this.options.store, now, this.options);
      if (raised > 0 && this.options.webhook) this.options.onDeliveryQueued();
      this.options.evaluated?.(now);
    } catch (error) {
      if (!this.options.health.unavailable(error)?.outage) {
        this.options.log(`trending alerts: evaluation failed (${errorCode(error)}); trying again at the next one`);
      }
    }
  }
}
