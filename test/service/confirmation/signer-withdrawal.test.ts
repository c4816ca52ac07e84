// Withdrawal links, end to end over real SMTP and HTTP: the confirmation mail's link and the
// consumer's own (withdrawal_token, as the proxy's thank-you sends it). GET shows a button and
// withdraws nothing; POST withdraws once; the count, the list and the export follow; the audit
// names ids only; a duplicate's token, an invalidated signature's and unknown ones lead nowhere.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { newWithdrawalToken } from '../../../src/shared/withdrawal-token.js';
import { pageText } from '../console-client.js';
import { assertDense, readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually, failureMessages, getJson, grantedKey, signaturesPath, signerFields, submitSignature, urlOf } from '../harness.js';
import type { Pairs, TestService } from '../harness.js';
import { startMailCatcher } from '../mail-catcher.js';
import { withdrawnPage, withdrawPage } from '../../../src/service/confirmation/withdrawal-pages.js';
import type { PetitionRow } from '../../../src/service/store/store.js';
import type { MailCatcher } from '../mail-catcher.js';

const source = 'https://withdraw.example.org/';
let catcher: MailCatcher;
let f: ConsoleFixture;
/** A petition that confirms its signers… */
let confirming: TestService;
/** …and one that counts them at once. */
let open: TestService;
const keys = new Map<TestService, string>();

before(async () => {
  catcher = await startMailCatcher();
  f = await startConsoleFixture({ smtp: { url: catcher.url, from: 'Petitions <petitions@example.org>' } });
  confirming = f.t;
  await confirming.admin.updatePetition(confirming.petitionId, { title: 'Save the Riverside Park', confirm_signers: 'true' });
  const { petition_id } = await f.t.admin.createPetition('Plant more trees');
  open = { ...f.t, petitionId: petition_id };
  for (const t of [confirming, open]) keys.set(t, await grantedKey(t, source));
});
after(async () => {
  await f.close();
  await catcher.close();
});

const sign = (t: TestService, fields: Record<string, string>, extra: Pairs = []) => submitSignature(t, source, keys.get(t)!, [...signerFields(fields), ...extra]);
const mailTo = async (email: string, count = 1) =>
  (await eventually(() => catcher.mails.filter((mail) => mail.to === email), (mails) => mails.length >= count, 5000))[count - 1]!;
const count = async (t: TestService) => (await getJson(t, `/v1/petitions/${t.petitionId}`)).body.signature_count as number;
const listedNames = async (t: TestService) =>
  ((await getJson(t, signaturesPath(t.petitionId), { page_size: '100' })).body.signatures as { name: string }[]).map((s) => s.name);
const rowsOf = (email: string) =>
  readDatabase(f.t, (db) => db.prepare<[string], { id: number; state: string }>('SELECT id, state FROM signatures WHERE email = ?').all(email));
const withdrawUrl = (token: string) => urlOf(f.t, `/withdraw/${token}`);
const go = (url: string, method: 'GET' | 'POST') => fetch(url, { method, redirect: 'manual' });

