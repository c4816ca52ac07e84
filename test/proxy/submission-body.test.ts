// What a submission's body may be: its size limit, and the honeypot field bots fill in.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Stack, keysDecided, signer } from './stack.js';

describe('the submission body', () => {
  let stack: Stack;
  let petition: number;
  before(async () => {
    stack = await new Stack().start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    petition = stack.petitionIds[0]!;
  });
  after(() => stack.close());

  test('a filled honeypot looks accepted but nothing is sent, and its content is not logged', async () => {
    stack.relay.reset();
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: { ...signer(stack), website: 'https://spam.example' },
    });
    assert.equal(answer.status, 202);
    assert.equal((answer.json() as { result: string }).result, 'success');
    assert.equal(stack.relay.count(`POST /v1/petitions/${petition}/signatures`), 0);
    assert.ok(stack.logs.some((line) => line.startsWith('honeypot:')));
    assert.ok(!stack.logs.some((line) => line.includes('spam.example')));
  });

  test('an empty honeypot ("" or null) is not a trap: those signatures reach the service', async () => {
    stack.relay.reset();
    const logged = stack.logs.length;
    for (const website of ['', null]) {
      const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: { ...signer(stack), website } });
      assert.equal(answer.status, 202);
      assert.deepEqual(answer.json(), { result: 'success' });
    }
    assert.equal(stack.relay.count(`POST /v1/petitions/${petition}/signatures`), 2);
    assert.ok(!stack.logs.slice(logged).some((line) => line.startsWith('honeypot:')));
  });

  test('bodies over 16 KiB: 413', async () => {
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: { ...signer(stack), reason: 'x'.repeat(17 * 1024) },
    });
    assert.equal(answer.status, 413);
    assert.equal((answer.json() as { result: string }).result, 'failure');
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});
