// The signers' email confirmations' statements (signer-confirmation.ts, confirmation-mailer.ts),
// part of the store (store.ts). A confirmation row exists exactly while its signature is
// unconfirmed; it holds the hash of the link's token, never the token.
import { LIVE_CLAIM } from '../instances/instance-store.js';
import type { SqlEngine } from '../engines/sql-engine.js';

export interface ConfirmationRow {
  signature_id: number;
  petition_id: number;
  lang: string;
  token_hash: string | null;
  expires_at: number;
  mail_due_at: number | null;
  mail_attempts: number;
  mails_in_window: number;
  window_started_at: number;
  /** The typed code's hash (confirmation-code.ts), set with each mail's link. */
  code_hash: string | null;
  /** Codes typed for this signature so far; at CODE_TRIES_PER_SIGNATURE the code stops working. */
  code_tries: number;
}

/** A confirmation as its link's page needs it. */
export interface ConfirmationByToken extends ConfirmationRow {
  first_name: string;
  last_name: string;
  hidden: number;
}

export interface DueConfirmationMail {
  signature_id: number;
  lang: string;
  mail_due_at: number;
  mail_attempts: number;
  email: string;
  title: string;
}

export function confirmationStatements(db: SqlEngine) {
  return {
    insertConfirmation: db.prepare<{ signature_id: number; petition_id: number; lang: string; expires_at: number; now: number }>(
      `INSERT INTO signature_confirmations (signature_id, petition_id, lang, token_hash, expires_at, mail_due_at,
         mail_attempts, mails_in_window, window_started_at)
       VALUES (@signature_id, @petition_id, @lang, NULL, @expires_at, @now, 0, 1, @now)`,
    ),
    confirmationBySignature: db.prepare<[number], ConfirmationRow>('SELECT * FROM signature_confirmations WHERE signature_id = ?'),
    confirmationByTokenHash: db.prepare<[string], ConfirmationByToken>(
      `SELECT c.*, s.first_name, s.last_name, s.hidden FROM signature_confirmations c
       JOIN signatures s ON s.id = c.signature_id WHERE c.token_hash = ?`,
    ),
    confirmationOfSignature: db.prepare<[number], ConfirmationByToken>(
      `SELECT c.*, s.first_name, s.last_name, s.hidden FROM signature_confirmations c
       JOIN signatures s ON s.id = c.signature_id WHERE c.signature_id = ?`,
    ),
    /**
     * A typed code, counted against every live code of the address before it is compared (in one
     * statement, so concurrent guesses cannot pass the count together): the codes it may still
     * be compared with. On the email index, as erasure reads it (signaturesOfEmail).
     */
    tryConfirmationCodes: db.prepare<{ email_identity: string; now: number; max_tries: number }, { signature_id: number; code_hash: string }>(
      `UPDATE signature_confirmations SET code_tries = code_tries + 1
       WHERE code_hash IS NOT NULL AND expires_at > @now AND code_tries < @max_tries
         AND signature_id IN (SELECT id FROM signatures WHERE email_identity = @email_identity AND state = 'unconfirmed'
                              AND petition_id IN (SELECT id FROM petitions))
       RETURNING signature_id, code_hash`,
    ),
    /** A signer asked again: another mail is due, counted in the window it falls in. */
    requestConfirmationMail: db.prepare<{ signature_id: number; now: number; mails_in_window: number; window_started_at: number }>(
      `UPDATE signature_confirmations SET mail_due_at = @now, mail_attempts = 0,
         mails_in_window = @mails_in_window, window_started_at = @window_started_at
       WHERE signature_id = @signature_id`,
    ),
    dueConfirmationMails: db.prepare<{ now: number; in_flight_ids: string; limit: number; instance: string }, DueConfirmationMail>({
      sqlite: `SELECT c.signature_id, c.lang, c.mail_due_at, c.mail_attempts, s.email, p.title
       FROM signature_confirmations c
       JOIN signatures s ON s.id = c.signature_id
       JOIN petitions p ON p.id = c.petition_id
       WHERE c.mail_due_at IS NOT NULL AND c.mail_due_at <= @now
         AND c.signature_id NOT IN (SELECT value FROM json_each(@in_flight_ids))
       ORDER BY c.mail_due_at LIMIT @limit`,
      // Several instances mail from one database: a due mail is claimed by the instance that sends it.
      postgres: `WITH picked AS (
         SELECT signature_id FROM signature_confirmations
         WHERE mail_due_at IS NOT NULL AND mail_due_at <= @now AND NOT ${LIVE_CLAIM('mail_claimed_by')}
           AND signature_id NOT IN (SELECT value::bigint FROM jsonb_array_elements_text(@in_flight_ids::jsonb))
         ORDER BY mail_due_at LIMIT @limit FOR UPDATE SKIP LOCKED
       ),
       claimed AS (
         UPDATE signature_confirmations c SET mail_claimed_by = @instance FROM picked
         WHERE c.signature_id = picked.signature_id
         RETURNING c.signature_id, c.lang, c.mail_due_at, c.mail_attempts, c.petition_id
       )
       SELECT c.signature_id, c.lang, c.mail_due_at, c.mail_attempts, s.email, p.title
       FROM claimed c JOIN signatures s ON s.id = c.signature_id JOIN petitions p ON p.id = c.petition_id
       ORDER BY c.mail_due_at`,
    }),
    /** A new link for the mail about to be sent: the one before stops working. */
    setConfirmationToken: db.prepare<{ signature_id: number; token_hash: string; code_hash: string; expires_at: number }>(
      `UPDATE signature_confirmations SET token_hash = @token_hash, code_hash = @code_hash, expires_at = @expires_at
       WHERE signature_id = @signature_id`,
    ),
    /**
     * Sent; unless the signer asked again meanwhile (then the newer request stays due). The claim
     * ends either way: a newer request left claimed by a live instance would never be sent.
     */
    markConfirmationMailed: db.prepare<{ signature_id: number; due_at: number }>({
      sqlite: `UPDATE signature_confirmations SET mail_due_at = NULL, mail_attempts = 0
       WHERE signature_id = @signature_id AND mail_due_at = @due_at`,
      postgres: `UPDATE signature_confirmations SET mail_claimed_by = NULL,
         mail_due_at = CASE WHEN mail_due_at = @due_at THEN NULL ELSE mail_due_at END,
         mail_attempts = CASE WHEN mail_due_at = @due_at THEN 0 ELSE mail_attempts END
       WHERE signature_id = @signature_id`,
    }),
    rescheduleConfirmationMail: db.prepare<{ signature_id: number; due_at: number; next: number }>({
      sqlite: `UPDATE signature_confirmations SET mail_due_at = @next, mail_attempts = mail_attempts + 1
       WHERE signature_id = @signature_id AND mail_due_at = @due_at`,
      postgres: `UPDATE signature_confirmations SET mail_claimed_by = NULL,
         mail_due_at = CASE WHEN mail_due_at = @due_at THEN @next ELSE mail_due_at END,
         mail_attempts = CASE WHEN mail_due_at = @due_at THEN mail_attempts + 1 ELSE mail_attempts END
       WHERE signature_id = @signature_id`,
    }),
    markSignatureConfirmed: db.prepare<{ id: number; listed_position: number | null; now: number }>(
      `UPDATE signatures SET state = 'counted', listed_position = @listed_position, signed_on = @now
       WHERE id = @id AND state = 'unconfirmed'`,
    ),
    deleteConfirmation: db.prepare<[number]>('DELETE FROM signature_confirmations WHERE signature_id = ?'),
    expiredConfirmations: db.prepare<[number, number], { signature_id: number }>(
      'SELECT signature_id FROM signature_confirmations WHERE expires_at <= ? LIMIT ?',
    ),
    unconfirmedCount: db.prepare<[number], { count: number }>(
      'SELECT COUNT(*) AS count FROM signature_confirmations WHERE petition_id = ?',
    ),
  };
}
