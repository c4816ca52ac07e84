// A real SMTP server on loopback (smtp-server) that keeps every message the service sends,
// parsed (mailparser), so tests can read the mail and open its links.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

interface CaughtMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  autoSubmitted: unknown;
  /** The confirmation link in the text, if any. */
  link: string | undefined;
  /** The withdrawal link and the 6-digit confirmation code in the text, if any. */
  withdrawLink: string | undefined;
  code: string | undefined;
}

export interface MailCatcher {
  /** For the service's --smtp. */
  url: string;
  mails: CaughtMail[];
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        const parsed = await simpleParser(Buffer.concat(chunks));
        const to = Array.isArray(parsed.to) ? parsed.to.map((address) => address.text).join(', ') : (parsed.to?.text ?? '');
        const text = parsed.text ?? '';
        mails.push({
          to,
          from: parsed.from?.text ?? '',
          subject: parsed.subject ?? '',
          text,
          autoSubmitted: parsed.headers.get('auto-submitted'),
          link: /https?:\/\/\S+\/confirm\/[A-Za-z0-9_-]+/.exec(text)?.[0],
          withdrawLink: /https?:\/\/\S+\/withdraw\/\S+/.exec(text)?.[0],
          code: /\b(\d{6})$/m.exec(text)?.[1],
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
