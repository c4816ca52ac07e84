// The 6-digit code of a confirmation mail, typed on /confirm with the email address, over real
// SMTP and HTTP: it confirms like the link's button; an address in another case is the same
// signer; another signature's code, an expired one and one past its 5 tries do not work (the link
// still does); one client address may try 20 codes in 15 minutes. Each limit at its boundary.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { pageText } from '../console-client.js';
import { eventually, getJson, grantedKey, signerFields, startTestService, submitSignature, urlOf } from '../harness.js';
import type { TestService } from '../harness.js';
import { startMailCatcher } from '../mail-catcher.js';
import type { MailCatcher } from '../mail-catcher.js';
import { withDatabase } from '../test-database.js';

const source = 'https://code.example.org/';
let catcher: MailCatcher;

before(async () => {
  catcher = await startMailCatcher();
});
after(() => catcher.close());

async function confirmingService(): Promise<{ t: TestService; key: string }> {
  const t = await startTestService({ smtp: { url: catcher.url, from: 'petitions@example.org' } });
  await t.admin.updatePetition(t.petitionId, { title: 'Save the Riverside Park', confirm_signers: 'true' });
  return { t, key: await grantedKey(t, source) };
}

/** Signs and waits for the mail; answers its code and link. */
async function signAndRead(t: TestService, key: string, email: string): Promise<{ code: string; link: string }> {
  assert.equal((await submitSignature(t, source, key, signerFields({ email }))).status, 202);
  const [mail] = await eventually(() => catcher.mails.filter((m) => m.to === email), (mails) => mails.length > 0, 5000);
  assert.ok(mail?.code && mail.link, 'a mail with a code and a link');
  return { code: mail.code, link: mail.link };
}

const otherCode = (code: string, step = 1) => String((Number(code) + step) % 1_000_000).padStart(6, '0');

function typeCode(t: TestService, email: string, code: string, lang = 'en'): Promise<Response> {
  return fetch(urlOf(t, '/confirm'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, code, lang }) });
}

const count = async (t: TestService) => (await getJson(t, `/v1/petitions/${t.petitionId}`)).body.signature_count as number;
/** The documented limits (docs/api.md, src/service/README.md), as literals: a test that read them from the source would move with a mutant. */
const CODE_TRIES_PER_SIGNATURE = 5;
const CODES_PER_ADDRESS = 20;
const WRONG = /This code does not match this email address, or it no longer works/;

