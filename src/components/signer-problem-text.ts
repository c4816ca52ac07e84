// The signer fields' problem messages, as message ids: a problem travels from the schema (or the
// proxy) as (field, code) and becomes words only here, in the element's language. Loaded with
// what a submission needs (petition-sign/form-outcome.ts), not before.
import type { ProblemCode, SignerField } from '../shared/signer-fields.js';
import type { MessageId } from './i18n/catalogue.js';

type Per<T extends string> = Partial<Record<SignerField, T>>;

const REQUIRED: Per<MessageId> = {
  first_name: 'requiredFirstName',
  last_name: 'requiredLastName',
  email: 'requiredEmail',
  address: 'requiredAddress',
  city: 'requiredCity',
  state_province: 'requiredStateProvince',
  postal_code: 'requiredPostalCode',
  country_code: 'requiredCountry',
};

// Whole sentences per field: "from your …" needs its own case and article in each language.
const HIDDEN_CHARACTERS: Per<MessageId> = {
  first_name: 'hiddenFirstName',
  last_name: 'hiddenLastName',
  email: 'hiddenEmail',
  address: 'hiddenAddress',
  city: 'hiddenCity',
  state_province: 'hiddenStateProvince',
  postal_code: 'hiddenPostalCode',
  phone: 'hiddenPhone',
  reason: 'hiddenReason',
};

const NO_LETTER: Per<MessageId> = { first_name: 'noLetterFirstName', last_name: 'noLetterLastName' };

/**
 * The message for a field's problem, or undefined for a (field, code) pair the form cannot
 * produce (hidden characters in the country, say): the schema's English message is shown then.
 */
export function problemId(field: SignerField, code: ProblemCode): MessageId | undefined {
  switch (code) {
    case 'postal_code_format':
      return 'postalCodeFormat';
    case 'unknown_subdivision':
      return 'chooseSubdivision';
    case 'too_long':
      // The reason's label is a question, which cannot start this sentence.
      return field === 'reason' ? 'tooLongReason' : 'tooLong';
    case 'hidden_characters':
      return HIDDEN_CHARACTERS[field];
    case 'no_letter':
      return NO_LETTER[field];
    case 'email_format':
      return 'emailFormat';
    case 'unknown_country':
      return 'unknownCountry';
    case 'not_boolean':
      return 'notBoolean';
    case 'required':
      return REQUIRED[field];
  }
}
