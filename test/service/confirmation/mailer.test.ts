// The SMTP mailer's settings check (the words an operator reads when --smtp or --mail-from is
// wrong, without the URL's password) and one mail sent through a real SMTP server on loopback
// (mail-catcher.ts). Issue 31, "Mutation testing as a standing measure".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { smtpMailer, smtpSettingsProblem } from '../../../src/service/confirmation/mailer.js';
import { startMailCatcher } from '../mail-catcher.js';

const FROM = 'Petitions <petitions@example.org>';
const NOT_A_URL = '--smtp: must be a URL like smtp://user:password@mail.example.org:587';
const NOT_SMTP = '--smtp: must start with smtp:// or smtps://';
const NO_HOST = '--smtp: must name the mail server';
const BAD_FROM = '--mail-from: must be an email address, like Petitions <petitions@example.org>';

test('smtp and smtps URLs with a host are accepted', () => {
  assert.equal(smtpSettingsProblem({ url: 'smtp://user:secret@mail.example.org:587', from: FROM }), null);
  assert.equal(smtpSettingsProblem({ url: 'smtps://user:secret@mail.example.org:465', from: FROM }), null);
  assert.equal(smtpSettingsProblem({ url: 'smtp://127.0.0.1:2525', from: 'petitions@example.org' }), null);
});

test('a URL that does not parse is refused with an example, not with the URL itself', () => {
  assert.equal(smtpSettingsProblem({ url: 'mail example org', from: FROM }), NOT_A_URL);
  assert.equal(smtpSettingsProblem({ url: '', from: FROM }), NOT_A_URL);
  assert.equal(smtpSettingsProblem({ url: 'smtp://user:s3cret-pw@:25', from: FROM }), NOT_A_URL);
});

test('a URL of another scheme is refused, without its password', () => {
  assert.equal(smtpSettingsProblem({ url: 'http://user:s3cret-pw@mail.example.org', from: FROM }), NOT_SMTP);
  assert.equal(smtpSettingsProblem({ url: 'smtpx://mail.example.org', from: FROM }), NOT_SMTP);
  assert.equal(smtpSettingsProblem({ url: 'mailto:petitions@example.org', from: FROM }), NOT_SMTP);
});

test('an smtp URL naming no server is refused', () => {
  assert.equal(smtpSettingsProblem({ url: 'smtp://', from: FROM }), NO_HOST);
  assert.equal(smtpSettingsProblem({ url: 'smtps:///relay', from: FROM }), NO_HOST);
});

test('--mail-from: a bare address or a name with the address in angle brackets, padding allowed', () => {
  for (const from of [
    'petitions@example.org',
    'a@b',
    ' petitions@example.org ',
    'Petitions <petitions@example.org>',
    'Petitions <ab@cd>',
    '"Save the Park" <park-petition@mail.example.org>  ',
    '<petitions@example.org>',
  ]) {
    assert.equal(smtpSettingsProblem({ url: 'smtp://mail.example.org', from }), null, from);
  }
});

test('--mail-from: anything else is refused, with an example', () => {
  for (const from of [
    '',
    'petitions',
    'petitions@',
    '@example.org',
    'Petitions petitions@example.org',
    'petitions@example.org Petitions',
    'peti tions@example.org',
    'petitions@exa mple.org',
    'a@b@c',
    'Petitions <petitions@example.org> x',
    'Petitions <petitions@example.org>x',
    'Petitions <petitions@example.org',
    'Petitions <peti tions@example.org>',
    'Petitions <petitions@exa mple.org>',
    'Petitions <@example.org>',
    'Petitions <petitions@>',
    'Petitions <a@b>c@d>',
  ]) {
    assert.equal(smtpSettingsProblem({ url: 'smtp://mail.example.org', from }), BAD_FROM, from);
  }
});

test('the URL is checked before the From address', () => {
  assert.equal(smtpSettingsProblem({ url: 'http://mail.example.org', from: 'nope' }), NOT_SMTP);
});

test('a mail goes through the SMTP server with the From, To, Subject, text and Auto-Submitted headers', async (t) => {
  const catcher = await startMailCatcher();
  t.after(() => catcher.close());
  const mailer = smtpMailer({ url: catcher.url, from: FROM });
  t.after(() => mailer.close());
  await mailer.send({ to: 'signer@example.net', subject: 'Please confirm', text: 'Your code: 123456' });
  assert.equal(catcher.mails.length, 1);
  const [mail] = catcher.mails;
  assert.equal(mail!.from, '"Petitions" <petitions@example.org>');
  assert.equal(mail!.to, 'signer@example.net');
  assert.equal(mail!.subject, 'Please confirm');
  assert.equal(mail!.text.trim(), 'Your code: 123456');
  assert.equal(mail!.autoSubmitted, 'auto-generated');
});