describe('the confirmation mail’s withdrawal link', () => {
  test('GET shows a button and withdraws nothing; POST withdraws an unconfirmed signature, once; its confirmation link dies with it', async () => {
    const email = 'not.me@example.org';
    assert.equal((await sign(confirming, { first_name: 'Nadia', last_name: 'Notme', email })).status, 202);
    const mail = await mailTo(email);
    assert.match(mail.text, /Not you, or changed your mind\? Withdraw this signature:\n\S+\/withdraw\/[A-Za-z0-9_-]{43}\?lang=en\s*$/);
    for (let scan = 0; scan < 3; scan++) {
      const page = await go(mail.withdrawLink!, 'GET');
      assert.equal(page.status, 200);
      assert.equal(page.headers.get('referrer-policy'), 'no-referrer');
      assert.match(page.headers.get('content-security-policy') ?? '', /form-action 'self'/);
      const text = await page.text();
      assert.match(pageText(text), /Withdraw your signature This removes the signature of Nadia Notme from “Save the Riverside Park”\./);
      assert.match(text, /<form method="post" action="\/withdraw\/[A-Za-z0-9_-]{43}\?lang=en">/);
    }
    assert.equal((await rowsOf(email)).length, 1, 'a scanner fetching the link withdraws nothing');

    const withdrawn = await go(mail.withdrawLink!, 'POST');
    assert.equal(withdrawn.status, 200);
    assert.match(pageText(await withdrawn.text()), /Your signature is withdrawn It no longer counts for “Save the Riverside Park”/);
    assert.deepEqual(await rowsOf(email), []);
    assert.equal((await go(mail.link!, 'POST')).status, 404, 'its confirmation link no longer confirms anything');

    const again = await go(mail.withdrawLink!, 'POST');
    assert.equal(again.status, 404, 'a link withdraws once');
    assert.match(pageText(await again.text()), /This link does not work The signature was already withdrawn or removed/);
    assert.equal((await sign(confirming, { email })).status, 202, 'the address may sign again');
  });

  test('a confirmed, listed signature: the count, the list, dense positions and the export follow; the audit names ids only', async () => {
    const email = 'changed.mind@example.org';
    await sign(confirming, { first_name: 'Cora', last_name: 'Changedmind', email, address: '7 Withdrawn Way' });
    const mail = await mailTo(email);
    assert.equal((await go(mail.link!, 'POST')).status, 200);
    const before = await count(confirming);
    assert.ok((await listedNames(confirming)).includes('Cora Changedmind'));
    const { id } = (await rowsOf(email))[0]!;

    assert.equal((await go(mail.withdrawLink!, 'POST')).status, 200, 'the mail’s link still works once the signature is confirmed');
    assert.equal(await count(confirming), before - 1);
    assert.ok(!(await listedNames(confirming)).includes('Cora Changedmind'));
    await assertDense(f.t, confirming.petitionId);
    await f.client.get(`/admin/petitions/${confirming.petitionId}`);
    const csv = (await f.client.post(`/admin/petitions/${confirming.petitionId}/export`)).body;
    assert.doesNotMatch(csv, /Changedmind|7 Withdrawn Way/);
    const audit = pageText((await f.client.get('/admin/audit')).body);
    assert.match(audit, new RegExp(`signer \\(withdrawal link\\) signature withdrawn signature ${id} petition ${confirming.petitionId}`));
    assert.doesNotMatch(audit, /Cora|Changedmind|changed\.mind/);
  });

  test('the page speaks the language the link names, else the browser’s', async () => {
    await sign(confirming, { first_name: 'Käthe', email: 'kaethe.withdraws@example.org' }, [['lang', 'de']]);
    const mail = await mailTo('kaethe.withdraws@example.org');
    assert.match(mail.withdrawLink!, /\?lang=de$/);
    const page = await (await go(mail.withdrawLink!, 'GET')).text();
    assert.match(page, /<html lang="de">/);
    assert.match(pageText(page), /Meine Unterschrift zurückziehen/);
    const unknown = await fetch(withdrawUrl(newWithdrawalToken()), { headers: { 'accept-language': 'fr-CA, en;q=0.5' } });
    assert.match(await unknown.text(), /<html lang="fr">/);
  });
});

