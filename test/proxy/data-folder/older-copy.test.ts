// Restoring an older copy of the proxy's data folder (README "Backups" -> "The proxy's data
// folder"), with a real service and proxy: the copy is taken with the proxy stopped while two
// signatures wait in its outbox; the proxy then delivers them and takes another; the old copy is
// put back. Nothing is lost, nothing counts twice: the restored outbox sends its two again and the
// service refuses them as duplicates (409, one row per address). The keys in the copy still sign.
// A proof spent after the copy is forgotten by it: it is good once more until its challenge
// expires (30 minutes after it was issued), and refused from then on; one spent before the copy
// stays spent.
import assert from 'node:assert/strict';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { QUEUED_MESSAGE } from '../../../src/proxy/outbox/submissions.js';
import type { Proof } from '../../../src/shared/proof.js';
import { proofFor } from '../proof/solve.js';
import { Stack, eventually, keysDecided, received, signer } from '../stack.js';

/** The proxy's clock runs with real time, moved on by this much (the challenges' expiry). */
let ahead = 0;

describe('an older copy of the proxy\'s data folder put back', () => {
  let stack: Stack;
  let petition: number;
  let copy: string;
  const emails: Record<'sentBefore' | 'queued1' | 'queued2' | 'afterCopy', string> = { sentBefore: '', queued1: '', queued2: '', afterCopy: '' };
  let spentBeforeCopy: Proof;
  let spentAfterCopy: Proof;

  before(async () => {
    stack = new Stack({
      petitionConfig: () => ({ proofOfWork: 500 }),
      proxy: { now: () => Date.now() + ahead },
      config: { rateLimit: { signaturesPerIpPerMinute: 1000 } },
    });
    await stack.start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    petition = stack.petitionIds[0]!;
    copy = join(stack.dir, 'proxy-data-copy');
  });
  after(() => stack.close());

  const sign = async (fields: Record<string, unknown>, proof: Proof) => stack.call('POST', `/api/petitions/${petition}/signatures`, { json: { ...fields, proof } });
  const rowsOf = (email: string) => stack.serviceEmails(petition).filter((held) => held === email).length;
  const refusedDuplicates = () => stack.logs.filter((line) => /refused by the service \(409\) and removed/.test(line)).length;

  test('the copy is taken with the proxy stopped and two signatures waiting in its outbox', async () => {
    const first = signer(stack);
    emails.sentBefore = first.email;
    spentBeforeCopy = await proofFor(stack, petition);
    assert.equal((await sign(first, spentBeforeCopy)).status, 202);
    await stack.stopService();
    for (const key of ['queued1', 'queued2'] as const) {
      const fields = signer(stack);
      emails[key] = fields.email;
      const answer = await sign(fields, await proofFor(stack, petition));
      assert.equal(answer.status, 202);
      assert.deepEqual(received(answer.json()), { result: 'success', messages: [QUEUED_MESSAGE] });
    }
    await stack.stopProxy();
    cpSync(stack.config.dataDir, copy, { recursive: true });
  });

  test('after the copy, the outbox is delivered and another signature goes straight through', async () => {
    await stack.startService();
    await stack.startProxy();
    await keysDecided(stack.proxy!);
    await eventually(() => rowsOf(emails.queued1) === 1 && rowsOf(emails.queued2) === 1, 10_000, 'the queued signatures delivered');
    const fields = signer(stack);
    emails.afterCopy = fields.email;
    spentAfterCopy = await proofFor(stack, petition);
    const answer = await sign(fields, spentAfterCopy);
    assert.equal(answer.status, 202);
    assert.deepEqual(received(answer.json()), { result: 'success' });
  });

  test('put back, the restored outbox sends its two again: refused as duplicates, each signature held once', async () => {
    await stack.stopProxy();
    const duplicatesBefore = refusedDuplicates();
    rmSync(stack.config.dataDir, { recursive: true });
    cpSync(copy, stack.config.dataDir, { recursive: true });
    await stack.startProxy();
    await keysDecided(stack.proxy!);
    await eventually(() => refusedDuplicates() === duplicatesBefore + 2, 10_000, 'the restored outbox sent again');
    for (const email of Object.values(emails)) assert.equal(rowsOf(email), 1, 'one row per signer');
    assert.equal(stack.serviceEmails(petition).length, 4);
  });

  test('the keys in the copy still sign', async () => {
    const answer = await sign(signer(stack), await proofFor(stack, petition));
    assert.equal(answer.status, 202);
    assert.deepEqual(received(answer.json()), { result: 'success' });
  });

  test('a proof spent before the copy stays spent; one spent after it is good once more, until its challenge expires', async () => {
    const before = await sign(signer(stack), spentBeforeCopy);
    assert.equal(before.status, 400);
    assert.deepEqual((before.json() as { problems: unknown }).problems, [{ field: 'proof', code: 'used' }]);

    const replayed = await sign(signer(stack), spentAfterCopy);
    assert.equal(replayed.status, 202, 'the restored copy never saw it spent');
    const again = await sign(signer(stack), spentAfterCopy);
    assert.deepEqual((again.json() as { problems: unknown }).problems, [{ field: 'proof', code: 'used' }], 'then it is spent again');
  });

  test('after the 30 minutes of the challenge\'s life, a proof the copy forgot is refused as expired', async () => {
    await stack.stopProxy();
    rmSync(stack.config.dataDir, { recursive: true });
    cpSync(copy, stack.config.dataDir, { recursive: true });
    ahead = 30 * 60_000;
    await stack.startProxy();
    await keysDecided(stack.proxy!);
    const late = await sign(signer(stack), spentAfterCopy);
    assert.equal(late.status, 400);
    assert.deepEqual((late.json() as { problems: unknown }).problems, [{ field: 'proof', code: 'expired' }]);
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});
