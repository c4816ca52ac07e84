// The console's sign-in limit across two instances on one PostgreSQL database: the attempts live
// in the database and are counted there in one statement, so an address that spreads its guesses
// over both instances (or sends them to both at once) still gets 10 checked, not 10 per instance.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FAILED_SIGN_INS_PER_ADDRESS } from '../../src/service/limits/sign-in-limit.js';
import { startService, type RunningService } from '../../src/service/index.js';
import { ConsoleClient } from '../service/console-client.js';
import { serviceOptions, setUp, useCluster, type Setup } from './fixture.js';

useCluster();

const EMAIL = 'shared.operator@example.org';
const PASSWORD = 'correct horse battery staple';

async function signIn(baseUrl: string, localAddress: string, email: string, password: string): Promise<number> {
  return (await new ConsoleClient(new URL(baseUrl).origin, localAddress).signIn(email, password)).status;
}

describe('two instances share the sign-in limit', () => {
  let s: Setup;
  let a: RunningService;
  let b: RunningService;
  before(async () => {
    s = await setUp();
    await s.admin.createOperator(EMAIL, PASSWORD);
    [a, b] = await Promise.all([startService(serviceOptions(s.url)), startService(serviceOptions(s.url))]);
  });
  after(async () => {
    await a.close();
    await b.close();
    await s.admin.close();
  });

  test('failures alternating between the instances: the 10th allowed, the 11th refused on either', async () => {
    for (let i = 1; i <= FAILED_SIGN_INS_PER_ADDRESS; i++) {
      assert.equal(await signIn(i % 2 ? a.baseUrl : b.baseUrl, '127.0.0.30', EMAIL, `guess ${i}`), 400, `attempt ${i}`);
    }
    assert.equal(await signIn(a.baseUrl, '127.0.0.30', EMAIL, PASSWORD), 429);
    assert.equal(await signIn(b.baseUrl, '127.0.0.30', EMAIL, PASSWORD), 429);
    assert.equal(await signIn(b.baseUrl, '127.0.0.31', EMAIL, PASSWORD), 303, 'another address goes on');
  });

  test('40 at once, 20 to each instance: 10 checked in all', async () => {
    const statuses = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(i % 2 ? a.baseUrl : b.baseUrl, '127.0.0.32', `guess${i}@example.org`, 'wrong password')));
    assert.equal(statuses.filter((status) => status === 400).length, FAILED_SIGN_INS_PER_ADDRESS);
    assert.equal(statuses.filter((status) => status === 429).length, 40 - FAILED_SIGN_INS_PER_ADDRESS);
  });
});
