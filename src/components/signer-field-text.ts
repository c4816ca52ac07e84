// The signer fields' labels and problem messages in the page's language. The schema gives
// each problem a code; an unknown (field, code) falls back to the schema's English message.
import { msg, str } from '@lit/localize';
import { PROBLEM_CODES, problemMessage, REASON_MAX_LENGTH, TEXT_MAX_LENGTH } from '../shared/signature-schema.js';
import type { ProblemCode, SignerField } from '../shared/signature-schema.js';

export function fieldLabel(field: SignerField): string {
  switch (field) {
    case 'first_name': return msg('First name');
    case 'last_name': return msg('Last name');
    case 'email': return msg('Email address');
    case 'address': return msg('Address');
    case 'city': return msg('Town or city');
    case 'state_province': return msg('State or province');
    case 'postal_code': return msg('Postal code');
    case 'country_code': return msg('Country');
    case 'phone': return msg('Mobile phone number');
    case 'reason': return msg('Why are you signing?');
    case 'hidden': return msg("Don't show my name publicly");
  }
}

function requiredMessage(field: SignerField): string | undefined {
  switch (field) {
    case 'first_name': return msg('Enter your first name');
    case 'last_name': return msg('Enter your last name');
    case 'email': return msg('Enter your email address');
    case 'address': return msg('Enter your address');
    case 'city': return msg('Enter your town or city');
    case 'state_province': return msg('Enter your state or province');
    case 'postal_code': return msg('Enter your postal code');
    case 'country_code': return msg('Select your country');
    default: return undefined;
  }
}

// Whole sentences per field: "from your …" needs its own case and article in each language.
function hiddenCharactersMessage(field: SignerField): string | undefined {
  switch (field) {
    case 'first_name': return msg('Remove the hidden control or text direction characters from your first name');
    case 'last_name': return msg('Remove the hidden control or text direction characters from your last name');
    case 'email': return msg('Remove the hidden control or text direction characters from your email address');
    case 'address': return msg('Remove the hidden control or text direction characters from your address');
    case 'city': return msg('Remove the hidden control or text direction characters from your town or city');
    case 'state_province': return msg('Remove the hidden control or text direction characters from your state or province');
    case 'postal_code': return msg('Remove the hidden control or text direction characters from your postal code');
    case 'phone': return msg('Remove the hidden control or text direction characters from your phone number');
    case 'reason': return msg('Remove the hidden control or text direction characters from your reason for signing');
    default: return undefined;
  }
}

function noLetterMessage(field: SignerField): string | undefined {
  switch (field) {
    case 'first_name': return msg('First name must include at least one letter');
    case 'last_name': return msg('Last name must include at least one letter');
    default: return undefined;
  }
}

function tooLongMessage(field: SignerField): string {
  // The reason's label is a question, which cannot start this sentence.
  if (field === 'reason') return msg(str`Reason for signing must be ${REASON_MAX_LENGTH} characters or fewer`);
  const label = fieldLabel(field);
  return msg(str`${label} must be ${TEXT_MAX_LENGTH} characters or fewer`);
}

export function problemText(field: SignerField, code: ProblemCode, english: string): string {
  switch (code) {
    case 'required':
      return requiredMessage(field) ?? english;
    case 'too_long':
      return tooLongMessage(field);
    case 'hidden_characters':
      return hiddenCharactersMessage(field) ?? english;
    case 'no_letter':
      return noLetterMessage(field) ?? english;
    case 'email_format':
      return msg('Enter an email address in the correct format, like name@example.com');
    case 'unknown_country':
      return msg('Select your country from the list');
    default:
      return english;
  }
}

/**
 * A field problem the proxy or service sent as "field: message". Known English messages are
 * shown in the page's language; a duplicate email (409) has its own text; others as sent.
 */
export function serverProblemText(field: SignerField, message: string, status: number): string {
  if (status === 409 && field === 'email') return msg('This email address has already signed this petition');
  const code = PROBLEM_CODES.find((candidate) => problemMessage(field, candidate) === message);
  return code ? problemText(field, code, message) : message;
}
