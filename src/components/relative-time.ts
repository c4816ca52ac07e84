// "3 minutes ago", "yesterday", "now" in the element's language, for the signers list.

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

export function relativeTime(date: Date, now: Date, language: string): string {
  // numeric 'auto' says "yesterday" and "now" where the language has such words.
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const secondsAgo = (now.getTime() - date.getTime()) / 1000;
  for (const [unit, seconds] of UNITS) {
    if (secondsAgo >= seconds) return format.format(-Math.floor(secondsAgo / seconds), unit);
  }
  // Seconds are too fine for a list refreshed every half minute: under a minute is "now", and so
  // is a time a clock slightly ahead of the server's puts in the future (never "in 2 seconds").
  return format.format(0, 'second');
}
