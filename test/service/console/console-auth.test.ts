// The console's doors: no operator yet, one-time passwords, the session cookie's attributes,
// CSRF tokens on every form (the sign-in form too), session expiry, and the limits on failed
// sign-ins per address and per operator email. Over HTTP, as a browser would send it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SESSION_IDLE_MS, SESSION_MAX_MS } from '../../../src/service/operators/console-sessions.js';
import { FAILED_SIGN_INS_PER_ADDRESS, FAILED_SIGN_INS_PER_EMAIL } from '../../../src/service/limits/sign-in-limit.js';
import { ConsoleClient, pageText } from '../console-client.js';
import { startTestService } from '../harness.js';
import type { TestService } from '../harness.js';
import { withDatabase } from '../test-database.js';

const EMAIL = 'operator@example.org';
const PASSWORD = 'correct horse battery staple';

async function signedIn(t: TestService, email = EMAIL, password = PASSWORD): Promise<ConsoleClient> {
  const client = new ConsoleClient(new URL(t.baseUrl).origin);
  const answer = await client.signIn(email, password);
  assert.equal(answer.status, 303, pageText(answer.body));
  return client;
}

describe('console sign-in', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
  });
  after(() => t.close());

  test('with no operator yet, the console says how to create one', async () => {
    const client = new ConsoleClient(new URL(t.baseUrl).origin);
    for (const path of ['/admin', '/admin/petitions', '/admin/petitions/1/signatures', '/admin/signatures/1', '/admin/audit', '/admin/nowhere']) {
      const answer = await client.get(path);
      assert.equal(answer.status, 303, path);
      assert.equal(answer.location, '/admin/sign-in', path);
    }
    const signIn = await client.get('/admin/sign-in');
    assert.equal(signIn.status, 200);
    assert.match(pageText(signIn.body), /no operator yet.*petition-embed service admin create-operator --db DATABASE --email/);
  });

  test('a one-time password opens only the page to choose a password; then the new one works and the old one does not', async () => {
    const { one_time_password: oneTime } = await t.admin.createOperator('first@example.org');
    assert.match(oneTime!, /^[A-Za-z0-9_-]{20}$/);
    const client = await signedIn(t, 'first@example.org', oneTime!);
    assert.equal((await client.get('/admin/petitions')).location, '/admin/password');
    await client.get('/admin/password');
    const short = await client.post('/admin/password', { new_password: 'short', repeat_password: 'short' });
    assert.equal(short.status, 400);
    assert.match(pageText(short.body), /There is a problem Enter a password of at least 12 characters/);
    const mismatch = await client.post('/admin/password', { new_password: PASSWORD, repeat_password: `${PASSWORD}!` });
    assert.match(pageText(mismatch.body), /Enter the same new password twice/);
    const saved = await client.post('/admin/password', { new_password: PASSWORD, repeat_password: PASSWORD });
    assert.equal(saved.location, '/admin/petitions?done=password');
    assert.equal((await client.get('/admin/petitions')).status, 200);

    const again = new ConsoleClient(client.origin);
    assert.equal((await again.signIn('first@example.org', oneTime!)).status, 400);
    assert.equal((await again.signIn('first@example.org', PASSWORD)).location, '/admin/petitions');
  });

  test('the session cookie is HttpOnly, SameSite=Strict, for /admin only, and not Secure over http', async () => {
    await t.admin.createOperator(EMAIL, PASSWORD);
    const client = await signedIn(t);
    assert.equal((await client.get('/admin')).location, '/admin/petitions');
    const line = client.setCookieLines.find((cookie) => cookie.startsWith('console_session='))!;
    assert.match(line, /; HttpOnly/);
    assert.match(line, /; SameSite=Strict/);
    assert.match(line, /; Path=\/admin/);
    assert.doesNotMatch(line, /Secure/);
    assert.doesNotMatch(line, /Max-Age|Expires/, 'a browser session cookie; the server ends sessions itself');
    const signInLine = client.setCookieLines.find((cookie) => cookie.startsWith('console_sign_in='))!;
    assert.match(signInLine, /; HttpOnly/);
    assert.match(signInLine, /; SameSite=Strict/);
  });

  test('signing out ends the session on the server: the old cookie opens nothing', async () => {
    const client = await signedIn(t);
    const cookie = client.cookies.get('console_session')!;
    await client.get('/admin/petitions');
    assert.equal((await client.post('/admin/sign-out')).location, '/admin/sign-in');
    const replay = new ConsoleClient(client.origin);
    replay.cookies.set('console_session', cookie);
    assert.equal((await replay.get('/admin/petitions')).location, '/admin/sign-in');
    const audit = pageText((await (await signedIn(t)).get('/admin/audit')).body);
    assert.match(audit, /operator@example\.org signed out operator \d+/);
    assert.match(audit, /operator@example\.org signed in operator \d+/);
  });
});

