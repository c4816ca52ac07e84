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
/** A page's <main> element, as sent. */
const mainOf = (page: string) => /<main[\s\S]*<\/main>/.exec(page)?.[0];

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

  test('the blank form exactly: no summary, no error, each input empty and described by its hint only', async () => {
    const page = await fetch(urlOf(t, '/confirm'));
    assert.equal(mainOf(await page.text()), `<main class="narrow">
<h1>Confirm your signature with a code</h1>

<p>Enter the email address you signed with and the code from the confirmation email.</p>
<form method="post" action="/confirm" novalidate>
<input type="hidden" name="lang" value="en">
<div class="field">
<label for="email">Email address</label>
<input id="email" name="email" value="" type="email" autocomplete="email" spellcheck="false">
</div>
<div class="field">
<label for="code">Code</label><p class="hint" id="code-hint">The 6 digits from the email, for example 123456</p>
<input id="code" name="code" value="" type="text" inputmode="numeric" autocomplete="one-time-code" spellcheck="false" aria-describedby="code-hint">
</div>
<button type="submit" class="primary">Confirm my signature</button>
</form>
</main>`);
    const german = await (await fetch(urlOf(t, '/confirm'), { headers: { 'accept-language': 'de-CH, en;q=0.5' } })).text();
    assert.match(german, /<html lang="de">/, 'without ?lang, the reader\'s language');
  });

  test('a code in the wrong format: the error at the code field only, the address kept as typed', async () => {
    const answer = await typeCode(t, 'a@example.org', '12a');
    assert.equal(answer.status, 400);
    assert.equal(mainOf(await answer.text()), `<main class="narrow">
<h1>Confirm your signature with a code</h1>
<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 id="error-summary-title">There is a problem</h2>
<ul><li><a href="#code">Enter the 6-digit code from the email, like 123456</a></li></ul>
</div>
<p>Enter the email address you signed with and the code from the confirmation email.</p>
<form method="post" action="/confirm" novalidate>
<input type="hidden" name="lang" value="en">
<div class="field">
<label for="email">Email address</label>
<input id="email" name="email" value="a@example.org" type="email" autocomplete="email" spellcheck="false">
</div>
<div class="field field-error">
<label for="code">Code</label><p class="hint" id="code-hint">The 6 digits from the email, for example 123456</p><p class="error-message" id="code-error"><span class="visually-hidden">Error: </span>Enter the 6-digit code from the email, like 123456</p>
<input id="code" name="code" value="12a" type="text" inputmode="numeric" autocomplete="one-time-code" spellcheck="false" aria-describedby="code-hint code-error" aria-invalid="true">
</div>
<button type="submit" class="primary">Confirm my signature</button>
</form>
</main>`);
  });

  test('an address of spaces only, none at all, or sent as a file is missing: 400 at the email field, never a 500', async () => {
    const emailMissing = /<li><a href="#email">Enter the email address you signed with/;
    const spaces = await typeCode(t, '   ', '123456');
    assert.equal(spaces.status, 400);
    const spacesPage = await spaces.text();
    assert.match(spacesPage, emailMissing);
    assert.match(spacesPage, /<input id="email" name="email" value="" type="email"[^>]* aria-describedby="email-error" aria-invalid="true">/);
    const none = await fetch(urlOf(t, '/confirm'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'code=123456&lang=en' });
    assert.equal(none.status, 400);
    assert.match(await none.text(), emailMissing);
    const form = new FormData();
    form.append('email', new Blob(['someone@example.org']), 'email.txt');
    form.append('code', '123456');
    const file = await fetch(urlOf(t, '/confirm'), { method: 'POST', body: form });
    assert.equal(file.status, 400);
    assert.match(await file.text(), emailMissing);
  });

  test('an oversized form is answered with the blank form in the reader\'s language', async () => {
    const huge = await fetch(urlOf(t, '/confirm'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'fr' },
      body: `email=${'a'.repeat(10_000)}&code=123456`,
    });
    assert.equal(huge.status, 413);
    const page = await huge.text();
    assert.match(page, /<html lang="fr">/);
    assert.match(page, /<input id="email" name="email" value="" type="email" autocomplete="email" spellcheck="false">/);
    assert.match(page, /<input id="code" name="code" value="" type="text" inputmode="numeric" autocomplete="one-time-code" spellcheck="false" aria-describedby="code-hint">/);
  });

  test('a petition closed before the code is typed: the link and the code both say so (410), nothing counts', async () => {
    const { code, link } = await signAndRead(t, key, 'closed.before.code@example.org');
    const before = await count(t);
    await t.admin.updatePetition(t.petitionId, { status: 'closed' });
    try {
      const opened = await fetch(link);
      assert.equal(opened.status, 410);
      assert.match(pageText(await opened.text()), /This petition is closed/);
      const typed = await typeCode(t, 'closed.before.code@example.org', code);
      assert.equal(typed.status, 410);
      assert.match(pageText(await typed.text()), /This petition is closed/);
      assert.equal(await count(t), before);
    } finally {
      await t.admin.updatePetition(t.petitionId, { status: 'open' });
    }
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
      const refusedPage = await refused.text();
      assert.match(pageText(refusedPage), /Too many codes were tried from this connection\. Try again in 15 minutes/);
      assert.match(refusedPage, /<li><a href="#code">Too many codes were tried/, 'the error is at the code field');
      assert.match(refusedPage, /<p class="error-message" id="code-error">/);
      assert.equal((await fetch(second.link, { method: 'POST' })).status, 200, 'the link is not limited');
    } finally {
      await t.close();
    }
  });
});
