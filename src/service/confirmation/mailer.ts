// Sends the service's email through the operator's SMTP server (`--smtp smtp://…`), with
// nodemailer. The SMTP URL may hold a password: it is never logged or put in an error message.
import nodemailer from 'nodemailer';

export interface SmtpSettings {
  /** `smtp://user:password@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  url: string;
  /** The From header, e.g. `Petitions <petitions@example.org>`. */
  from: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Why these settings cannot be used, without repeating them (the URL may hold a password); null when they can. */
export function smtpSettingsProblem(settings: SmtpSettings): string | null {
  let url: URL;
  try {
    url = new URL(settings.url);
  } catch {
    return '--smtp: must be a URL like smtp://user:password@mail.example.org:587';
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return '--smtp: must start with smtp:// or smtps://';
  if (!url.hostname) return '--smtp: must name the mail server';
  if (!/^[^\s@<>]+@[^\s@<>]+$|<[^\s@<>]+@[^\s@<>]+>\s*$/.test(settings.from.trim())) {
    return '--mail-from: must be an email address, like Petitions <petitions@example.org>';
  }
  return null;
}

/** nodemailer waits minutes by default; a mail server that hangs must not hold the mailer (or a shutdown) that long. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function smtpMailer(settings: SmtpSettings): Mailer {
  const transport = nodemailer.createTransport({ url: settings.url, ...SMTP_TIMEOUTS });
  return {
    async send(message) {
      await transport.sendMail({
        from: settings.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        // Vacation responders and the like do not answer automatic mail (RFC 3834).
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    close: () => transport.close(),
  };
}
