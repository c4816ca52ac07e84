// Sends the confirmation emails that are due (signer-confirmation.ts): each gets a fresh link, a
// fresh code and a fresh withdrawal link (made here, only their hashes stored), in the signer's language. Failed sends
// are retried with backoff; due mails are kept in the database, so a restart loses none. Log
// lines name the signature id and the error code, never an address.
import { retryDelay } from '../auth-keys/delivery-timing.js';
import type { DueConfirmationMail } from '../store/signatures/confirmation-store.js';
import type { DatabaseHealth } from '../store/database-health.js';
import { errorCode } from '../errors/error-code.js';
import type { Mailer, MailMessage } from './mailer.js';
import { newSecretToken, secretTokenHash } from '../http/secret-token.js';
import { CONFIRMATION_LINK_LIFETIME_MS } from './signer-confirmation.js';
import { signerLanguage } from './signer-language.js';
import { SIGNER_MESSAGES } from './signer-messages.js';
import { SIGNER_CONTROL_MESSAGES } from './signer-control-messages.js';
import { confirmationCodeHash, newConfirmationCode } from './confirmation-code.js';
import type { Store } from '../store/store.js';
import { SerialPoll } from '../background/serial-poll.js';
import type { DeliveryWatch } from '../metrics/delivery-watch.js';

const POLL_MS = 500;
const MAX_IN_FLIGHT = 4;
const RETRY = { retryBaseMs: 30_000, retryMaxMs: 60 * 60_000 };
const STOP_GRACE_MS = 2000;

export interface ConfirmationMailerOptions {
  store: Store;
  /** Null when no SMTP server is configured: due mails wait, and the log says so once. */
  mailer: Mailer | null;
  /** The service's public origin, e.g. `https://petitions.example.org`: links start with it. */
  publicUrl: string;
  health: DatabaseHealth;
  log: (line: string) => void;
  /** PostgreSQL: this instance's id, which claims what it mails (service-instance.ts). */
  instance?: string;
  watch?: DeliveryWatch;
  /** A poll read what was due at `now` and dealt with it (the service's metrics say when the last one did). */
  polled?: (now: number) => void;
}

/** What a mail hands its signer: a link and a code to confirm, and a link to withdraw. */
interface MailSecrets {
  token: string;
  code: string;
  withdrawal: string;
}

function confirmationMail(row: DueConfirmationMail, publicUrl: string, secrets: MailSecrets): MailMessage {
  const lang = signerLanguage(row.lang);
  const messages = SIGNER_MESSAGES[lang];
  const control = SIGNER_CONTROL_MESSAGES[lang];
  return {
    to: row.email,
    subject: messages.mailSubject(row.title),
    text: [
      messages.mailGreeting,
      messages.mailThanks(row.title),
      messages.mailInstruction,
      `${publicUrl}/confirm/${secrets.token}`,
      control.mailCode(`${publicUrl}/confirm?lang=${lang}`, secrets.code),
      messages.mailExpiry,
      `${control.mailWithdraw}\n${publicUrl}/withdraw/${secrets.withdrawal}?lang=${lang}`,
    ].join('\n\n'),
  };
}

export class ConfirmationMailer {
  private timer: NodeJS.Timeout | undefined;
  private readonly inFlight = new Map<number, Promise<void>>();
  private stopped = false;
  private warnedNoSmtp = false;
  private readonly polls = new SerialPoll(() => this.pollOnce());

  constructor(private readonly options: ConfirmationMailerOptions) {}

  start(): void {
    this.timer = setInterval(() => void this.poll(), POLL_MS);
    void this.poll();
  }

  /** Sends what is due now, without waiting for the next poll (polls never overlap). */
  poll(): Promise<void> {
    return this.polls.run();
  }

  private async pollOnce(): Promise<void> {
    if (this.stopped) return;
    const room = MAX_IN_FLIGHT - this.inFlight.size;
    // Every send still out (a mail server that does not answer): no poll is reported, as no mail can go out.
    if (room <= 0) return;
    const { store, log } = this.options;
    const now = Date.now();
    let due: DueConfirmationMail[];
    try {
      due = await store.dueConfirmationMails.all({ now, in_flight_ids: JSON.stringify([...this.inFlight.keys()]), limit: room, instance: this.options.instance ?? '' });
    } catch (error) {
      if (!this.options.health.unavailable(error)?.outage) log(`confirmation mail: reading due mails failed (${errorCode(error)})`);
      return;
    }
    this.handOut(due);
    // Told only once what was read is in flight (or warned about): a poll it reports has done its work.
    this.options.polled?.(now);
  }

  /** Puts each due mail in flight; with no SMTP server they stay due, and the log says why once. */
  private handOut(due: DueConfirmationMail[]): void {
    const { mailer, log } = this.options;
    if (due.length === 0) return;
    if (!mailer) {
      if (!this.warnedNoSmtp) log('confirmation mail: signers are waiting for confirmation emails, but no --smtp server is set');
      this.warnedNoSmtp = true;
      return;
    }
    for (const row of due) {
      const sending = this.send(mailer, row)
        .catch((error: unknown) => log(`confirmation mail for signature ${row.signature_id}: recording the outcome failed (${errorCode(error)})`))
        .finally(() => this.inFlight.delete(row.signature_id));
      this.inFlight.set(row.signature_id, sending);
    }
  }

  /** Waits a little for mails being sent; one still out then stays due and is sent on the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS)));
    await Promise.race([Promise.allSettled(this.inFlight.values()), grace]);
    clearTimeout(timer);
    this.options.mailer?.close();
  }

  private async send(mailer: Mailer, row: DueConfirmationMail): Promise<void> {
    const { store, publicUrl, log } = this.options;
    const secrets: MailSecrets = { token: newSecretToken(), code: newConfirmationCode(), withdrawal: newSecretToken() };
    // The previous mail's link, code and withdrawal link stop working.
    const current = await store.db.transaction(async () => {
      const set = await store.setConfirmationToken.run({
        signature_id: row.signature_id,
        token_hash: secretTokenHash(secrets.token),
        code_hash: confirmationCodeHash(row.signature_id, secrets.code),
        expires_at: Date.now() + CONFIRMATION_LINK_LIFETIME_MS,
      });
      if (set.changes === 0) return false;
      await store.deleteMailWithdrawal.run(row.signature_id);
      await store.insertWithdrawal.run({ token_hash: secretTokenHash(secrets.withdrawal), signature_id: row.signature_id, kind: 'mail' });
      return true;
    });
    // Confirmed, withdrawn or erased since it was read: nothing to mail.
    if (!current) return;
    try {
      await mailer.send(confirmationMail(row, publicUrl, secrets));
    } catch (error) {
      const attempts = row.mail_attempts + 1;
      await store.rescheduleConfirmationMail.run({
        signature_id: row.signature_id,
        due_at: row.mail_due_at,
        next: Date.now() + retryDelay(attempts, RETRY),
      });
      log(`confirmation mail for signature ${row.signature_id}: attempt ${attempts} failed (${errorCode(error)})`);
      this.options.watch?.failed('mail', '', errorCode(error));
      return;
    }
    await store.markConfirmationMailed.run({ signature_id: row.signature_id, due_at: row.mail_due_at });
    this.options.watch?.delivered('mail');
  }
}
