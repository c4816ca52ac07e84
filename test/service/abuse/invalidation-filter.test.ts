// The bulk invalidation's filter as the console's form gives it (invalidation-filter.ts), read
// without a service: each field's canonical text (what the batch and the audit log record), its
// query parameters, the time's calendar and clock limits, the 1000- and 100-character limits at
// their boundaries, and the words an operator reads at each field. bulk-invalidation.test.ts has
// what the filter then takes from a petition.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readInvalidationFilter, type ReadFilter } from '../../../src/service/abuse/invalidation-filter.js';

function read(form: Record<string, string>): ReadFilter {
  return readInvalidationFilter(7, form);
}

function accepted(form: Record<string, string>): Extract<ReadFilter, { ok: true }> {
  const filter = read(form);
  assert.ok(filter.ok, JSON.stringify(filter));
  return filter;
}

function problems(form: Record<string, string>): { field: string; message: string }[] {
  const filter = read(form);
  assert.ok(!filter.ok, JSON.stringify(filter));
  return filter.problems;
}

const TIME_HELP = 'Enter a time in UTC, like 2026-05-01 14:30 or 2026-05-01 14:30:15';

describe('the time window', () => {
  test('a time is recorded to the second in UTC, with or without its seconds', () => {
    const filter = accepted({ from: '2026-05-01 14:30', before: '2026-05-01T14:30:15Z' });
    assert.deepEqual(filter.text, { from: '2026-05-01T14:30:00Z', before: '2026-05-01T14:30:15Z' });
    assert.equal(filter.params.signed_from, Date.parse('2026-05-01T14:30:00Z'));
    assert.equal(filter.params.signed_before, Date.parse('2026-05-01T14:30:15Z'));
  });

  test('the last minute and second of a day are times; 24 h, 60 min, 60 s and a 13th month are not', () => {
    assert.deepEqual(accepted({ from: '2026-05-01 23:59:59' }).text, { from: '2026-05-01T23:59:59Z' });
    for (const typed of ['2026-05-01 10:60', '2026-05-01 10:59:60', '2026-05-01 24:00', '2026-13-01 10:00', '2026-02-30 10:00', '2026-05-00 10:00', 'yesterday']) {
      assert.deepEqual(problems({ from: typed }), [{ field: 'from', message: TIME_HELP }], typed);
    }
  });

  test('a time is the whole field: nothing before the year or after the time', () => {
    for (const typed of ['x2026-05-01 10:00', '12026-05-01 10:00', '2026-05-01 10:00x', '2026-05-01 10:00:00ZZ', '2026-05-01 10:00:001']) {
      assert.deepEqual(problems({ from: typed }), [{ field: 'from', message: TIME_HELP }], typed);
    }
  });

  test('an end alone is a window however early, even at or before 1970-01-01 00:00', () => {
    assert.equal(accepted({ before: '1970-01-01 00:00' }).params.signed_before, 0);
    assert.equal(accepted({ before: '1969-12-31 23:59' }).params.signed_before, -60_000);
    assert.equal(accepted({ from: '1969-12-31 23:59' }).params.signed_from, -60_000);
  });

  test('a year is read as written, 0000 to 0099 too (not as 1900 to 1999)', () => {
    const early = accepted({ from: '0050-03-01 10:00', before: '0099-12-31 23:59:59' });
    assert.deepEqual(early.text, { from: '0050-03-01T10:00:00Z', before: '0099-12-31T23:59:59Z' });
    assert.equal(early.params.signed_from, Date.parse('0050-03-01T10:00:00Z'));
    assert.equal(early.params.signed_before, Date.parse('0099-12-31T23:59:59Z'));
    assert.equal(accepted({ from: '0100-01-01 00:00' }).params.signed_from, Date.parse('0100-01-01T00:00:00Z'));
  });

  test('the end must be after the start: the same second is refused, one later accepted', () => {
    assert.deepEqual(problems({ from: '2026-05-01 14:30', before: '2026-05-01 14:30:00' }), [
      { field: 'before', message: 'The end of the time window must be after its start' },
    ]);
    assert.equal(accepted({ from: '2026-05-01 14:30', before: '2026-05-01 14:30:01' }).params.signed_before, Date.parse('2026-05-01T14:30:01Z'));
  });
});

describe('the other fields', () => {
  test('a range and a domain in their canonical forms; a condition given alone needs no other', () => {
    const filter = accepted({ range: ' 203.0.113.0/24 ', domain: ' @Spam.Example.ORG ' });
    assert.deepEqual(filter.text, { range: '203.0.113.0/24', domain: 'spam.example.org' });
    assert.equal(filter.params.domain, 'spam.example.org');
    assert.equal(filter.params.domain_suffix, '%.spam.example.org');
    assert.equal(filter.params.signed_from, null);
    assert.equal(filter.params.signed_before, null);
  });

  test('a range or a domain that cannot be read is an error at its field, in the words the console shows', () => {
    assert.deepEqual(problems({ range: '203.0.113.0/33', domain: 'not a domain' }), [
      { field: 'range', message: 'Enter an IP address or a CIDR range, like 203.0.113.0/24 or 2001:db8::/48' },
      { field: 'domain', message: 'Enter an email domain, like example.com' },
    ]);
  });

  test('the referrer\'s host is compared in lower case; utm_source and the source website as typed, trimmed', () => {
    const filter = accepted({ utm_source: '  Bot-Campaign ', referrer_host: ' News.Example.COM ', source: ' https://www.Example.org/Page ' });
    assert.deepEqual(filter.text, { utm_source: 'Bot-Campaign', referrer_host: 'news.example.com', source: 'https://www.Example.org/Page' });
    assert.equal(filter.params.utm_source, 'Bot-Campaign');
    assert.equal(filter.params.referrer_host, 'news.example.com');
    assert.equal(filter.params.source, 'https://www.Example.org/Page');
  });

  test('utm_source, the referrer\'s host and the source: 1000 characters are a filter, 1001 an error at that field', () => {
    for (const field of ['utm_source', 'referrer_host', 'source']) {
      assert.equal(accepted({ [field]: 'a'.repeat(1000) }).text[field as 'source'], 'a'.repeat(1000), field);
      assert.deepEqual(problems({ [field]: 'a'.repeat(1001) }), [{ field, message: 'Enter at most 1000 characters' }], field);
    }
  });

  test('a name pattern: 100 characters are a filter, 101 an error at the name', () => {
    assert.equal(accepted({ name: 'x'.repeat(100) }).text.name, 'x'.repeat(100));
    assert.deepEqual(problems({ name: 'x'.repeat(101) }), [{ field: 'name', message: 'Enter at most 100 characters' }]);
  });

  test('a name pattern is recorded as typed; * and ? are its only wildcards, % and _ are letters', () => {
    const glob = accepted({ name: ' Jo*Sm?th ' });
    assert.equal(glob.text.name, 'Jo*Sm?th');
    assert.equal(glob.params.name_like, 'jo%sm_th');
    assert.equal(accepted({ name: '50%_off' }).params.name_like, '%50\\%\\_off%');
    assert.equal(accepted({ name: '5*%' }).params.name_like, '5%\\%');
  });

  test('no condition at all, or only blank ones, is refused at the first field', () => {
    const none = [{ field: 'range', message: 'Fill in at least one filter' }];
    assert.deepEqual(problems({}), none);
    assert.deepEqual(problems({ range: ' ', domain: '', name: '\t' }), none);
  });
});