describe('console cookies behind https', () => {
  test('with an https public URL, both cookies are Secure', async () => {
    const t = await startTestService({ publicUrl: 'https://petitions.example.org' });
    try {
      await t.admin.createOperator(EMAIL, PASSWORD);
      const client = await signedIn(t);
      assert.match(client.setCookieLines.find((cookie) => cookie.startsWith('console_session='))!, /; Secure/);
      assert.match(client.setCookieLines.find((cookie) => cookie.startsWith('console_sign_in='))!, /; Secure/);
    } finally {
      await t.close();
    }
  });
});

describe('CSRF', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
    await t.admin.createOperator(EMAIL, PASSWORD);
  });
  after(() => t.close());

  const petitionTitles = async (t: TestService) =>
    (await withDatabase(t.dbPath, (db) => db.prepare<[], { title: string }>('SELECT title FROM petitions').all())).map((row) => row.title);

  test('a forged form post, carrying the session cookie but not the page’s token, is refused and changes nothing', async () => {
    const client = await signedIn(t);
    await client.get('/admin/petitions/new');
    const forged = await client.post('/admin/petitions', { csrf: null, title: 'Forged petition', status: 'open' });
    assert.equal(forged.status, 403);
    assert.match(pageText(forged.body), /This form has expired.*Nothing was changed/);
    const wrong = await client.post('/admin/petitions', { csrf: 'not-the-token', title: 'Forged petition', status: 'open' });
    assert.equal(wrong.status, 403);
    const otherSession = await signedIn(t);
    await otherSession.get('/admin/petitions/new');
    const borrowed = await client.post('/admin/petitions', { csrf: otherSession.csrfToken()!, title: 'Forged petition', status: 'open' });
    assert.equal(borrowed.status, 403, "another session's token does not do");
    assert.ok(!(await petitionTitles(t)).includes('Forged petition'));

    await client.get('/admin/petitions/new');
    const real = await client.post('/admin/petitions', { title: 'Real petition', status: 'open' });
    assert.equal(real.status, 303);
    assert.ok((await petitionTitles(t)).includes('Real petition'));
  });

  test('the sign-in form needs the token of its own cookie: a forged sign-in opens no session', async () => {
    const client = new ConsoleClient(new URL(t.baseUrl).origin);
    const forged = await client.post('/admin/sign-in', { csrf: null, sign_in_token: 'guessed', email: EMAIL, password: PASSWORD });
    assert.equal(forged.status, 403);
    assert.equal(client.cookies.get('console_session'), undefined);
    await client.get('/admin/sign-in');
    const withoutToken = await client.post('/admin/sign-in', { csrf: null, email: EMAIL, password: PASSWORD });
    assert.equal(withoutToken.status, 403);
    assert.equal(client.cookies.get('console_session'), undefined);
  });
});

