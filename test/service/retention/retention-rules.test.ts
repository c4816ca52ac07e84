// The retention period's rules without a database: the days an operator may set (1 to 3650, at
// both ends), when a petition closed (petition-closing.ts), and when its erasure is due.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { closingMoment } from '../../../src/service/retention/petition-closing.js';
import { readPetitionRetainDays, RetainDaysError } from '../../../src/service/retention/petition-retention.js';
import { readRetainDays } from '../../../src/service/retention/retention-period.js';
import { erasureIsDue, retentionState } from '../../../src/service/retention/retention-state.js';

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);

test('a period is a whole number of days from 1 to 3650', () => {
  assert.equal(readRetainDays('0'), undefined);
  assert.equal(readRetainDays('1'), 1);
  assert.equal(readRetainDays('180'), 180);
  assert.equal(readRetainDays(' 180 '), 180);
  assert.equal(readRetainDays('3650'), 3650);
  assert.equal(readRetainDays('3651'), undefined);
  for (const text of ['', '-1', '1.5', '1e3', '180d', 'six months', '99999']) assert.equal(readRetainDays(text), undefined, text);
});

test("a petition's own period: days, or default (or nothing) for the service's; anything else refused", () => {
  assert.equal(readPetitionRetainDays('default'), null);
  assert.equal(readPetitionRetainDays(''), null);
  assert.equal(readPetitionRetainDays('1'), 1);
  assert.equal(readPetitionRetainDays('3650'), 3650);
  for (const text of ['0', '3651', 'never']) {
    assert.throws(() => readPetitionRetainDays(text), (error: unknown) => {
      assert.ok(error instanceof RetainDaysError);
      assert.equal(error.message, "retain_days_after_close: must be a whole number of days from 1 to 3650, or default for the service's");
      return true;
    });
  }
});

test('a petition closes when its operator closes it or its end passes, whichever first, and the moment is kept once recorded', () => {
  const open = { status: 'open' as const, end_at: null, closed_at: null };
  assert.equal(closingMoment(open, NOW), null);
  assert.equal(closingMoment({ ...open, end_at: NOW + 1 }, NOW), null, 'a second before its end it is open');
  assert.equal(closingMoment({ ...open, end_at: NOW }, NOW), NOW, 'at its end it closed then');
  assert.equal(closingMoment({ ...open, end_at: NOW - 5 * DAY_MS }, NOW), NOW - 5 * DAY_MS, 'seen late, it closed at its end');
  assert.equal(closingMoment({ ...open, status: 'closed' }, NOW), NOW, 'closed by status, first seen now');
  assert.equal(closingMoment({ status: 'closed', end_at: NOW - DAY_MS, closed_at: null }, NOW), NOW - DAY_MS, 'whichever first: the end passed before');
  assert.equal(closingMoment({ status: 'closed', end_at: null, closed_at: NOW - 9 * DAY_MS }, NOW), NOW - 9 * DAY_MS, 'the recorded moment stays');
  assert.equal(closingMoment({ status: 'open', end_at: null, closed_at: NOW - 9 * DAY_MS }, NOW), null, 'opened again: no moment');
  assert.equal(closingMoment({ ...open, end_at: NOW - DAY_MS }, NOW, true), NOW, 'a write that sets an end in the past closes it now');
});

test('erasure is due exactly N days after closing, not a second before', () => {
  const petition = { id: 1, status: 'closed' as const, end_at: null, retain_days_after_close: null, closed_at: NOW, personal_data_erased_at: null };
  const due = NOW + 30 * DAY_MS;
  assert.equal(erasureIsDue(retentionState(petition, 30, due - 1000), due - 1000), false);
  assert.equal(erasureIsDue(retentionState(petition, 30, due), due), true);
  assert.equal(erasureIsDue(retentionState(petition, 30, due + 1000), due + 1000), true);
  assert.deepEqual(retentionState(petition, null, due * 2), { kind: 'kept', closedAt: NOW });
  assert.deepEqual(retentionState({ ...petition, retain_days_after_close: 2 }, 30, NOW), { kind: 'scheduled', closedAt: NOW, days: 2, dueAt: NOW + 2 * DAY_MS });
  assert.deepEqual(retentionState({ ...petition, status: 'open', closed_at: null }, 30, NOW), { kind: 'open', days: 30 });
  assert.deepEqual(retentionState({ ...petition, personal_data_erased_at: NOW + 1 }, 30, due), { kind: 'erased', erasedAt: NOW + 1 });
});
