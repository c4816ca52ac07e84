// 200 sign-ins sent at once from one address, the right password among them: the limit counts
// each attempt before its password is checked, so exactly 10 are checked, the rest are refused
// unread (the right one too), and a restart hands out no fresh budget. Failed sign-ins are logged
// and audited without the password or the email typed. Over HTTP, as a browser would send them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { FAILED_SIGN_INS_PER_ADDRESS } from '../../../src/service/limits/sign-in-limit.js';
import { startService, type RunningService } from '../../../src/service/index.js';
import { ConsoleClient, pageText } from '../console-client.js';
import { startTestService } from '../harness.js';
import type { TestService } from '../harness.js';
import { withDatabase } from '../test-database.js';

const EMAIL = 'burst.operator@example.org';
const PASSWORD = 'correct horse battery staple';
const BURST = 200;

/** A sign-in form's token and cookie, fetched first so that the posts themselves go out together. */
async function preparedSignIn(origin: string, localAddress: string, email: string, password: string): Promise<() => Promise<number>> {
  const client = new ConsoleClient(origin, localAddress);
  const form = await client.get('/admin/sign-in');
  const token = /name="sign_in_token" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
  return async () => (await client.post('/admin/sign-in', { sign_in_token: token, email, password, csrf: null })).status;
}

describe('a burst of sign-ins from one address', () => {
  let t: TestService;
  let restarted: RunningService | undefined;
  before(async () => {
    t = await startTestService();
    await t.admin.createOperator(EMAIL, PASSWORD);
  });
  after(async () => {
    await t.close();
    await restarted?.close();
  });
  const origin = () => new URL(t.baseUrl).origin;

  test(`${BURST} at once, the right password last: ${FAILED_SIGN_INS_PER_ADDRESS} checked, the rest 429, the right one too`, async () => {
    const wrong = await Promise.all(Array.from({ length: BURST - 1 }, (_, i) => preparedSignIn(origin(), '127.0.0.20', EMAIL.replace('burst', `burst${i % 9}`), `wrong guess ${i}`)));
    const right = await preparedSignIn(origin(), '127.0.0.20', EMAIL, PASSWORD);
    const started = performance.now();
    const answers = wrong.map((send) => send());
    // Sent once the others are on their way: among 200 in flight, it comes after the 10th.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const rightAnswer = right();
    const statuses = await Promise.all(answers);
    const counts = new Map<number, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    assert.deepEqual([...counts].sort(), [[400, FAILED_SIGN_INS_PER_ADDRESS], [429, BURST - 1 - FAILED_SIGN_INS_PER_ADDRESS]]);
    assert.equal(await rightAnswer, 429, 'the right password, after the 10th, is refused unread');
    t.logs.push(`(burst answered in ${Math.round(performance.now() - started)} ms)`);
  });

  test('each checked failure is logged and audited by operator id and counts, never with the email typed or the password', async () => {
    const failures = t.logs.filter((line) => line.startsWith('console: failed sign-in'));
    assert.equal(failures.length, FAILED_SIGN_INS_PER_ADDRESS);
    // Of the emails tried only EMAIL is an operator's; the others name no operator.
    assert.ok(failures.every((line) => /^console: failed sign-in \((operator \d+|no such operator); attempt \d+ of 10 from this network, \d+ of 20 for this email, in 15 minutes\)$/.test(line)), failures.join('\n'));
    for (const line of t.logs) {
      assert.ok(!/example\.org|wrong guess|correct horse|127\.0\.0\.20/i.test(line), line);
    }
    const audited = await withDatabase(t.dbPath, (db) =>
      db.prepare<[], { actor: string; action: string; subject: string; detail: string }>(`SELECT actor, action, subject, detail FROM audit_log WHERE action = 'sign-in failed'`).all(),
    );
    assert.equal(audited.length, FAILED_SIGN_INS_PER_ADDRESS);
    for (const row of audited) {
      assert.equal(row.actor, 'sign-in form');
      assert.match(row.subject, /^(operator \d+|no such operator)$/);
      assert.ok(!/example\.org|wrong guess|127\.0\.0\.20/.test(JSON.stringify(row)), JSON.stringify(row));
    }
  });

  test('the audit page shows failed sign-ins to operators', async () => {
    const client = new ConsoleClient(origin(), '127.0.0.21');
    assert.equal((await client.signIn(EMAIL, PASSWORD)).status, 303);
    const audit = pageText((await client.get('/admin/audit')).body);
    assert.match(audit, /sign-in form sign-in failed/);
  });

  test('a restarted service keeps the count: the spent address is still refused', async () => {
    await t.service.close();
    restarted = await startService({ dbPath: t.dbPath, port: 0, allowPrivateCallbacks: true, log: (line) => t.logs.push(line) });
    const restartedOrigin = new URL(restarted.baseUrl).origin;
    const again = await (await preparedSignIn(restartedOrigin, '127.0.0.20', EMAIL, PASSWORD))();
    assert.equal(again, 429);
    assert.equal(await (await preparedSignIn(restartedOrigin, '127.0.0.22', EMAIL, PASSWORD))(), 303, 'another address signs in');
  });
});
