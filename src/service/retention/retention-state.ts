// Where a petition stands with its personal data, as the console shows it and the sweep acts on
// it: erased already, kept with no period, waiting for the petition to close, or due at a date.
import type { RetentionRow } from '../store/retention/retention-store.js';
import { closingMoment } from './petition-closing.js';
import { erasureDue, retainDays } from './retention-period.js';

export type RetentionState =
  | { kind: 'erased'; erasedAt: number }
  /** No period on the petition or the service: kept until an operator erases. */
  | { kind: 'kept'; closedAt: number | null }
  /** A period, but the petition is open: the date is set when it closes. */
  | { kind: 'open'; days: number }
  | { kind: 'scheduled'; closedAt: number; days: number; dueAt: number };

export function retentionState(petition: RetentionRow, serviceDays: number | null, now: number): RetentionState {
  if (petition.personal_data_erased_at !== null) return { kind: 'erased', erasedAt: petition.personal_data_erased_at };
  const closedAt = closingMoment(petition, now);
  const days = retainDays(petition.retain_days_after_close, serviceDays);
  if (days === null) return { kind: 'kept', closedAt };
  if (closedAt === null) return { kind: 'open', days };
  return { kind: 'scheduled', closedAt, days, dueAt: erasureDue(closedAt, days) };
}

/** Whether the sweep erases the petition at `now`: its date has come (the moment itself included). */
export function erasureIsDue(state: RetentionState, now: number): boolean {
  return state.kind === 'scheduled' && now >= state.dueAt;
}
