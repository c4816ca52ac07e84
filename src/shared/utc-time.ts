// A moment in UTC from the parts a person wrote ("2026-05-01", "2026-05-01 14:30:15"): the one
// reading for the service's date and time fields (bulk invalidation's filter, the insight
// window). Not Date.UTC, which reads years 0 to 99 as 1900 to 1999 ("0050" would become 1950),
// and not a date that rolls over (2026-02-30 is no day, 24:00 no time).

/** Milliseconds since the epoch, or undefined when the parts name no such moment. */
export function utcTime(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number | undefined {
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const moment = new Date(0);
  moment.setUTCFullYear(year, month - 1, day);
  moment.setUTCHours(hour, minute, second, 0);
  return moment.getUTCMonth() === month - 1 && moment.getUTCDate() === day ? moment.getTime() : undefined;
}
