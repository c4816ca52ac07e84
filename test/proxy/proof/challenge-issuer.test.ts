// GET /challenge's rule in this process (proof/challenge-issuer.ts): so many challenges per client
// network a minute, the next refused with 429, the spec's message and when to ask again, and the
// limit said once in the log; another network has its own allowance. Quick: no servers
// (challenge-limit.test.ts runs it through the proxy).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LimitWatch } from '../../../src/proxy/metrics/limit-watch.js';
import { ChallengeIssuer } from '../../../src/proxy/proof/challenge-issuer.js';
import { ProofOfWork } from '../../../src/proxy/proof/proof-of-work.js';
import { usedProofsInSqlite } from '../../../src/proxy/proof/used-proof-sqlite.js';
import { ClientLimit } from '../../../src/proxy/visitors/client-limit.js';
import { memoryRateCounters } from '../../../src/proxy/visitors/rate-counters.js';
import { Sqlite } from '../../../src/sqlite.js';
import { refusal } from '../errors/refusal.js';

function issuer(withWatch: boolean) {
  const logs: string[] = [];
  const start = Date.UTC(2026, 10, 24, 9, 0, 0, 0);
  const proofs = new ProofOfWork({ secret: 's', difficultyOf: () => 50, used: usedProofsInSqlite(new Sqlite(':memory:')), now: () => start + 15_000 });
  const rateLimit = new ClientLimit({ counters: memoryRateCounters(), name: 'challenges', perWindow: 2, ipv6Prefix: 64, now: () => start + 15_000 });
  return { logs, issuer: new ChallengeIssuer({ proofs, rateLimit, ...(withWatch ? { limits: new LimitWatch((line) => logs.push(line)) } : {}) }) };
}

for (const withWatch of [true, false]) {
  test(`2 a minute: the 2nd given, the 3rd refused with 429, Retry-After and the message; another network has its own${withWatch ? ', the limit logged once' : ', with no watch'}`, async () => {
    const { logs, issuer: challenges } = issuer(withWatch);
    assert.equal((await challenges.issue(3, '203.0.113.7')).maxnumber, 50);
    assert.match((await challenges.issue(3, '203.0.113.7')).salt, /[?&]petition=3&/);
    for (let i = 0; i < 2; i++) {
      const refused = await refusal(challenges.issue(3, '203.0.113.7'));
      assert.equal(refused.status, 429);
      assert.deepEqual(refused.messages, ['Too many proof-of-work challenges from your network in the last minute. Try again in a minute.']);
      assert.deepEqual(refused.details, { retryAfter: 60 });
    }
    assert.equal((await challenges.issue(3, '203.0.113.8')).maxnumber, 50);
    assert.deepEqual(logs, withWatch ? ['limit reached: challenges_per_network (rateLimit.challengesPerIpPerMinute); further refusals are counted, not logged, until a quiet minute'] : []);
  });
}
