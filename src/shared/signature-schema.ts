// The signer's fields and their rules (docs/api.md, "Submitting a signature"), one schema
// for the browser form, the proxy's re-validation and the service, so all three agree.
import * as v from 'valibot';
import { cleanAddress, postalCodeProblem, subdivisionProblem } from './addresses/address-check.js';
import type { AddressBook } from './addresses/country-address.js';
import { postalCodeExample } from './addresses/postal-code.js';
import { isCountryCode } from './countries.js';
import { PROBLEM_CODES, SIGNER_FIELDS, TEXT_MAX_LENGTH, REASON_MAX_LENGTH, problemMessage } from './signer-fields.js';
import type { FieldProblem, ProblemCode, SignerField, SignerInput } from './signer-fields.js';

const problemCodes = new Set<string>(PROBLEM_CODES);

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
    // Not text (or absent): valibot's own message, which validateSigner reads as 'required'.
    v.string(),
    v.maxLength(maxLength, 'too_long'),
    v.check((value) => !hidden.test(value), 'hidden_characters'),
    v.transform((value) => value.normalize('NFC').trim()),
    v.maxLength(maxLength, 'too_long'),
  );
const requiredText = (maxLength = TEXT_MAX_LENGTH) =>
  v.pipe(text(maxLength), v.nonEmpty());
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
        (issue) => postalCodeProblem(addresses(issue.input.country_code), issue.input.postal_code)!,
      ),
      ['postal_code'],
    ),
    v.forward(
      v.partialCheck(
        [['country_code'], ['state_province']],
        (input) => subdivisionProblem(addresses(input.country_code), input.state_province) === undefined,
        (issue) => subdivisionProblem(addresses(issue.input.country_code), issue.input.state_province)!,
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
    // A missing key, a value that is not text and an empty one are reported with valibot's own
    // wording: each is 'required'.
    const code = problemCodes.has(issue.message) ? (issue.message as ProblemCode) : 'required';
    const example = code === 'postal_code_format' ? postalCodeExample(addresses(String((fields as { country_code?: unknown }).country_code).trim().toUpperCase())) : undefined;
    byField.set(field, { field, code, message: problemMessage(field, code, example) });
  }
  const problems = SIGNER_FIELDS.flatMap((field) => byField.get(field) ?? []);
  return { success: false, problems };
}
