// The proof of work that guards signatures, against a real service and proxy on loopback: the
// challenge's shape, a solution good for one signature (also after a restart), bound to its
// petition, expiring at its second, forgeries and tampering refused with the spec's failure
// body, each petition's difficulty honoured, and a proof checked before the outbox takes a
// signature while the service is down.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Sqlite } from '../../../src/sqlite.js';
import { CHALLENGE_LIFETIME_SECONDS, PROOF_JSON_MAX_BYTES, SALT_MAX_LENGTH } from '../../../src/proxy/proof/proof-of-work.js';
import { PROOF_OF_WORK_MAX } from '../../../src/proxy/config/config.js';
import { QUEUED_MESSAGE } from '../../../src/proxy/outbox/submissions.js';
import type { Proof } from '../../../src/shared/proof.js';
import { Stack, eventually, keysDecided, received, signer } from '../stack.js';
import { challengeFor, proofFor, solve } from './solve.js';

const DIFFICULTY = { first: 2000, second: 500 };

test('the body limit\'s room for a proof holds the longest one, every character written \\uXXXX', () => {
  const escaped = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  const longest = { algorithm: 'SHA-256', challenge: 'f'.repeat(64), number: PROOF_OF_WORK_MAX, salt: 's'.repeat(SALT_MAX_LENGTH), signature: 'f'.repeat(64) };
  const json = `"${escaped('proof')}":{${Object.entries(longest).map(([key, value]) => `"${escaped(key)}":${typeof value === 'number' ? value : `"${escaped(value)}"`}`).join(',')}},`;
  assert.ok(Buffer.byteLength(json) <= PROOF_JSON_MAX_BYTES, `${Buffer.byteLength(json)} > ${PROOF_JSON_MAX_BYTES}`);
});

