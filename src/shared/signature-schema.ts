// The signer's fields and their rules (docs/api.md, "Submitting a signature"), one schema
// for the browser form, the proxy's re-validation and the service, so all three agree.
import * as v from 'valibot';
import { cleanAddress, postalCodeProblem, subdivisionProblem } from './addresses/address-check.js';
import type { AddressBook } from './addresses/country-address.js';
import { postalCodeExample } from './addresses/postal-code.js';
import { isCountryCode } from './countries.js';

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
const problemCodes = new Set<string>(PROBLEM_CODES);

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

/**
 * Characters no signer types and that would let a name or address hide or reorder text where it
 * is shown: C0 and C1 controls (NUL, CR, LF, …), the bidi embeddings and overrides (U+202A-E)
 * and isolates (U+2066-9), and lone surrogates. The reason, a multi-line answer, keeps tab and
 * line breaks.
 */
const HIDDEN_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\p{Cs}]/u;
const HIDDEN_CHARACTERS_IN_REASON = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\p{Cs}]/u;
const LETTER = /\p{L}/u;

// Each issue's message carries only the ProblemCode; the field comes from the issue's path.
// The length is checked as sent and again in NFC (which can lengthen some scripts up to three
// times), so a valid value is at most the limit both ways: that bounds every body (see
// signed-body-limit.ts), and a value that passed passes again after the proxy forwards it.
const text = (maxLength: number, hidden = HIDDEN_CHARACTERS) =>
  v.pipe(
    v.string('required'),
    v.maxLength(maxLength, 'too_long'),
    v.check((value) => !hidden.test(value), 'hidden_characters'),
    v.transform((value) => value.normalize('NFC').trim()),
    v.maxLength(maxLength, 'too_long'),
  );
const requiredText = (maxLength = TEXT_MAX_LENGTH) =>
  v.pipe(text(maxLength), v.nonEmpty('required'));
// Made only of spaces, digits, punctuation or zero-width characters, it is not a name.
const nameText = () => v.pipe(requiredText(), v.regex(LETTER, 'no_letter'));

const booleanLike = v.pipe(
  v.union([v.boolean(), v.picklist(['true', 'false', '1', '0'])], 'not_boolean'),
  v.transform((value) => value === true || value === 'true' || value === '1'),
);

export const signerObject = v.object({
  first_name: nameText(),
  last_name: nameText(),
  email: v.pipe(requiredText(), v.email('email_format')),
  address: requiredText(),
  city: requiredText(),
  state_province: v.optional(text(TEXT_MAX_LENGTH), ''),
  postal_code: v.optional(text(TEXT_MAX_LENGTH), ''),
  country_code: v.pipe(
    requiredText(),
    v.toUpperCase(),
    v.check(isCountryCode, 'unknown_country'),
  ),
  phone: v.optional(text(TEXT_MAX_LENGTH)),
  reason: v.optional(text(REASON_MAX_LENGTH, HIDDEN_CHARACTERS_IN_REASON)),
  hidden: v.optional(booleanLike),
});

// The country's postal code and subdivision rules come from the caller's address book: the
// servers know every country, the browser those whose chunk has arrived.
function signerSchema(addresses: AddressBook) {
  return v.pipe(
    signerObject,
    v.forward(
      v.partialCheck(
        [['country_code'], ['postal_code']],
        (input) => postalCodeProblem(addresses(input.country_code), input.postal_code) === undefined,
        (issue) => postalCodeProblem(addresses(issue.input.country_code), issue.input.postal_code) ?? 'required',
      ),
      ['postal_code'],
    ),
    v.forward(
      v.partialCheck(
        [['country_code'], ['state_province']],
        (input) => subdivisionProblem(addresses(input.country_code), input.state_province) === undefined,
        (issue) => subdivisionProblem(addresses(issue.input.country_code), issue.input.state_province) ?? 'required',
      ),
      ['state_province'],
    ),
    v.transform((input) => ({ ...input, ...cleanAddress(addresses(input.country_code), input) })),
  );
}
const schemas = new WeakMap<AddressBook, ReturnType<typeof signerSchema>>();

export type SignerValidation =
  | { success: true; output: SignerInput }
  | { success: false; problems: FieldProblem[] };

/**
 * Validates a signer's fields. Blank optional fields become absent; text is NFC and trimmed; the
 * postal code is laid out as the country's post writes it and the subdivision is its key (see
 * addresses/). At most one problem per field (the first rule it breaks), in SIGNER_FIELDS order.
 * Anything that is not an object is treated as no fields at all.
 */
export function validateSigner(input: unknown, addresses: AddressBook): SignerValidation {
  const fields = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  let schema = schemas.get(addresses);
  if (!schema) schemas.set(addresses, (schema = signerSchema(addresses)));
  const result = v.safeParse(schema, fields);
  if (result.success) {
    const output: SignerInput = { ...result.output };
    if (!output.phone) delete output.phone;
    if (!output.reason) delete output.reason;
    if (output.hidden === undefined) delete output.hidden;
    return { success: true, output };
  }
  const byField = new Map<SignerField, FieldProblem>();
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as SignerField | undefined;
    if (!field || byField.has(field)) continue;
    // A missing key is reported by the object schema with valibot's own wording: it is 'required'.
    const code = problemCodes.has(issue.message) ? (issue.message as ProblemCode) : 'required';
    const example = code === 'postal_code_format' ? postalCodeExample(addresses(String((fields as { country_code?: unknown }).country_code).trim().toUpperCase())) : undefined;
    byField.set(field, { field, code, message: problemMessage(field, code, example) });
  }
  const problems = SIGNER_FIELDS.flatMap((field) => byField.get(field) ?? []);
  return { success: false, problems };
}
