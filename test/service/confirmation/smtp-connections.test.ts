// The SMTP mailer's hold on its connections (mailer.ts), against servers on loopback: a mail
// server that accepts the connection and never greets fails the send after 10 s (nodemailer's
// own wait is 30 s), and closing a mailer whose URL asks for a pool (`?pool=true`) closes its
// connection at once, so that a shutdown is not held by it. About 10 s: listed late in
// stryker.config.mjs. Issue 31, "Mutation testing as a standing measure".
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SMTPServer } from 'smtp-server';
import { smtpMailer } from '../../../src/service/confirmation/mailer.js';

const FROM = 'Petitions <petitions@example.org>';
const MESSAGE = { to: 'signer@example.net', subject: 'Please confirm', text: 'Your code: 123456' };

/** `promise`'s outcome, or `late` when it has none after `ms` (the timer is cleared either way). */
async function within<T>(promise: Promise<T>, ms: number, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

test('a mail server that never greets fails the send after 10 s, not nodemailer\'s 30 s', async (t) => {
  const sockets: Socket[] = [];
  const silent = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
  t.after(() => {
    for (const socket of sockets) socket.destroy();
    silent.close();
  });
  const mailer = smtpMailer({ url: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`, from: FROM });
  const began = Date.now();
  const outcome = await within(
    mailer.send(MESSAGE).then(
      () => 'sent',
      (error: { code?: string }) => String(error.code),
    ),
    15_000,
    'still waiting after 15 s',
  );
  const waited = Date.now() - began;
  assert.equal(outcome, 'ETIMEDOUT');
  assert.ok(waited >= 9_900, `failed after ${waited} ms`);
  mailer.close();
});

test('closing a pooled mailer closes its connection to the mail server at once', async (t) => {
  let closed!: () => void;
  const connectionClosed = new Promise<string>((resolve) => (closed = () => resolve('closed')));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('end', () => callback());
      stream.resume();
    },
    onClose: () => closed(),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const mailer = smtpMailer({ url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}?pool=true`, from: FROM });
  await mailer.send(MESSAGE);
  mailer.close();
  assert.equal(await within(connectionClosed, 5_000, 'still open after 5 s'), 'closed');
});
