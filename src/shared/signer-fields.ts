// The signer's fields, the limits and problem codes of their rules, and the English words for
// a problem (docs/api.md, "Submitting a signature"): what the browser needs of the signer schema
// without valibot's engine, which stays in signature-schema.ts (a chunk of its own there).
/**
 * The fields a signer fills in, in the order of the spec's POST table minus auth_key and source
 * (the form asks for the country fourth and orders its own summary: components' sign-form.ts).
 */
export const SIGNER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'address',
  'city',
  'state_province',
  'postal_code',
  'country_code',
  'phone',
  'reason',
  'hidden',
] as const;

export type SignerField = (typeof SIGNER_FIELDS)[number];

export interface SignerInput {
  first_name: string;
  last_name: string;
  email: string;
  address: string;
  city: string;
  state_province: string;
  postal_code: string;
  country_code: string;
  phone?: string;
  reason?: string;
  hidden?: boolean;
}

export const TEXT_MAX_LENGTH = 255;
export const REASON_MAX_LENGTH = 1000;

/** Why a field was refused; the browser turns it into a message in the page's language. */
export type ProblemCode =
  | 'required'
  | 'too_long'
  | 'hidden_characters'
  | 'no_letter'
  | 'email_format'
  | 'unknown_country'
  | 'postal_code_format'
  | 'unknown_subdivision'
  | 'not_boolean';

export const PROBLEM_CODES: readonly ProblemCode[] = [
  'required',
  'too_long',
  'hidden_characters',
  'no_letter',
  'email_format',
  'unknown_country',
  'postal_code_format',
  'unknown_subdivision',
  'not_boolean',
];

export interface FieldProblem {
  field: SignerField;
  code: ProblemCode;
  /** English message in the GOV.UK style: says what to do, never "invalid". */
  message: string;
}

const FIELD_LABELS: Record<SignerField, string> = {
  first_name: 'first name',
  last_name: 'last name',
  email: 'email address',
  address: 'address',
  city: 'town or city',
  state_province: 'state or province',
  postal_code: 'postal code',
  country_code: 'country',
  phone: 'phone number',
  reason: 'reason for signing',
  hidden: 'choice of showing your name',
};

/** The English message; `example` is a valid postal code of the signer's country. */
export function problemMessage(field: SignerField, code: ProblemCode, example?: string): string {
  const label = FIELD_LABELS[field];
  switch (code) {
    case 'required':
      return field === 'country_code' ? 'Select your country' : `Enter your ${label}`;
    case 'too_long': {
      const limit = field === 'reason' ? REASON_MAX_LENGTH : TEXT_MAX_LENGTH;
      return `${label[0]!.toUpperCase()}${label.slice(1)} must be ${limit} characters or fewer`;
    }
    case 'hidden_characters':
      return `Remove the hidden control or text direction characters from your ${label}`;
    case 'no_letter':
      return `${label[0]!.toUpperCase()}${label.slice(1)} must include at least one letter`;
    case 'email_format':
      return 'Enter an email address in the correct format, like name@example.com';
    case 'unknown_country':
      return 'Select your country from the list';
    case 'postal_code_format':
      return example ? `Enter a postal code like ${example}` : 'Enter a postal code in the correct format';
    case 'unknown_subdivision':
      return 'State or province: select one from the list';
    case 'not_boolean':
      return 'Choose whether to show your name publicly (true or false)';
  }
}

/** Problems travel between service, proxy and browser as "field: message" strings. */
export function formatProblem(problem: Pick<FieldProblem, 'field' | 'message'>): string {
  return `${problem.field}: ${problem.message}`;
}

/** Reads a "field: message" string back; null when the message names no signer field. */
export function parseProblem(text: string): { field: SignerField; message: string } | null {
  const match = /^([a-z_]+): (.+)$/s.exec(text);
  if (!match || !(SIGNER_FIELDS as readonly string[]).includes(match[1]!)) return null;
  return { field: match[1] as SignerField, message: match[2]! };
}
