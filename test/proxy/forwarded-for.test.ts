// Which address a submission is rate limited by. Behind a reverse proxy (trustForwardedFor), only
// the X-Forwarded-For entry that proxy appended, the last one, counts: whatever the client wrote
// into the header itself cannot move it to another bucket. Without the setting the header is ignored.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Stack, keysDecided, signer } from './stack.js';

/** Signs with the given X-Forwarded-For header (one value, or one header line per value). */
async function sign(stack: Stack, forwardedFor?: string | string[]): Promise<number> {
  const headers: Record<string, string | string[]> = forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor };
  const answer = await stack.call('POST', `/api/petitions/${stack.petitionIds[0]}/signatures`, { headers, json: signer(stack) });
  return answer.status;
}

describe('with rateLimit.trustForwardedFor', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack({ config: { rateLimit: { signaturesPerIpPerMinute: 1, trustForwardedFor: true } } }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('the last entry, the reverse proxy\'s, is the bucket; the client\'s own entries before it change nothing', async () => {
    // The reverse proxy saw 203.0.113.7 and appended it to whatever the client sent.
    assert.equal(await sign(stack, '203.0.113.7'), 202);
    assert.equal(await sign(stack, '1.2.3.4, 203.0.113.7'), 429);
    assert.equal(await sign(stack, '198.51.100.1,198.51.100.2 , 203.0.113.7'), 429);
    // A reverse proxy that adds its own header line instead of appending to the client's.
    assert.equal(await sign(stack, ['1.2.3.4', '203.0.113.7']), 429);
  });

  test('another client (another last entry) has its own allowance, and so has the connection\'s peer', async () => {
    assert.equal(await sign(stack, '1.2.3.4, 203.0.113.8'), 202);
    assert.equal(await sign(stack, '203.0.113.8'), 429);
    assert.equal(await sign(stack), 202);
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('without rateLimit.trustForwardedFor', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack({ config: { rateLimit: { signaturesPerIpPerMinute: 1 } } }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(() => stack.close());

  test('X-Forwarded-For is ignored: every submission from this peer shares its allowance', async () => {
    assert.equal(await sign(stack, '203.0.113.7'), 202);
    assert.equal(await sign(stack, '203.0.113.8'), 429);
    assert.equal(await sign(stack, '1.2.3.4, 203.0.113.9'), 429);
    assert.equal(await sign(stack), 429);
  });
});
