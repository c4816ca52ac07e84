// The proof of work's rules, in this process (proof/proof-of-work.ts), over a real state database
// in memory and a clock of the test's: the challenge's exact shape, each field of a proof at its
// limit and one past it, expiry at its millisecond, the difficulty bound into a challenge, one
// signature per solution, the HMAC key derived from the secret and the proofs of other issuers.
// Quick (no servers), so a mutation run meets it first; proof-of-work.test.ts runs the same rules
// through the proxy's routes.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { createChallenge } from 'altcha-lib/v1';
import { ProofOfWork, PROOF_JSON_MAX_BYTES, proofRefusalMessage } from '../../../src/proxy/proof/proof-of-work.js';
import { proofsFromOtherIssuers, usedProofsInSqlite } from '../../../src/proxy/proof/used-proof-sqlite.js';
import { Sqlite } from '../../../src/sqlite.js';
import type { Proof } from '../../../src/shared/proof.js';
import { refusal } from '../errors/refusal.js';
import { solve } from './solve.js';

// A secret whose derived key has bytes below 0x10, so a key written without its leading zeros differs.
const SECRET = 'proof-rules-secret';
const PURPOSE = 'petition-embed proof of work challenges';
const KEY = createHmac('sha256', SECRET).update(PURPOSE).digest('hex');
const PETITION = 7;

interface Setup {
  difficulty?: number;
  clock?: { now: number };
  secret?: string;
  withClock?: boolean;
  withLog?: boolean;
}

function setup({ difficulty = 20, clock = { now: Date.UTC(2026, 10, 24, 9, 0, 0, 400) }, secret = SECRET, withClock = true, withLog = true }: Setup = {}) {
  const db = new Sqlite(':memory:');
  const logs: string[] = [];
  const settings = { difficulty };
  const proofs = new ProofOfWork({
    secret,
    difficultyOf: (id) => (id === PETITION ? settings.difficulty : 5),
    used: usedProofsInSqlite(db),
    ...(withLog ? { log: (line: string) => logs.push(line) } : {}),
    ...(withClock ? { now: () => clock.now } : {}),
  });
  return { db, logs, settings, proofs, clock, issuer: () => usedProofsInSqlite(db).issuer() };
}

async function refusedAs(promise: Promise<void>, code: string): Promise<void> {
  const answer = await refusal(promise);
  assert.equal(answer.status, 400);
  assert.deepEqual(answer.details.problems, [{ field: 'proof', code }]);
  assert.deepEqual(answer.messages, [proofRefusalMessage(PETITION, code as never)]);
}

test('each refusal\'s message, word for word', () => {
  assert.deepEqual(
    (['missing', 'malformed', 'forged', 'expired', 'other_petition', 'too_easy', 'used'] as const).map((code) => proofRefusalMessage(12, code)),
    [
      'proof: required: solve a challenge from GET /api/petitions/12/challenge and send its solution',
      'proof: must be an object with the challenge\'s algorithm, challenge, salt and signature and the number found',
      'proof: does not solve a challenge issued by this proxy',
      'proof: the challenge has expired: solve a new one',
      'proof: the challenge was issued for another petition',
      'proof: the petition now asks for a harder proof of work than this challenge\'s: solve a new one',
      'proof: the challenge was already used for a signature: solve a new one',
    ],
  );
});

test('the body limit\'s room for a proof: 6 bytes per character of the longest proof\'s JSON (75 of framing, 7 + 64 + 128 + 64 of values) and the 8 digits of the largest number', () => {
  assert.equal(PROOF_JSON_MAX_BYTES, 6 * (75 + 7 + 64 + 128 + 64) + 8);
});

