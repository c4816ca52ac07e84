import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { rsigDigest } from '../../src/shared/rsig-digest.js';
import { computeRsig } from '../../src/shared/signing.js';

const vectors = JSON.parse(readFileSync(new URL('../fixtures/signing-vectors.json', import.meta.url), 'utf8')) as {
  rsig: { request_string: string; secret: string; auth_key: string; rsig: string }[];
};

test("the servers' synchronous rsig digest equals the shared computeRsig and the spec vectors", async () => {
  assert.ok(vectors.rsig.length > 0);
  for (const vector of vectors.rsig) {
    assert.equal(rsigDigest(vector.request_string, vector.secret, vector.auth_key), vector.rsig);
  }
  for (const text of ['', 'a=1&b=%C3%A9', 'ünïcødé=✓']) {
    assert.equal(rsigDigest(text, 'secret', 'key'), await computeRsig(text, 'secret', 'key'));
  }
});
