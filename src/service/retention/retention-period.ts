// How long a closed petition's signers' personal data is kept (README "How long personal data is
// kept"): a number of whole days after its closing moment (petition-closing.ts), the service's
// `--retain-days-after-close` unless the petition has its own. Unset on both, nothing is erased
// automatically: an upgrade must never start deleting what nobody asked to delete.

const DAY_MS = 86_400_000;
/** The fewest and most days an operator may set: a day leaves time to export; ten years is already longer than any campaign's need. */
export const RETAIN_DAYS_MIN = 1;
export const RETAIN_DAYS_MAX = 3650;
export const RETAIN_DAYS_RULE = `must be a whole number of days from ${RETAIN_DAYS_MIN} to ${RETAIN_DAYS_MAX}`;

/** The days typed (a flag, a form, an environment variable), or undefined when they break the rule. */
export function readRetainDays(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return undefined;
  const days = Number(trimmed);
  return days >= RETAIN_DAYS_MIN && days <= RETAIN_DAYS_MAX ? days : undefined;
}

/** The period that applies to a petition: its own, else the service's, else none (kept until an operator erases). */
export function retainDays(petitionDays: number | null, serviceDays: number | null): number | null {
  return petitionDays ?? serviceDays;
}

/** The moment the petition's personal data goes: exactly `days` days after it closed (that moment included). */
export function erasureDue(closedAt: number, days: number): number {
  return closedAt + days * DAY_MS;
}