describe('a challenge', () => {
  test('altcha v1 over SHA-256, its difficulty the petition\'s, bound with the petition and the issuer, expiring 30 minutes on', async () => {
    const { proofs, issuer } = setup({ difficulty: 2000 });
    const challenge = await proofs.challenge(PETITION);
    assert.deepEqual(Object.keys(challenge).sort(), ['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    assert.equal(challenge.algorithm, 'SHA-256');
    assert.equal(challenge.maxnumber, 2000);
    const expires = Math.floor(Date.UTC(2026, 10, 24, 9, 0, 0, 400) / 1000) + 1800;
    assert.match(challenge.salt, new RegExp(`^[0-9a-f]{24}\\?petition=7&maxnumber=2000&issuer=${await issuer()}&expires=${expires}&$`));
    // Signed with the key derived from the secret: HMAC-SHA-256 of the challenge, in hex.
    assert.equal(challenge.signature, createHmac('sha256', KEY).update(challenge.challenge).digest('hex'));
  });

  test('with the proof turned off (0), a trivial one of 1; at 1, 1', async () => {
    const off = setup({ difficulty: 0 });
    assert.equal((await off.proofs.challenge(PETITION)).maxnumber, 1);
    assert.match((await off.proofs.challenge(PETITION)).salt, /[?&]maxnumber=1&/);
    assert.equal((await setup({ difficulty: 1 }).proofs.challenge(PETITION)).maxnumber, 1);
  });

  test('without a clock of its own, the system\'s', async () => {
    const { proofs } = setup({ withClock: false });
    const before = Math.floor(Date.now() / 1000) + 1800;
    const expires = Number(/[?&]expires=(\d+)&/.exec((await proofs.challenge(PETITION)).salt)?.[1]);
    assert.ok(expires >= before && expires <= Math.floor(Date.now() / 1000) + 1800, `${expires}`);
    await proofs.accept(PETITION, await solve(await proofs.challenge(PETITION)));
  });
});

describe('accepting a proof', () => {
  test('a solved challenge is accepted once, then refused as used', async () => {
    const { proofs } = setup();
    const proof = await solve(await proofs.challenge(PETITION));
    await proofs.accept(PETITION, proof);
    await refusedAs(proofs.accept(PETITION, proof), 'used');
  });

  test('with the proof turned off, anything or nothing passes; at 1, nothing is missing', async () => {
    const { proofs, settings } = setup({ difficulty: 0 });
    await proofs.accept(PETITION, undefined);
    await proofs.accept(PETITION, 'garbage');
    settings.difficulty = 1;
    await refusedAs(proofs.accept(PETITION, undefined), 'missing');
    await refusedAs(proofs.accept(PETITION, null), 'missing');
  });

  test('each field at its limit passes the shape (then is forged), one past it is malformed', async () => {
    const { proofs } = setup();
    const valid = await solve(await proofs.challenge(PETITION));
    const hex = '09af'.repeat(16);
    const forged: Proof[] = [
      { ...valid, challenge: hex },
      { ...valid, signature: hex },
      { ...valid, number: 0 },
      { ...valid, number: 10_000_000 },
      { ...valid, salt: 's'.repeat(128) },
      { ...valid, salt: '!' },
      { ...valid, salt: '~' },
      { ...valid, salt: `!${valid.salt}~` },
    ];
    for (const proof of forged) await refusedAs(proofs.accept(PETITION, proof), 'forged');
    const malformed: unknown[] = [
      'a string',
      42,
      [],
      {},
      { ...valid, extra: 1 },
      { ...valid, algorithm: 'SHA-1' },
      { ...valid, challenge: hex.slice(1) },
      { ...valid, challenge: `${hex}0` },
      { ...valid, challenge: `0${hex}` },
      { ...valid, challenge: hex.toUpperCase() },
      { ...valid, challenge: `g${hex.slice(1)}` },
      { ...valid, signature: hex.slice(1) },
      { ...valid, signature: `${hex}0` },
      { ...valid, signature: `0${hex}` },
      { ...valid, signature: `${hex.slice(1)}G` },
      { ...valid, number: -1 },
      { ...valid, number: 1.5 },
      { ...valid, number: 10_000_001 },
      { ...valid, number: '1' },
      { ...valid, salt: 's'.repeat(129) },
      { ...valid, salt: '' },
      { ...valid, salt: ` ${valid.salt}` },
      { ...valid, salt: `${valid.salt} ` },
      { ...valid, salt: `${valid.salt}\x7f` },
      { ...valid, salt: `\x7f${valid.salt}` },
      { ...valid, salt: 'é' },
    ];
    for (const proof of malformed) await refusedAs(proofs.accept(PETITION, proof), 'malformed');
    // None of that spent the proof.
    await proofs.accept(PETITION, valid);
  });

  test('a challenge signed with the secret itself, not the key derived from it, is forged', async () => {
    const { proofs, issuer } = setup({ difficulty: 20 });
    const params = { petition: String(PETITION), maxnumber: '20', issuer: await issuer() };
    const expires = new Date(Date.UTC(2026, 10, 24, 9, 10));
    const raw = await createChallenge({ hmacKey: SECRET, maxNumber: 20, params, expires });
    await refusedAs(proofs.accept(PETITION, await solve({ ...raw, algorithm: 'SHA-256', maxnumber: 20 })), 'forged');
    const derived = await createChallenge({ hmacKey: KEY, maxNumber: 20, params, expires });
    await proofs.accept(PETITION, await solve({ ...derived, algorithm: 'SHA-256', maxnumber: 20 }));
  });

  test('expiry is the proxy\'s clock\'s, to the millisecond: accepted at its last one, refused from the expiry on (also with the system clock years later)', async () => {
    const clock = { now: Date.UTC(2020, 0, 1, 12, 0, 0, 0) };
    const { proofs } = setup({ clock });
    const lastMoment = await solve(await proofs.challenge(PETITION));
    const atExpiry = await solve(await proofs.challenge(PETITION));
    const expiresAt = Date.UTC(2020, 0, 1, 12, 30, 0, 0);
    clock.now = expiresAt - 1;
    await proofs.accept(PETITION, lastMoment);
    clock.now = expiresAt;
    await refusedAs(proofs.accept(PETITION, atExpiry), 'expired');
    clock.now = expiresAt + 1;
    await refusedAs(proofs.accept(PETITION, atExpiry), 'expired');
  });

  test('a challenge of another petition is refused for this one, also one whose id only starts like it', async () => {
    const { proofs } = setup();
    await refusedAs(proofs.accept(PETITION, await solve(await proofs.challenge(77))), 'other_petition');
    await refusedAs(proofs.accept(PETITION, await solve(await proofs.challenge(8))), 'other_petition');
  });

  test('the difficulty bound into a challenge against the petition\'s now: raised by one, too easy; equal or lowered, accepted', async () => {
    const { proofs, settings } = setup({ difficulty: 20 });
    const [raised, equal, lowered] = [await solve(await proofs.challenge(PETITION)), await solve(await proofs.challenge(PETITION)), await solve(await proofs.challenge(PETITION))];
    settings.difficulty = 21;
    await refusedAs(proofs.accept(PETITION, raised), 'too_easy');
    settings.difficulty = 20;
    await proofs.accept(PETITION, equal);
    settings.difficulty = 19;
    await proofs.accept(PETITION, lowered);
    // Refused as too easy before it was spent: at the old difficulty, it still counts.
    settings.difficulty = 20;
    await proofs.accept(PETITION, raised);
  });

  test('a challenge without a bound difficulty is too easy', async () => {
    const { proofs, issuer } = setup({ difficulty: 20 });
    const unbound = await createChallenge({ hmacKey: KEY, maxNumber: 20, params: { petition: String(PETITION), issuer: await issuer() }, expires: new Date(Date.UTC(2026, 10, 24, 9, 10)) });
    await refusedAs(proofs.accept(PETITION, await solve({ ...unbound, algorithm: 'SHA-256', maxnumber: 20 })), 'too_easy');
  });
});

describe('proofs another proxy with the secret issued', () => {
  const logLine = (issuer: string) =>
    `proof of work: a proof issued by another proxy with this secret (issuer ${issuer}) was spent here: ` +
    'each proxy keeps its own spent proofs, so a solution can buy a signature at each; run one Node proxy per secret (README.md "One proxy per secret")';

  test('are accepted, counted and logged once per issuer; this proxy\'s own and those without an issuer are not counted', async () => {
    const here = setup();
    const first = setup();
    const second = setup();
    const [firstId, secondId] = [await first.issuer(), await second.issuer()];
    assert.notEqual(firstId, secondId);
    await here.proofs.accept(PETITION, await solve(await here.proofs.challenge(PETITION)));
    const noIssuer = await createChallenge({ hmacKey: KEY, maxNumber: 20, params: { petition: String(PETITION), maxnumber: '20' }, expires: new Date(Date.UTC(2026, 10, 24, 9, 10)) });
    await here.proofs.accept(PETITION, await solve({ ...noIssuer, algorithm: 'SHA-256', maxnumber: 20 }));
    assert.deepEqual(proofsFromOtherIssuers(here.db), []);
    assert.deepEqual(here.logs, []);

    here.clock.now += 1000;
    await here.proofs.accept(PETITION, await solve(await first.proofs.challenge(PETITION)));
    here.clock.now += 1000;
    await here.proofs.accept(PETITION, await solve(await first.proofs.challenge(PETITION)));
    assert.deepEqual(here.logs, [logLine(firstId)]);
    here.clock.now += 1000;
    await here.proofs.accept(PETITION, await solve(await second.proofs.challenge(PETITION)));
    assert.deepEqual(here.logs, [logLine(firstId), logLine(secondId)]);
    const start = Date.UTC(2026, 10, 24, 9, 0, 0, 400);
    assert.deepEqual(proofsFromOtherIssuers(here.db), [
      { issuer: secondId, spent: 1, firstSpentAt: start + 3000, lastSpentAt: start + 3000 },
      { issuer: firstId, spent: 2, firstSpentAt: start + 1000, lastSpentAt: start + 2000 },
    ]);
  });

  test('without a log, still accepted and counted', async () => {
    const here = setup({ withLog: false });
    const other = setup();
    await here.proofs.accept(PETITION, await solve(await other.proofs.challenge(PETITION)));
    assert.equal(proofsFromOtherIssuers(here.db).length, 1);
  });
});
