// Confirmed signers, end to end over real SMTP: the signature is answered 202 but counts only
// once its signer presses the button behind the emailed link; fetching the link (as a mail
// scanner does) confirms nothing; links are single use and expire; asking again is limited;
// the mail speaks the signer's language.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CONFIRMATION_LINK_LIFETIME_MS, CONFIRMATION_MAILS_PER_DAY, removeExpiredUnconfirmed } from '../../../src/service/confirmation/signer-confirmation.js';
import { createStore } from '../../../src/service/store/store.js';
import { pageText } from '../console-client.js';
import { readDatabase, startConsoleFixture } from '../console-fixture.js';
import type { ConsoleFixture } from '../console-fixture.js';
import { eventually, getJson, grantedKey, signaturesPath, signerFields, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import { startMailCatcher } from '../mail-catcher.js';
import type { MailCatcher } from '../mail-catcher.js';
import { withDatabase } from '../test-database.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';

const source = 'https://confirm.example.org/';
let catcher: MailCatcher;
let f: ConsoleFixture;
let t: TestService;
let key: string;

before(async () => {
  catcher = await startMailCatcher();
  f = await startConsoleFixture({ smtp: { url: catcher.url, from: 'Petitions <petitions@example.org>' } });
  t = f.t;
  await t.admin.updatePetition(t.petitionId, { title: 'Save the Riverside Park', confirm_signers: 'true' });
  key = await grantedKey(t, source);
});
after(async () => {
  await f.close();
  await catcher.close();
});

const mailsTo = (email: string) => catcher.mails.filter((mail) => mail.to === email);
const waitForMails = (email: string, count: number) => eventually(() => mailsTo(email), (mails) => mails.length >= count, 5000);
/**
 * Every signature of `email` sent so far was taken from the queue and no mail of it is due: from
 * then on no further mail can come for it (rather than waiting a fixed time for one that must not).
 */
const mailsSettled = (email: string) =>
  eventually(
    () =>
      readDatabase(t, (db) =>
        db
          .prepare<[string, string], { queued: number; due: number | null }>(
            `SELECT (SELECT COUNT(*) FROM signature_queue WHERE email_identity = ?) AS queued,
                    (SELECT c.mail_due_at FROM signature_confirmations c JOIN signatures s ON s.id = c.signature_id WHERE s.email = ?) AS due`,
          )
          .get(email.toLowerCase(), email),
      ),
    (row) => Number(row?.queued) === 0 && row?.due === null,
    5000,
  );
const count = async () => (await getJson(t, `/v1/petitions/${t.petitionId}`)).body.signature_count as number;
const listedNames = async () => ((await getJson(t, signaturesPath(t.petitionId), { page_size: '100' })).body.signatures as { name: string }[]).map((s) => s.name);

async function sign(fields: Record<string, string>, lang?: string): Promise<Response> {
  const pairs = signerFields(fields);
  return submitSignature(t, source, key, lang === undefined ? pairs : [...pairs, ['lang', lang]]);
}

function open(link: string, method: 'GET' | 'POST', headers: Record<string, string> = {}): Promise<Response> {
  return fetch(link, { method, headers, redirect: 'manual' });
}

describe('a petition that confirms its signers', () => {
  test('the resource says so', async () => {
    assert.equal((await getJson(t, `/v1/petitions/${t.petitionId}`)).body.confirm_signers, true);
  });

  test('202, then an email; fetching its link confirms nothing; the button does, once; then the signer counts and is listed', async () => {
    const email = 'grace.hopper@example.org';
    const response = await sign({ first_name: 'Grace', last_name: 'Hopper', email });
    assert.equal(response.status, 202);
    assert.deepEqual(await response.json(), { result: 'success' });
    const [mail] = await waitForMails(email, 1);
    assert.ok(mail, 'a confirmation email arrived');
    assert.equal(mail.subject, 'Confirm your signature: Save the Riverside Park');
    assert.equal(mail.from, '"Petitions" <petitions@example.org>');
    assert.equal(mail.autoSubmitted, 'auto-generated');
    assert.match(mail.text, /^Hello,\n/);
    assert.doesNotMatch(mail.text, /Grace|Hopper/, 'no text the signer typed');
    assert.ok(mail.link?.startsWith(`${new URL(t.baseUrl).origin}/confirm/`), mail.text);
    assert.equal(await count(), 0);
    assert.ok(!(await listedNames()).includes('Grace Hopper'));

    for (let scan = 0; scan < 3; scan++) {
      const fetched = await open(mail.link!, 'GET');
      assert.equal(fetched.status, 200);
      const page = await fetched.text();
      assert.match(pageText(page), /Confirm your signature You signed “Save the Riverside Park” as Grace Hopper\./);
      assert.match(page, /<form method="post"/);
      assert.equal(fetched.headers.get('referrer-policy'), 'no-referrer');
    }
    assert.equal(await count(), 0, 'a scanner fetching the link confirms nothing');

    const confirmed = await open(mail.link!, 'POST');
    assert.equal(confirmed.status, 200);
    assert.match(pageText(await confirmed.text()), /Thank you: your signature is confirmed/);
    assert.equal(await count(), 1);
    assert.ok((await listedNames()).includes('Grace Hopper'));

    const again = await open(mail.link!, 'POST');
    assert.equal(again.status, 404, 'a link works once');
    assert.match(pageText(await again.text()), /This link does not work any more/);
    assert.equal(await count(), 1);
    assert.equal((await sign({ email })).status, 409, 'a confirmed signer is a duplicate like any other');
  });

  test('the console shows confirmed and unconfirmed counts', async () => {
    await sign({ first_name: 'Waiting', last_name: 'Signer', email: 'waiting.signer@example.org' });
    await waitForMails('waiting.signer@example.org', 1);
    const page = pageText((await f.client.get(`/admin/petitions/${t.petitionId}`)).body);
    assert.match(page, /Counted \(confirmed\) 1 Listed 1 .* Awaiting confirmation 1/);
  });

  test('the email and its pages speak the signer’s language; an unknown one is English', async () => {
    await sign({ first_name: 'Käthe', email: 'kaethe@example.org' }, 'de-DE');
    const [german] = await waitForMails('kaethe@example.org', 1);
    assert.equal(german!.subject, 'Bestätigen Sie Ihre Unterschrift: Save the Riverside Park');
    assert.match(german!.text, /^Hallo,\n/);
    const page = await (await open(german!.link!, 'GET')).text();
    assert.match(page, /<html lang="de">/);
    assert.match(pageText(page), /Meine Unterschrift bestätigen/);

    await sign({ email: 'nl@example.org' }, 'nl');
    assert.match((await waitForMails('nl@example.org', 1))[0]!.subject, /^Bevestig je handtekening/);
    await sign({ email: 'klingon@example.org' }, 'tlh');
    assert.match((await waitForMails('klingon@example.org', 1))[0]!.subject, /^Confirm your signature/);
  });

  test(`asking again mails the link again, at most ${CONFIRMATION_MAILS_PER_DAY} mails a day per address; the first details stay`, async () => {
    const email = 'ask.again@example.org';
    for (let attempt = 1; attempt <= CONFIRMATION_MAILS_PER_DAY + 2; attempt++) {
      assert.equal((await sign({ first_name: 'Asker', last_name: `Number${attempt}`, email })).status, 202);
      if (attempt <= CONFIRMATION_MAILS_PER_DAY) await waitForMails(email, attempt);
    }
    await mailsSettled(email);
    const mails = mailsTo(email);
    assert.equal(mails.length, CONFIRMATION_MAILS_PER_DAY);
    const older = await open(mails[0]!.link!, 'POST');
    assert.equal(older.status, 404, 'a newer mail replaced the older link');
    const newest = await open(mails[mails.length - 1]!.link!, 'POST');
    assert.equal(newest.status, 200);
    const names = await listedNames();
    assert.ok(names.includes('Asker Number1'), 'the first details are the ones confirmed');
    assert.ok(!names.some((name) => /Asker Number[2-9]/.test(name)));
  });

  // The attack: whoever knows an unconfirmed signer's address signs again with their own details;
  // the signer then confirms, and the export carries what they never typed.
  for (const afterCap of [false, true]) {
    test(`a re-sign with someone else’s details never replaces them (${afterCap ? 'after' : 'before'} the mail cap)`, async () => {
      const email = `victim.${afterCap ? 'after' : 'before'}@example.org`;
      const victim = { first_name: 'Vera', last_name: afterCap ? 'AfterCap' : 'BeforeCap', email, address: '1 True Street', phone: '+44 20 7946 0001', reason: 'I care about the park' };
      assert.equal((await sign(victim)).status, 202);
      await waitForMails(email, 1);
      const attacks = afterCap ? CONFIRMATION_MAILS_PER_DAY + 1 : 1;
      for (let attack = 0; attack < attacks; attack++) {
        const response = await sign({ first_name: 'Mallory', last_name: 'Attacker', email: email.toUpperCase(), address: '666 Fake Road', phone: '+44 20 7946 0666', reason: 'Planted' });
        assert.equal(response.status, 202, 'answered as any re-sign is: nothing tells the attacker more');
        // Each ask within the cap is one mail (asks before the mail went out would share it).
        if (attack + 2 <= CONFIRMATION_MAILS_PER_DAY) await waitForMails(email, attack + 2);
      }
      await mailsSettled(email);
      const mails = mailsTo(email);
      assert.equal(mails.length, afterCap ? CONFIRMATION_MAILS_PER_DAY : 2);
      const stored = await readDatabase(t, (db) =>
        db.prepare<[string], { first_name: string; address: string; phone: string; reason: string }>('SELECT first_name, address, phone, reason FROM signatures WHERE email = ?').get(email),
      );
      assert.deepEqual(stored, { first_name: 'Vera', address: '1 True Street', phone: '+44 20 7946 0001', reason: 'I care about the park' });
      const latest = mails[mails.length - 1]!;
      assert.match(pageText(await (await open(latest.link!, 'GET')).text()), new RegExp(`as Vera ${victim.last_name}\\.`));
      assert.equal((await open(latest.link!, 'POST')).status, 200);
      await f.client.get(`/admin/petitions/${t.petitionId}`);
      const csv = (await f.client.post(`/admin/petitions/${t.petitionId}/export`)).body;
      const row = csv.split('\r\n').find((line) => line.includes(email));
      assert.ok(row, 'the confirmed signer is exported');
      assert.match(row, /"1 True Street"/);
      assert.match(row, /"I care about the park"/);
      assert.doesNotMatch(csv, /666 Fake Road|Planted|Mallory/);
    });
  }

  test(`links expire after ${CONFIRMATION_LINK_LIFETIME_MS / 86_400_000} days, and the unconfirmed signature is then removed`, async () => {
    const email = 'too.late@example.org';
    const before = Date.now();
    await sign({ first_name: 'Too', last_name: 'Late', email });
    const [mail] = await waitForMails(email, 1);
    const expiry = () =>
      readDatabase(t, (db) => db.prepare<[string], { expires_at: number }>('SELECT c.expires_at FROM signature_confirmations c JOIN signatures s ON s.id = c.signature_id WHERE s.email = ?').get(email));
    const expiresAt = (await expiry())!.expires_at;
    assert.ok(expiresAt >= before + CONFIRMATION_LINK_LIFETIME_MS && expiresAt <= Date.now() + CONFIRMATION_LINK_LIFETIME_MS);

    await withDatabase(t.dbPath, (db) =>
      db.prepare('UPDATE signature_confirmations SET expires_at = ? WHERE signature_id = (SELECT id FROM signatures WHERE email = ?)').run(Date.now() - 1, email),
    );
    const fetched = await open(mail!.link!, 'GET');
    assert.equal(fetched.status, 404);
    assert.match(pageText(await fetched.text()), /This link does not work any more .* sign the petition again to get a new link/);
    assert.equal((await open(mail!.link!, 'POST')).status, 404);
    const countBefore = await count();

    const store = createStore(await openStoreEngine(t.dbPath));
    try {
      assert.ok((await removeExpiredUnconfirmed(store, Date.now())) >= 1);
    } finally {
      await store.db.close();
    }
    assert.equal((await readDatabase(t, (reader) => reader.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM signatures WHERE email = ?').get(email)))!.n, 0);
    assert.equal(await expiry(), undefined);
    assert.equal(await count(), countBefore);
  });

  test('a petition closed before the button is pressed takes no more signatures', async () => {
    const email = 'closing.time@example.org';
    await sign({ email });
    const [mail] = await waitForMails(email, 1);
    const countBefore = await count();
    await t.admin.updatePetition(t.petitionId, { status: 'closed' });
    try {
      const fetched = await open(mail!.link!, 'GET');
      assert.equal(fetched.status, 410, 'the link\'s page says so before the button');
      assert.match(pageText(await fetched.text()), /This petition is closed/);
      const pressed = await open(mail!.link!, 'POST');
      assert.equal(pressed.status, 410);
      assert.match(pageText(await pressed.text()), /This petition is closed/);
      assert.equal(await count(), countBefore);
    } finally {
      await t.admin.updatePetition(t.petitionId, { status: 'open' });
    }
  });

  test('a path under /confirm that is no link is the signer\'s page in their language, not the API\'s JSON', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const answer = await open(`${new URL(t.baseUrl).origin}/confirm/not/a/link`, method, { 'accept-language': 'de' });
      assert.equal(answer.status, 404, method);
      assert.match(answer.headers.get('content-type') ?? '', /^text\/html/, method);
      assert.match(await answer.text(), /<html lang="de"/, method);
    }
  });

  test('log lines never carry an address or a link', () => {
    for (const line of t.logs) {
      assert.doesNotMatch(line, /@example\.org|\/confirm\//, line);
    }
  });
});

describe('without an SMTP server', () => {
  test('mails wait, the log says why once, and the console warns', async () => {
    // The mailer's gauge of its last poll says when one has looked at the due mail again.
    const g = await startConsoleFixture({ metrics: { host: '127.0.0.1', port: 0 } });
    /** When the last poll that ended began, from /metrics (petition_service_confirmation_mail_polled_timestamp_seconds), in ms. */
    const lastPoll = async () => {
      const text = await (await fetch(g.t.service.metricsUrl!)).text();
      return Math.round(Number(/^petition_service_confirmation_mail_polled_timestamp_seconds (\S+)$/m.exec(text)?.[1] ?? 0) * 1000);
    };
    const warnings = () => g.t.logs.filter((line) => line.includes('no --smtp server is set'));
    try {
      await g.t.admin.updatePetition(g.t.petitionId, { confirm_signers: 'true' });
      const gkey = await grantedKey(g.t, source);
      assert.equal((await submitSignature(g.t, source, gkey, signerFields())).status, 202);
      await eventually(warnings, (lines) => lines.length > 0, 3000);
      const warnedBy = Date.now();
      // Two whole polls begun after the warning, each finding the mail still due, warn no more.
      for (let poll = 1; poll <= 2; poll++) {
        const since = Date.now();
        const at = await eventually(lastPoll, (last) => last > since, 5000);
        assert.ok(at > since, `poll ${poll} after the warning: the last one began ${since - at} ms before`);
      }
      const due = await readDatabase(g.t, (db) => db.prepare<[], { mail_due_at: number | null }>('SELECT mail_due_at FROM signature_confirmations').all());
      assert.equal(due.length, 1);
      assert.ok(due[0]!.mail_due_at !== null && due[0]!.mail_due_at <= warnedBy, 'the mail was due before both polls and still is');
      assert.equal(warnings().length, 1, warnings().join('\n'));
      // Waiting for its first mail, the signature has its 7 days from when it arrived: none expired yet.
      const waiting = await readDatabase(g.t, (db) => db.prepare<[], { expires_at: number }>('SELECT expires_at FROM signature_confirmations').get());
      assert.ok(waiting!.expires_at > warnedBy + CONFIRMATION_LINK_LIFETIME_MS - 60_000 && waiting!.expires_at <= warnedBy + CONFIRMATION_LINK_LIFETIME_MS, String(waiting!.expires_at - warnedBy));
      const page = pageText((await g.client.get(`/admin/petitions/${g.t.petitionId}`)).body);
      assert.match(page, /no mail server set/);
    } finally {
      await g.close();
    }
  });
});

describe('an SMTP server that refuses', () => {
  test('a failed send is logged by signature id and error code, and tried again later, never lost', async () => {
    const closed = await startMailCatcher();
    const url = closed.url;
    await closed.close();
    const g = await startConsoleFixture({ smtp: { url, from: 'petitions@example.org' } });
    try {
      await g.t.admin.updatePetition(g.t.petitionId, { confirm_signers: 'true' });
      const gkey = await grantedKey(g.t, source);
      const before = Date.now();
      assert.equal((await submitSignature(g.t, source, gkey, signerFields({ email: 'unlucky@example.org' }))).status, 202);
      const failedLine = /^confirmation mail for signature \d+: attempt 1 failed \(ECONNREFUSED\)$/;
      const logs = await eventually(() => g.t.logs, (lines) => lines.some((line) => failedLine.test(line)), 5000);
      const failedBy = Date.now();
      assert.ok(logs.some((line) => failedLine.test(line)), logs.join('\n'));
      // The line is logged once the attempt is recorded; another connection is given a moment to see it.
      const read = () => readDatabase(g.t, (db) => db.prepare<[], { mail_due_at: number; mail_attempts: number }>('SELECT mail_due_at, mail_attempts FROM signature_confirmations').get());
      const row = (await eventually(read, (found) => found?.mail_attempts === 1, 3000))!;
      assert.equal(row.mail_attempts, 1, JSON.stringify(row));
      // The first retry comes 30 s after the failure, give or take 20 % (documented): 24 to 36 s.
      assert.ok(row.mail_due_at >= before + 24_000 && row.mail_due_at <= failedBy + 36_000, `due ${row.mail_due_at - before} ms after the signature`);
    } finally {
      await g.close();
    }
  });
});
