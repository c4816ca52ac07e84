// Refusals of a signature that the service sends and the proxy passes on to the form as they
// are (src/proxy/outbox/submissions.ts), so both read the same words.

/** A signature from a blocked address, email or domain: 403, without saying which list. */
export const SIGNATURE_NOT_ACCEPTED = 'This signature cannot be accepted.';

/** An email from a disposable mail service: 400 on the email field. */
export const DISPOSABLE_EMAIL = 'email: Enter an email address you will keep: addresses from disposable mail services are not accepted';
