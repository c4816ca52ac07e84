// "3 minutes ago" in the element's language, for the signers list.

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(date: Date, now: Date, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  // A clock slightly ahead of the server's must not print "in 2 seconds".
  const secondsAgo = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  for (const [unit, seconds] of UNITS) {
    if (secondsAgo >= seconds) return format.format(-Math.floor(secondsAgo / seconds), unit);
  }
  return format.format(-secondsAgo, 'second');
}