describe('the consumer’s withdrawal_token (the proxy’s thank-you link)', () => {
  test('a counted, hidden signature is withdrawn by its thank-you link; only the token’s hash is stored', async () => {
    const token = newWithdrawalToken();
    const email = 'hidden.thanks@example.org';
    const before = await count(open);
    assert.equal((await sign(open, { email, hidden: 'true' }, [['withdrawal_token', token]])).status, 202);
    assert.equal(await count(open), before + 1);
    const stored = await readDatabase(f.t, (db) => db.prepare<[], { token_hash: string; kind: string }>('SELECT token_hash, kind FROM signature_withdrawals').all());
    assert.ok(stored.some((row) => row.token_hash === createHash('sha256').update(token).digest('hex') && row.kind === 'thanks'));
    assert.ok(!stored.some((row) => row.token_hash.includes(token)));

    assert.equal((await go(withdrawUrl(token), 'GET')).status, 200);
    assert.equal(await count(open), before + 1, 'GET withdraws nothing');
    assert.equal((await go(withdrawUrl(token), 'POST')).status, 200);
    assert.equal(await count(open), before, 'a hidden signature counted: withdrawing it takes it out of the count');
    assert.deepEqual(await rowsOf(email), []);
    assert.equal((await go(withdrawUrl(token), 'POST')).status, 404);
  });

  test('a listed one leaves the list, which stays dense', async () => {
    const token = newWithdrawalToken();
    await sign(open, { first_name: 'Lena', last_name: 'Listed' }, [['withdrawal_token', token]]);
    await sign(open, { first_name: 'Otto', last_name: 'After' });
    assert.ok((await listedNames(open)).includes('Lena Listed'));
    assert.equal((await go(withdrawUrl(token), 'POST')).status, 200);
    assert.deepEqual(await listedNames(open), ['Otto After']);
    await assertDense(f.t, open.petitionId);
  });

  for (const bad of ['x'.repeat(42), 'x'.repeat(44), `${'x'.repeat(42)}=`, `${'x'.repeat(42)}+`, '']) {
    test(`withdrawal_token "${bad}" is 400 naming the field, and nothing is stored`, async () => {
      const email = `bad.token.${bad.length}.${bad.at(-1) ?? 'empty'}@example.org`.replace(/[=+]/, 'sym');
      const messages = await failureMessages(await sign(open, { email }, [['withdrawal_token', bad]]), 400);
      assert.deepEqual(messages, ['withdrawal_token: must be 43 characters of A-Z, a-z, 0-9, - and _']);
      assert.deepEqual(await rowsOf(email), []);
    });
  }

  test('a duplicate’s token, or a re-sign’s while unconfirmed, leads nowhere: knowing an address withdraws nothing', async () => {
    const first = newWithdrawalToken();
    const email = 'signed.once@example.org';
    await sign(open, { email }, [['withdrawal_token', first]]);
    const second = newWithdrawalToken();
    assert.equal((await sign(open, { email: email.toUpperCase() }, [['withdrawal_token', second]])).status, 409);
    assert.equal((await go(withdrawUrl(second), 'POST')).status, 404);

    const waiting = 'waiting.victim@example.org';
    await sign(confirming, { email: waiting });
    const attacker = newWithdrawalToken();
    assert.equal((await sign(confirming, { email: waiting }, [['withdrawal_token', attacker]])).status, 202);
    assert.equal((await go(withdrawUrl(attacker), 'POST')).status, 404);
    assert.equal((await rowsOf(waiting)).length, 1);
    assert.equal((await go(withdrawUrl(first), 'POST')).status, 200, 'the first one still works');
  });

  test('an invalidated signature stays for the record: its links no longer work', async () => {
    const token = newWithdrawalToken();
    const email = 'invalid.one@example.org';
    await sign(open, { email }, [['withdrawal_token', token]]);
    const { id } = (await rowsOf(email))[0]!;
    await f.client.get(`/admin/signatures/${id}`);
    assert.equal((await f.client.post(`/admin/signatures/${id}/invalidate`)).status, 303);
    assert.equal((await go(withdrawUrl(token), 'GET')).status, 404);
    assert.equal((await go(withdrawUrl(token), 'POST')).status, 404);
    assert.deepEqual(await rowsOf(email), [{ id, state: 'invalidated' }]);
  });
});

