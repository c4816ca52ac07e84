// A challenge's difficulty is part of what its signature covers, and the proxy compares it with
// the petition's difficulty when the solution comes back: raising `proofOfWork` applies to the
// challenges already out (the attack: 20 challenges fetched at 1 were all accepted after the
// petition went to 10,000,000). And a challenge is as hard as it says: its secret number is
// drawn from the whole range it advertises, not from a trivial corner of it.
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Challenge, Proof } from '../../../src/shared/proof.js';
import { Stack, keysDecided, signer } from '../stack.js';
import { challengeFor, solve } from './solve.js';

describe('raising a petition\'s proof of work applies to challenges already issued', () => {
  let stack: Stack;
  let petition: number;
  before(async () => {
    stack = new Stack({
      petitionConfig: () => ({ proofOfWork: 1 }),
      config: { rateLimit: { signaturesPerIpPerMinute: 1000, challengesPerIpPerMinute: 1000 } },
    });
    await stack.start();
    await keysDecided(stack.proxy!);
    petition = stack.petitionIds[0]!;
  });
  after(() => stack.close());

  /** The proxy restarted with the petition's `proofOfWork` at `difficulty`, as an operator raises it. */
  async function restartAt(difficulty: number): Promise<void> {
    await stack.stopProxy();
    stack.config = { ...stack.config, petitions: stack.config.petitions.map((p) => ({ ...p, proofOfWork: difficulty })) };
    await stack.startProxy();
    await keysDecided(stack.proxy!);
  }
  const sign = (proof: Proof) => stack.call('POST', `/api/petitions/${petition}/signatures`, { json: { ...signer(stack), proof } });
  const delivered = () => stack.relay.count(`POST /v1/petitions/${petition}/signatures`);
  const refusedAsTooEasy = (answer: Awaited<ReturnType<typeof sign>>) => {
    assert.equal(answer.status, 400, answer.body);
    assert.deepEqual(answer.json(), {
      result: 'failure',
      messages: ['proof: the petition now asks for a harder proof of work than this challenge\'s: solve a new one'],
      problems: [{ field: 'proof', code: 'too_easy' }],
    });
  };

  test('the attack: 20 challenges solved at difficulty 1, the petition raised to 10,000,000: all 20 refused, none reaches the service', async () => {
    await restartAt(1);
    const stockpile: Proof[] = [];
    for (let i = 0; i < 20; i++) stockpile.push(await solve(await challengeFor(stack, petition)));
    await restartAt(10_000_000);
    const before = delivered();
    for (const proof of stockpile) refusedAsTooEasy(await sign(proof));
    assert.equal(delivered(), before);
    // Refused before it was spent: at the old difficulty again, the same proof still works.
    await restartAt(1);
    assert.equal((await sign(stockpile[0]!)).status, 202);
  });

  test('at the boundary: raised by one, refused; unchanged, accepted; lowered, accepted', async () => {
    await restartAt(100);
    const [raised, equal, lowered] = [await solve(await challengeFor(stack, petition)), await solve(await challengeFor(stack, petition)), await solve(await challengeFor(stack, petition))];
    await restartAt(101);
    refusedAsTooEasy(await sign(raised!));
    const fresh = await challengeFor(stack, petition);
    assert.equal(fresh.maxnumber, 101);
    assert.equal((await sign(await solve(fresh))).status, 202, 'a challenge fetched after the raise');
    await restartAt(100);
    assert.equal((await sign(equal!)).status, 202, 'issued at exactly the difficulty asked now');
    await restartAt(99);
    assert.equal((await sign(lowered!)).status, 202, 'harder than asked now');
  });

  test('a challenge whose difficulty is not bound into it (issued before this rule) is refused as too easy; one whose bound difficulty was edited, as forged', async () => {
    await restartAt(100);
    // Signed with the proxy's own challenge key (HMAC of a fixed purpose with the secret), as this proxy's older versions did.
    const hmacKey = createHmac('sha256', stack.credentials.secret).update('petition-embed proof of work challenges').digest('hex');
    const { createChallenge } = await import('altcha-lib/v1');
    const unbound = await createChallenge({ hmacKey, maxNumber: 100, params: { petition: String(petition) }, expires: new Date(Date.now() + 60_000) });
    refusedAsTooEasy(await sign(await solve({ ...unbound, algorithm: 'SHA-256', maxnumber: 100 })));
    const bound = await createChallenge({ hmacKey, maxNumber: 100, params: { petition: String(petition), maxnumber: '100' }, expires: new Date(Date.now() + 60_000) });
    assert.equal((await sign(await solve({ ...bound, algorithm: 'SHA-256', maxnumber: 100 }))).status, 202, 'the same key and a bound difficulty: the test signs as the proxy does');
    const proof = await solve(await challengeFor(stack, petition));
    const edited = { ...proof, salt: proof.salt.replace('maxnumber=100&', 'maxnumber=10000000&') };
    assert.notEqual(edited.salt, proof.salt);
    const answer = await sign(edited);
    assert.equal(answer.status, 400);
    assert.deepEqual((answer.json() as { problems: unknown }).problems, [{ field: 'proof', code: 'forged' }]);
  });

  test('nothing secret or personal in any answer or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});

/** The secret number, found as a script would: every number from 0 to the advertised maxnumber. */
function secretNumber(challenge: Challenge): number {
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (createHash('sha256').update(`${challenge.salt}${n}`).digest('hex') === challenge.challenge) return n;
  }
  throw new Error(`no number up to the advertised ${challenge.maxnumber} solves the challenge`);
}

describe('a challenge is as hard as it advertises', () => {
  let stack: Stack;
  before(async () => {
    stack = new Stack({
      petitionConfig: () => ({ proofOfWork: 2000 }),
      config: { rateLimit: { signaturesPerIpPerMinute: 1000, challengesPerIpPerMinute: 1000 } },
    });
    await stack.start();
  });
  after(() => stack.close());

  test('64 challenges at 2000: each number within 1..2000, in every quarter of that range, and the bound difficulty the advertised one', async () => {
    const quarters = [0, 0, 0, 0];
    for (let i = 0; i < 64; i++) {
      const challenge = await challengeFor(stack, stack.petitionIds[0]!);
      assert.equal(challenge.maxnumber, 2000);
      assert.match(challenge.salt, /[?&]maxnumber=2000&/);
      const number = secretNumber(challenge);
      assert.ok(number >= 1 && number <= 2000, `${number}`);
      quarters[Math.min(3, Math.floor((number - 1) / 500))]!++;
    }
    // Uniform over 1..2000, a quarter stays empty once in about 25 million runs; a challenge drawn
    // from a corner of its range (always 1, or up to a tenth) leaves three of them empty.
    assert.ok(quarters.every((count) => count > 0), `numbers per quarter of 1..2000: ${quarters.join(', ')}`);
  });
});