describe('the proof of work at the proxy', () => {
  let stack: Stack;
  let clock = Date.now();
  let first: number;
  let second: number;
  let off: number;
  before(async () => {
    stack = new Stack({
      petitionCount: 3,
      petitionConfig: (id) => ({ proofOfWork: [DIFFICULTY.first, DIFFICULTY.second, 0][id - 1] }),
      proxy: { now: () => clock },
      // This file fetches more challenges than a network may in a minute (challenge-limit.test.ts).
      config: { rateLimit: { signaturesPerIpPerMinute: 1000, challengesPerIpPerMinute: 1000 } },
    });
    await stack.start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    [first, second, off] = stack.petitionIds as [number, number, number];
  });
  after(() => stack.close());

  const sign = (petitionId: number, proof: unknown, fields = signer(stack)) =>
    stack.call('POST', `/api/petitions/${petitionId}/signatures`, { json: proof === undefined ? fields : { ...fields, proof } });
  const refusedWith = async (answer: Awaited<ReturnType<typeof sign>>, code: string, message: RegExp) => {
    assert.equal(answer.status, 400, answer.body);
    const body = answer.json() as { result: string; messages: string[]; problems: unknown[] };
    assert.equal(body.result, 'failure');
    assert.equal(body.messages.length, 1);
    assert.match(body.messages[0]!, message);
    assert.deepEqual(body.problems, [{ field: 'proof', code }]);
  };
  const delivered = () => stack.relay.count(`POST /v1/petitions/${first}/signatures`);

  test('a challenge: altcha v1, signed, its difficulty the petition\'s and bound into it, bound to the petition, expiring in 30 minutes, never cached', async () => {
    clock = Date.UTC(2026, 10, 24, 9, 0, 0, 400);
    const answer = await stack.call('GET', `/api/petitions/${first}/challenge`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['cache-control'], 'no-store');
    const challenge = answer.json() as Record<string, unknown>;
    assert.deepEqual(Object.keys(challenge).sort(), ['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    assert.equal(challenge.algorithm, 'SHA-256');
    assert.equal(challenge.maxnumber, DIFFICULTY.first);
    assert.match(String(challenge.challenge), /^[0-9a-f]{64}$/);
    assert.match(String(challenge.signature), /^[0-9a-f]{64}$/);
    const expires = Math.floor(clock / 1000) + CHALLENGE_LIFETIME_SECONDS;
    assert.match(String(challenge.salt), new RegExp(`^[0-9a-f]{24}\\?petition=${first}&maxnumber=${DIFFICULTY.first}&issuer=[0-9a-f]{12}&expires=${expires}&$`));
    assert.equal(((await challengeFor(stack, second)) as { maxnumber: number }).maxnumber, DIFFICULTY.second);
    assert.equal((await stack.call('GET', '/api/petitions/999/challenge')).status, 404);
  });

  test('a solved challenge lets one signature through', async () => {
    clock = Date.now();
    const before = delivered();
    const answer = await sign(first, await proofFor(stack, first));
    assert.equal(answer.status, 202, answer.body);
    assert.equal(delivered(), before + 1);
  });

  test('no proof: 400 saying where to get one; nothing reaches the service', async () => {
    const before = delivered();
    await refusedWith(await sign(first, undefined), 'missing', new RegExp(`^proof: required: solve a challenge from GET /api/petitions/${first}/challenge`));
    await refusedWith(await sign(first, null), 'missing', /^proof: required/);
    for (const malformed of ['a string', 42, [], {}, { ...(await proofFor(stack, first)), extra: 1 }, { ...(await proofFor(stack, first)), algorithm: 'SHA-1' }, { ...(await proofFor(stack, first)), number: -1 }]) {
      await refusedWith(await sign(first, malformed), 'malformed', /^proof: must be an object/);
    }
    assert.equal(delivered(), before);
  });

  test('forged and tampered proofs are refused: signature, challenge, salt (expiry, petition), number', async () => {
    const proof = await proofFor(stack, first);
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    const later = proof.salt.replace(/expires=(\d+)/, (_, s: string) => `expires=${Number(s) + 3600}`);
    const tampered: Proof[] = [
      { ...proof, signature: flip(proof.signature) },
      { ...proof, challenge: flip(proof.challenge) },
      { ...proof, salt: later },
      { ...proof, salt: proof.salt.replace(`petition=${first}`, `petition=${second}`) },
      { ...proof, number: proof.number + 1 },
    ];
    for (const forged of tampered) await refusedWith(await sign(first, forged), 'forged', /^proof: does not solve a challenge issued by this proxy$/);
    // A challenge signed with another key (another proxy's, or before the secret changed).
    const { createChallenge } = await import('altcha-lib/v1');
    const foreign = await createChallenge({ hmacKey: stack.credentials.secret, maxNumber: 50, params: { petition: String(first) }, expires: new Date(clock + 60_000) });
    await refusedWith(await sign(first, await solve({ ...foreign, algorithm: 'SHA-256', maxnumber: 50 })), 'forged', /^proof: does not solve/);
    // Untouched, the same proof still works: nothing above spent it.
    assert.equal((await sign(first, proof)).status, 202);
  });

  test('a solution is good for one signature: replayed, also after a restart, it is refused', async () => {
    const proof = await proofFor(stack, first);
    assert.equal((await sign(first, proof)).status, 202);
    await refusedWith(await sign(first, proof), 'used', /^proof: the challenge was already used for a signature: solve a new one$/);
    await stack.stopProxy();
    await stack.startProxy();
    await keysDecided(stack.proxy!);
    await refusedWith(await sign(first, proof), 'used', /already used/);
    assert.equal((await sign(first, await proofFor(stack, first))).status, 202, 'a fresh one still works after the restart');
  });

  test('two submissions racing with one proof: one signature', async () => {
    const proof = await proofFor(stack, first);
    const answers = await Promise.all([sign(first, proof), sign(first, proof), sign(first, proof)]);
    assert.deepEqual(answers.map((a) => a.status).sort(), [202, 400, 400]);
  });

  test('a proof for one petition is refused for another', async () => {
    await refusedWith(await sign(second, await proofFor(stack, first)), 'other_petition', /^proof: the challenge was issued for another petition$/);
    assert.equal((await sign(second, await proofFor(stack, second))).status, 202);
  });

  test('expiry at the second: valid until its last millisecond, refused from the expiry itself', async () => {
    clock = Date.UTC(2026, 10, 24, 10, 0, 0, 0);
    const lastMoment = await proofFor(stack, first);
    const atExpiry = await proofFor(stack, first);
    const expiresAt = (Math.floor(Date.UTC(2026, 10, 24, 10, 0, 0, 0) / 1000) + CHALLENGE_LIFETIME_SECONDS) * 1000;
    clock = expiresAt - 1;
    assert.equal((await sign(first, lastMoment)).status, 202);
    clock = expiresAt;
    await refusedWith(await sign(first, atExpiry), 'expired', /^proof: the challenge has expired: solve a new one$/);
    clock = expiresAt + 3_600_000;
    await refusedWith(await sign(first, atExpiry), 'expired', /expired/);
  });

  test('the replay memory forgets a challenge once it has expired, not before', async () => {
    clock = Date.UTC(2026, 10, 25, 9, 0, 0, 0);
    const proof = await proofFor(stack, first);
    assert.equal((await sign(first, proof)).status, 202);
    const expiresAt = (Math.floor(clock / 1000) + CHALLENGE_LIFETIME_SECONDS) * 1000;
    const db = new Sqlite(join(stack.config.dataDir, 'state.sqlite'), { readonly: true });
    const remembered = () => db.prepare('SELECT count(*) AS n FROM used_proofs WHERE challenge = ?').get(proof.challenge) as { n: number };
    try {
      clock = expiresAt - 1;
      assert.equal((await sign(first, await proofFor(stack, first))).status, 202);
      assert.equal(remembered().n, 1, 'kept until its expiry');
      clock = expiresAt;
      assert.equal((await sign(first, await proofFor(stack, first))).status, 202);
      assert.equal(remembered().n, 0, 'forgotten at its expiry');
      const stale = db.prepare('SELECT count(*) AS n FROM used_proofs WHERE expires_at <= ?').get(clock) as { n: number };
      assert.equal(stale.n, 0, 'nothing expired is kept');
    } finally {
      db.close();
    }
  });

  test('a petition with proofOfWork 0 takes signatures without a proof, and hands out trivial challenges', async () => {
    clock = Date.now();
    assert.equal((await sign(off, undefined)).status, 202);
    assert.equal((await challengeFor(stack, off)).maxnumber, 1);
    assert.equal((await sign(off, await proofFor(stack, off))).status, 202);
  });

  test('while the service is down, a proof is checked before the outbox takes the signature, and what is queued arrives', async () => {
    clock = Date.now();
    await stack.stopService();
    try {
      await refusedWith(await sign(first, undefined, signer(stack, { first_name: 'Unproven' })), 'missing', /required/);
      const answer = await sign(first, await proofFor(stack, first), signer(stack, { first_name: 'Proven', last_name: 'Queued' }));
      assert.equal(answer.status, 202);
      assert.deepEqual(received(answer.json()), { result: 'success', messages: [QUEUED_MESSAGE] });
    } finally {
      await stack.startService();
    }
    const names = await eventually(async () => {
      const page = (await stack.call('GET', `/api/petitions/${first}/signatures?page_size=100`)).json() as { signatures: Array<{ name: string }> };
      const listed = page.signatures.map((s) => s.name);
      return listed.includes('Proven Queued') ? listed : undefined;
    }, 10_000, 'the queued signature to be listed');
    assert.ok(names && !names.some((name) => name.startsWith('Unproven')));
  });

  test('nothing secret or personal in any answer or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});