describe('session expiry', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
    await t.admin.createOperator(EMAIL, PASSWORD);
  });
  after(() => t.close());

  /** Moves the session's clock back, as if time had passed. */
  const age = (t: TestService, column: 'last_seen_at' | 'created_at', byMs: number) =>
    withDatabase(t.dbPath, (db) => db.prepare(`UPDATE operator_sessions SET ${column} = ${column} - ?`).run(byMs));

  test(`a session idle for ${SESSION_IDLE_MS / 60_000} minutes has ended; a little less and it goes on`, async () => {
    const client = await signedIn(t);
    await age(t, 'last_seen_at', SESSION_IDLE_MS - 120_000);
    assert.equal((await client.get('/admin/petitions')).status, 200);
    await age(t, 'last_seen_at', SESSION_IDLE_MS);
    assert.equal((await client.get('/admin/petitions')).location, '/admin/sign-in');
  });

  test(`a session ends ${SESSION_MAX_MS / 3_600_000} hours after sign-in, however busy`, async () => {
    const client = await signedIn(t);
    await age(t, 'created_at', SESSION_MAX_MS - 120_000);
    assert.equal((await client.get('/admin/petitions')).status, 200);
    await age(t, 'created_at', 120_000);
    assert.equal((await client.get('/admin/petitions')).location, '/admin/sign-in');
  });
});

describe('failed sign-ins', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService();
    await t.admin.createOperator(EMAIL, PASSWORD);
    await t.admin.createOperator('other@example.org', PASSWORD);
  });
  after(() => t.close());
  const origin = () => new URL(t.baseUrl).origin;

  test(`after ${FAILED_SIGN_INS_PER_ADDRESS} failures from one address, that address is refused even the right password`, async () => {
    const client = new ConsoleClient(origin(), '127.0.0.2');
    for (let i = 0; i < FAILED_SIGN_INS_PER_ADDRESS; i++) assert.equal((await client.signIn(EMAIL, `wrong ${i}`)).status, 400);
    const refused = await client.signIn('other@example.org', PASSWORD);
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.match(pageText(refused.body), /Too many failed sign-ins\. Try again in \d+ minutes/);
    assert.equal(client.cookies.get('console_session'), undefined);
    assert.equal((await new ConsoleClient(origin(), '127.0.0.3').signIn(EMAIL, PASSWORD)).status, 303, 'other addresses go on');
  });

  test(`after ${FAILED_SIGN_INS_PER_EMAIL} failures for one email, from any addresses, that email is refused`, async () => {
    const perAddress = FAILED_SIGN_INS_PER_ADDRESS - 1;
    let failures = 0;
    for (let address = 10; failures < FAILED_SIGN_INS_PER_EMAIL; address++) {
      const client = new ConsoleClient(origin(), `127.0.0.${address}`);
      for (let i = 0; i < perAddress && failures < FAILED_SIGN_INS_PER_EMAIL; i++, failures++) {
        assert.equal((await client.signIn('other@example.org', `guess ${failures}`)).status, 400);
      }
    }
    const fresh = new ConsoleClient(origin(), '127.0.0.99');
    assert.equal((await fresh.signIn('other@example.org', PASSWORD)).status, 429);
    assert.equal((await fresh.signIn(EMAIL, PASSWORD)).status, 303, 'other operators go on');
  });

  test('an email counts as one whatever its case and surrounding spaces: failures in any spelling share its budget', async () => {
    await t.admin.createOperator('spelt@example.org', PASSWORD);
    // Never the stored spelling itself, so only a bucket keyed on the normalised email fills.
    const spellings = ['Spelt@Example.org ', ' SPELT@EXAMPLE.ORG', '\tspelt@Example.Org', 'sPeLt@example.org  '];
    const perAddress = FAILED_SIGN_INS_PER_ADDRESS - 1;
    for (let failures = 0; failures < FAILED_SIGN_INS_PER_EMAIL; failures++) {
      const client = new ConsoleClient(origin(), `127.0.1.${1 + Math.floor(failures / perAddress)}`);
      assert.equal((await client.signIn(spellings[failures % spellings.length]!, `guess ${failures}`)).status, 400);
    }
    const fresh = new ConsoleClient(origin(), '127.0.1.99');
    assert.equal((await fresh.signIn('spelt@example.org', PASSWORD)).status, 429, 'the stored spelling is refused');
    assert.equal((await fresh.signIn('Spelt@EXAMPLE.org ', PASSWORD)).status, 429, 'and so is any other');
  });
});
