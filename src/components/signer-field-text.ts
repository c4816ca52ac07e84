// The signer fields' labels and problem messages in the page's language. The schema gives
// each problem a code; an unknown (field, code) falls back to the schema's English message.
import { msg, str } from '@lit/localize';
import { problemMessage, REASON_MAX_LENGTH, TEXT_MAX_LENGTH } from '../shared/signature-schema.js';
import type { ProblemCode, SignerField } from '../shared/signature-schema.js';

const PROBLEM_CODES: readonly ProblemCode[] = ['required', 'too_long', 'email_format', 'unknown_country', 'not_boolean'];

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

export function problemText(field: SignerField, code: ProblemCode, english: string): string {
  switch (code) {
    case 'required':
      return requiredMessage(field) ?? english;
    case 'too_long': {
      const label = fieldLabel(field);
      const limit = field === 'reason' ? REASON_MAX_LENGTH : TEXT_MAX_LENGTH;
      return msg(str`${label} must be ${limit} characters or fewer`);
    }
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
