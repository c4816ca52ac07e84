// A closed petition is not a revoked key: the service refuses both with 403, and only a message
// naming `auth_key` is about the key. The relay answers in the service's place as a service with
// a closed petition does, over real HTTP, while everything else reaches the real service.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PETITION_CLOSED_MESSAGE, QUEUED_MESSAGE } from '../../../src/proxy/outbox/submissions.js';
import { Stack, eventually, keysDecided, signer, received } from '../stack.js';

const CLOSED = { status: 403, body: JSON.stringify({ result: 'failure', messages: ['petition is closed'] }) };

describe('a petition the service says is closed', () => {
  let stack: Stack;
  let petition: number;
  let submissions: string;
  before(async () => {
    stack = await new Stack().start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    petition = stack.petitionIds[0]!;
    submissions = `POST /v1/petitions/${petition}/signatures`;
  });
  after(() => stack.close());

  async function accepting(): Promise<boolean> {
    const summary = await stack.call('GET', `/api/petitions/${petition}`);
    return (summary.json() as { accepting_signatures: boolean }).accepting_signatures;
  }

  test('a signature is answered 403 "closed", and the key stays granted', async () => {
    stack.relay.answers.set(submissions, CLOSED);
    stack.relay.reset();
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      headers: { origin: 'https://www.example.org' },
      json: signer(stack),
    });
    assert.equal(answer.status, 403);
    assert.deepEqual(answer.json(), { result: 'failure', messages: [PETITION_CLOSED_MESSAGE] });
    assert.match(PETITION_CLOSED_MESSAGE, /petition is closed/);
    assert.doesNotMatch(answer.body, /through this website/);
    assert.equal(stack.relay.count(submissions), 1, 'the refusal came from the (relayed) service');
    assert.equal(stack.storedKeys()[0]?.status, 'granted');
    assert.ok(!stack.logs.some((line) => line.includes('revoked')), stack.logs.join('\n'));
    assert.equal(await accepting(), true);
  });

  test('once the service takes signatures again, they go straight through with the same key', async () => {
    stack.relay.answers.delete(submissions);
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack) });
    assert.equal(answer.status, 202);
    assert.deepEqual(received(answer.json()), { result: 'success' });
  });

  test('a queued signature refused that way is removed and logged, and the key stays granted', async () => {
    await stack.stopService();
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: signer(stack, { first_name: 'Queued', last_name: 'Closed' }),
    });
    assert.deepEqual(received(answer.json()), { result: 'success', messages: [QUEUED_MESSAGE] });
    await eventually(() => stack.logs.some((line) => /not delivered .*attempt 1,/.test(line)), 5000, 'a failed try');

    stack.relay.answers.set(submissions, CLOSED);
    const removed = await eventually(
      () => stack.logs.find((line) => /refused by the service \(403\) and removed/.test(line)),
      5000,
      'the queued signature to be refused',
    );
    assert.match(removed ?? '', /: petition is closed$/);
    assert.equal(stack.storedKeys()[0]?.status, 'granted');
    assert.ok(!stack.logs.some((line) => line.includes('revoked')), stack.logs.join('\n'));

    await stack.startService();
    stack.relay.answers.delete(submissions);
    assert.equal(await accepting(), true);
    const next = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: signer(stack) });
    assert.deepEqual(received(next.json()), { result: 'success' }, 'the outbox is empty: not queued behind anything');
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});