describe('a code for each signature', () => {
  let t: TestService;
  let key: string;
  before(async () => ({ t, key } = await confirmingService()));
  after(() => t.close());

  test('the mail carries the code and the page; GET /confirm is a form with labels and a hint', async () => {
    await signAndRead(t, key, 'reads.mail@example.org');
    const mail = catcher.mails.find((m) => m.to === 'reads.mail@example.org')!;
    assert.match(mail.text, new RegExp(`go to ${new URL(t.baseUrl).origin}/confirm\\?lang=en and enter your email address and this code: \\d{6}`));
    const page = await fetch(urlOf(t, '/confirm?lang=fr'));
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
    const html = await page.text();
    assert.match(html, /<html lang="fr">/);
    assert.match(html, /<label for="email">Adresse e-mail<\/label>/);
    assert.match(html, /<label for="code">Code<\/label><p class="hint" id="code-hint">/);
    assert.match(html, /<input id="code" name="code" value="" type="text" inputmode="numeric" autocomplete="one-time-code" spellcheck="false" aria-describedby="code-hint">/);
  });

  test('the right code confirms, typed with the address in another case; the link is then used up', async () => {
    const { code, link } = await signAndRead(t, key, 'right.code@example.org');
    const before = await count(t);
    const answer = await typeCode(t, ' RIGHT.Code@Example.ORG ', `${code.slice(0, 3)} ${code.slice(3)}`);
    assert.equal(answer.status, 200);
    assert.match(pageText(await answer.text()), /Thank you: your signature is confirmed/);
    assert.equal(await count(t), before + 1);
    assert.equal((await fetch(link, { method: 'POST' })).status, 404);
    assert.equal((await typeCode(t, 'right.code@example.org', code)).status, 400, 'and so is the code');
  });

  test('another signature’s code is wrong: the error is at the code field and in a summary that takes focus', async () => {
    await signAndRead(t, key, 'first.of.two@example.org');
    const { code: othersCode } = await signAndRead(t, key, 'second.of.two@example.org');
    const answer = await typeCode(t, 'first.of.two@example.org', othersCode);
    assert.equal(answer.status, 400);
    const html = await answer.text();
    assert.match(pageText(html), WRONG);
    assert.match(html, /<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>/);
    assert.match(html, /<li><a href="#code">This code does not match/);
    assert.match(html, /<input id="code" name="code" value="\d{6}"[^>]* aria-describedby="code-hint code-error" aria-invalid="true">/);
    assert.match(html, /value="first\.of\.two@example\.org"/, 'what was typed is kept');
  });

  test(`the ${CODE_TRIES_PER_SIGNATURE}th try may be the right one`, async () => {
    const { code } = await signAndRead(t, key, 'fifth.try@example.org');
    for (let wrong = 1; wrong < CODE_TRIES_PER_SIGNATURE; wrong++) assert.equal((await typeCode(t, 'fifth.try@example.org', otherCode(code, wrong))).status, 400);
    assert.equal((await typeCode(t, 'fifth.try@example.org', code)).status, 200);
  });

  test(`after ${CODE_TRIES_PER_SIGNATURE} wrong codes the code no longer works; the link still does`, async () => {
    const { code, link } = await signAndRead(t, key, 'sixth.try@example.org');
    for (let wrong = 1; wrong <= CODE_TRIES_PER_SIGNATURE; wrong++) assert.equal((await typeCode(t, 'sixth.try@example.org', otherCode(code, wrong))).status, 400);
    const refused = await typeCode(t, 'sixth.try@example.org', code);
    assert.equal(refused.status, 400);
    assert.match(pageText(await refused.text()), WRONG, 'the same answer as a wrong code: nothing tells whether the address signed');
    assert.equal((await fetch(link, { method: 'POST' })).status, 200);
  });

  test('an expired code does not work', async () => {
    const { code } = await signAndRead(t, key, 'expired.code@example.org');
    await withDatabase(t.dbPath, (db) =>
      db.prepare('UPDATE signature_confirmations SET expires_at = ? WHERE signature_id = (SELECT id FROM signatures WHERE email = ?)').run(Date.now() - 1, 'expired.code@example.org'),
    );
    assert.equal((await typeCode(t, 'expired.code@example.org', code)).status, 400);
  });

  test('a form without an address, with a code that is not 6 digits, or too large: errors at their fields, nothing tried', async () => {
    const answer = await typeCode(t, '', '12a45', 'de');
    assert.equal(answer.status, 400);
    const html = await answer.text();
    assert.match(html, /<li><a href="#email">Geben Sie die E-Mail-Adresse ein/);
    assert.match(html, /<li><a href="#code">Geben Sie den 6-stelligen Code/);
    assert.match(html, /value="12a45"/);
    const tries = await withDatabase(t.dbPath, (db) => db.prepare<[], { tries: number }>('SELECT SUM(code_tries) AS tries FROM signature_confirmations').get());
    const again = await typeCode(t, 'someone@example.org', '1234567');
    assert.equal(again.status, 400);
    assert.deepEqual(await withDatabase(t.dbPath, (db) => db.prepare<[], { tries: number }>('SELECT SUM(code_tries) AS tries FROM signature_confirmations').get()), tries);
    const huge = await fetch(urlOf(t, '/confirm'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `email=${'a'.repeat(10_000)}&code=123456` });
    assert.equal(huge.status, 413, 'an oversized form is refused with the form, never a 500');
    assert.match(await huge.text(), /<form method="post" action="\/confirm" novalidate>/);
  });

  test('what was typed comes back as text, never as markup: quotes and angle brackets are escaped in the field', async () => {
    const typed = '"><script>alert(1)</script><b x="@example.org';
    const answer = await typeCode(t, typed, '000000');
    assert.equal(answer.status, 400);
    const page = await answer.text();
    assert.doesNotMatch(page, /<script>alert/);
    assert.doesNotMatch(page, /<b x=/);
    assert.match(page, /value="&quot;&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;&lt;b x=&quot;@example\.org"/);
  });

  test('log lines never carry an address or a code', () => {
    for (const line of t.logs) assert.doesNotMatch(line, /@example\.org|\b\d{6}\b/, line);
  });
});

describe('codes per client address', () => {
  test(`${CODES_PER_ADDRESS} codes in 15 minutes, the right ones included; the next is 429, right or not`, async () => {
    const { t, key } = await confirmingService();
    try {
      const { code } = await signAndRead(t, key, 'last.allowed@example.org');
      const second = await signAndRead(t, key, 'one.too.many@example.org');
      for (let attempt = 1; attempt < CODES_PER_ADDRESS; attempt++) assert.equal((await typeCode(t, `nobody${attempt}@example.org`, '000000')).status, 400);
      assert.equal((await typeCode(t, 'last.allowed@example.org', code)).status, 200, `the ${CODES_PER_ADDRESS}th is still tried`);
      const refused = await typeCode(t, 'one.too.many@example.org', second.code);
      assert.equal(refused.status, 429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(retryAfter > 14 * 60 && retryAfter <= 15 * 60, String(retryAfter));
      assert.match(pageText(await refused.text()), /Too many codes were tried from this connection\. Try again in 15 minutes/);
      assert.equal((await fetch(second.link, { method: 'POST' })).status, 200, 'the link is not limited');
    } finally {
      await t.close();
    }
  });
});
