// The pieces a cache in front of the proxy relies on, each against its rule: the ETag names the
// answer's bytes and its stale mark (entity-tag.ts), If-None-Match is weighed as RFC 9110 §13.1.2
// says (if-none-match.ts), and Cache-Control follows the proxy's own periods (read-sharing.ts,
// read-answer.ts), down to the cases where nothing may be kept.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { ifNoneMatchHolds } from '../../../src/proxy/http/if-none-match.js';
import { readAnswerHeaders } from '../../../src/proxy/http/read-answer.js';
import { entityTagOf } from '../../../src/proxy/reads/entity-tag.js';
import { readSharingOf } from '../../../src/proxy/reads/read-sharing.js';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

test('the ETag is the first 128 bits of the SHA-256 of the body, quoted; the stale mark changes it', async () => {
  const body = '[{"name":"Ada L.","signed_on":"2026-11-26T10:00:00Z"}]';
  assert.equal(await entityTagOf(body, false), `"${sha256Hex(body).slice(0, 32)}"`);
  assert.equal(await entityTagOf(body, true), `"${sha256Hex(`stale\n${body}`).slice(0, 32)}"`);
  assert.notEqual(await entityTagOf(body, true), await entityTagOf(body, false));
  assert.notEqual(await entityTagOf(`${body} `, false), await entityTagOf(body, false), 'one byte more, another tag');
});

test('If-None-Match: a listed tag, weak or strong, in any place of a list, or *, holds; anything else does not', () => {
  const etag = '"a1b2"';
  const holds: Array<string> = ['"a1b2"', 'W/"a1b2"', '"zz", "a1b2"', '"zz",W/"a1b2"', ' "zz" ,  "a1b2" ', '*', ' * '];
  for (const field of holds) assert.equal(ifNoneMatchHolds(field, etag), true, field);
  const fails: Array<string | undefined> = [undefined, '', '"a1b2x"', 'a1b2', '"A1B2"', 'W/"zz"', '"zz"', '"a1b2', 'w/"a1b2"', '"zz" "a1b2"', '*, "a1b2"'];
  for (const field of fails) assert.equal(ifNoneMatchHolds(field, etag), false, String(field));
  // A comma is a legal character inside an entity tag: it does not split the list there.
  assert.equal(ifNoneMatchHolds('"x,y"', '"x,y"'), true);
  assert.equal(ifNoneMatchHolds('"x,y"', '"y"'), false);
});

test('a fresh answer may be kept by shared caches for cacheSeconds, a stale one at most 5 s; the browser always asks', () => {
  const sharing = readSharingOf({ cacheSeconds: 30, staleForSeconds: 86_400 });
  const fresh = { body: '[]', stale: false, etag: '"f"' };
  assert.deepEqual(readAnswerHeaders(fresh, sharing), {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'public, max-age=0, s-maxage=30, stale-if-error=86400',
    'CDN-Cache-Control': 'public, max-age=30, stale-while-revalidate=30, stale-if-error=86400',
    ETag: '"f"',
  });
  const stale = { body: '[]', stale: true, etag: '"s"' };
  assert.deepEqual(readAnswerHeaders(stale, sharing), {
    'Content-Type': 'application/json; charset=utf-8',
    'X-Petition-Stale': '1',
    'Cache-Control': 'public, max-age=0, s-maxage=5, stale-if-error=86400',
    'CDN-Cache-Control': 'public, max-age=5, stale-while-revalidate=5, stale-if-error=86400',
    ETag: '"s"',
  });
});

test('periods in whole seconds, rounded down; 0 s keeps nothing anywhere, and no stale-if-error without staleForSeconds', () => {
  const answer = { body: '[]', stale: false, etag: '"f"' };
  const cacheControl = (cacheSeconds: number, staleForSeconds: number) => readAnswerHeaders(answer, readSharingOf({ cacheSeconds, staleForSeconds }));
  assert.equal(cacheControl(5, 86_400)['Cache-Control'], 'public, max-age=0, s-maxage=5, stale-if-error=86400');
  assert.equal(cacheControl(1.9, 60)['Cache-Control'], 'public, max-age=0, s-maxage=1, stale-if-error=60');
  assert.equal(cacheControl(5, 0)['Cache-Control'], 'public, max-age=0, s-maxage=5');
  assert.equal(cacheControl(5, 0)['CDN-Cache-Control'], 'public, max-age=5, stale-while-revalidate=5');
  for (const cacheSeconds of [0, 0.9]) {
    const headers = cacheControl(cacheSeconds, 86_400);
    assert.equal(headers['Cache-Control'], 'no-cache', `cacheSeconds ${cacheSeconds}`);
    assert.equal(headers['CDN-Cache-Control'], undefined);
    assert.equal(headers['ETag'], '"f"', 'still a tag: asking each time costs a 304');
  }
  const staleAt = (cacheSeconds: number) => readAnswerHeaders({ ...answer, stale: true }, readSharingOf({ cacheSeconds, staleForSeconds: 60 }))['Cache-Control'];
  assert.equal(staleAt(3), 'public, max-age=0, s-maxage=3, stale-if-error=60', 'a stale answer no longer than a fresh one');
  assert.equal(staleAt(6), 'public, max-age=0, s-maxage=5, stale-if-error=60');
});