describe('the way back to the campaign’s page', () => {
  /** The petition's page as the service records it: the `&` in its query must reach the page escaped. */
  const campaignPage = 'https://campaign.example.org/riverside?utm_source=mail&lang=de';
  const backLink = (page: string) => [...page.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((match) => [match[1], match[2]]);

  test('both withdrawal pages link to the petition’s page, escaped, in the signer’s language; none without one', async () => {
    const { petition_id } = await f.t.admin.createPetition('Light the old bridge');
    const t = { ...f.t, petitionId: petition_id };
    await f.t.admin.updatePetition(petition_id, { url: campaignPage });
    keys.set(t, await grantedKey(t, source));
    const token = newWithdrawalToken();
    assert.equal((await sign(t, { first_name: 'Ines', email: 'ines.goes.back@example.org' }, [['withdrawal_token', token]])).status, 202);
    const link = withdrawUrl(token);

    const page = await (await go(`${link}?lang=de`, 'GET')).text();
    assert.ok(page.includes('<a href="https://campaign.example.org/riverside?utm_source=mail&amp;lang=de">Zur Petition</a>'), page);
    assert.deepEqual(backLink(await (await go(`${link}?lang=fr`, 'GET')).text()), [[campaignPage.replace('&', '&amp;'), 'Aller à la pétition']]);
    const withdrawn = await (await go(`${link}?lang=nl`, 'POST')).text();
    assert.match(pageText(withdrawn), /Naar de petitie/);
    assert.deepEqual(backLink(withdrawn), [[campaignPage.replace('&', '&amp;'), 'Naar de petitie']]);

    // `open` has no page of its own: nothing to go back to, and no empty link.
    const other = newWithdrawalToken();
    assert.equal((await sign(open, { first_name: 'Nora', email: 'nora.no.page@example.org' }, [['withdrawal_token', other]])).status, 202);
    const nowhere = withdrawUrl(other);
    assert.deepEqual(backLink(await (await go(nowhere, 'GET')).text()), []);
    assert.deepEqual(backLink(await (await go(nowhere, 'POST')).text()), []);
  });

  test('only an http(s) page is a link: the service refuses another, and a row holding one shows none', async () => {
    await assert.rejects(f.t.admin.updatePetition(open.petitionId, { url: 'javascript:alert(document.cookie)' }));
    for (const url of ['javascript:alert(document.cookie)', 'JAVASCRIPT:alert(1)', 'data:text/html,<script>alert(1)</script>', 'not a url']) {
      const row = { title: 'Light the old bridge', url } as PetitionRow;
      for (const page of [withdrawPage('en', row, 'Ines', '/withdraw/x'), withdrawnPage('en', row)]) {
        assert.deepEqual(backLink(String(page)), [], url);
        assert.ok(!String(page).includes('Go to the petition'), url);
      }
    }
    const row = { title: 'Light the old bridge', url: 'http://campaign.example.org/p' } as PetitionRow;
    assert.deepEqual(backLink(String(withdrawPage('en', row, 'Ines', '/withdraw/x'))), [['http://campaign.example.org/p', 'Go to the petition']]);
  });
});

describe('links that lead nowhere', () => {
  test('unknown, malformed and missing tokens are a clear 404 page, never a 500', async () => {
    for (const path of ['/withdraw/', '/withdraw', '/withdraw/short', `/withdraw/${'a'.repeat(43)}`, `/withdraw/${'a'.repeat(5000)}`, '/withdraw/%00%ff', '/withdraw/a/b']) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await go(urlOf(f.t, path), method);
        assert.equal(answer.status, 404, `${method} ${path}`);
        assert.match(pageText(await answer.text()), /This link does not work/, `${method} ${path}`);
      }
    }
  });

  test('log lines never carry an address, a token or a link', () => {
    for (const line of f.t.logs) assert.doesNotMatch(line, /@example\.org|\/withdraw\/|\/confirm\//, line);
  });
});
