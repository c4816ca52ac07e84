// utcTime (src/shared/utc-time.ts): a moment in UTC from the parts a person wrote, the one reading
// of bulk invalidation's filter times and the insight window's dates. Every boundary, and the
// years 0 to 99 that Date.UTC reads as 1900 to 1999.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { utcTime } from '../../src/shared/utc-time.js';

test('a date, and a date and time, as written', () => {
  assert.equal(utcTime(2026, 5, 1), Date.parse('2026-05-01T00:00:00Z'));
  assert.equal(utcTime(2026, 5, 1, 14, 30, 15), Date.parse('2026-05-01T14:30:15Z'));
  assert.equal(utcTime(2024, 2, 29), Date.parse('2024-02-29T00:00:00Z'), 'a leap day');
  assert.equal(utcTime(1969, 12, 31, 23, 59), -60_000);
});

test('years 0 to 99 are those years, not 1900 to 1999', () => {
  assert.equal(utcTime(50, 3, 1, 10), Date.parse('0050-03-01T10:00:00Z'));
  assert.equal(utcTime(0, 1, 1), Date.parse('0000-01-01T00:00:00Z'));
  assert.equal(utcTime(99, 12, 31, 23, 59, 59), Date.parse('0099-12-31T23:59:59Z'));
  assert.equal(utcTime(100, 1, 1), Date.parse('0100-01-01T00:00:00Z'));
});

test('the last hour, minute, second, day and month are moments; one past each is none', () => {
  assert.equal(utcTime(2026, 12, 31, 23, 59, 59), Date.parse('2026-12-31T23:59:59Z'));
  const none: Array<[number, number, number, number, number, number]> = [
    [2026, 5, 1, 24, 0, 0],
    [2026, 5, 1, 10, 60, 0],
    [2026, 5, 1, 10, 59, 60],
    [2026, 2, 29, 0, 0, 0],
    [2026, 2, 30, 0, 0, 0],
    [2026, 4, 31, 0, 0, 0],
    [2026, 5, 0, 0, 0, 0],
    [2026, 13, 1, 0, 0, 0],
    [2026, 0, 1, 0, 0, 0],
    // A year's worth of days past January lands in January again.
    [2026, 1, 396, 0, 0, 0],
    // So do a year's worth of hours: 2027-05-01, the same month and day.
    [2026, 5, 1, 365 * 24, 0, 0],
  ];
  for (const parts of none) {
    assert.equal(utcTime(...parts), undefined, parts.join(' '));
  }
});
