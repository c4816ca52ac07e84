// The signer's fields as JSON Schema, derived from the one valibot schema that the form, the proxy
// and the service validate with (src/shared/signature-schema.ts), so the reference cannot drift
// from it. JSON Schema cannot say everything that schema checks; the descriptions say the rest.
import { toJsonSchema } from '@valibot/to-json-schema';
import { signerObject } from '../../src/shared/signature-schema.js';
import { type SignerField } from '../../src/shared/signer-fields.js';
import type { JsonSchema } from './object-schema.js';

/** What each field's valibot checks add beyond type and length (after NFC and trimming). */
const FIELD_RULES: Record<SignerField, string> = {
  first_name: 'Required, not blank, must contain a letter.',
  last_name: 'Required, not blank, must contain a letter.',
  email: 'Required: an email address. One signature per address per petition.',
  address: 'Required, not blank. Never returned by any endpoint.',
  city: 'Required, not blank.',
  state_province:
    "Where the country's addresses carry a subdivision from a list (US states, Japanese prefectures, …): one of them, by key, name or ISO 3166-2 code, stored as the address data's key (`CA`, `東京都`); else `unknown_subdivision`. Required where the country's addresses need it; elsewhere free text, or empty.",
  postal_code:
    "Must match the country's pattern (`postal_code_format`, with an example); stored upper case in the post's layout (`SW1A 1AA`). May be empty only where the country has no postal codes. Never returned.",
  country_code: 'ISO 3166-1 alpha-2 (any case; stored upper-case).',
  phone: 'Optional. Never returned.',
  reason: 'Optional; the one field that may hold tabs and line breaks. Never returned.',
  hidden: 'Optional: true keeps the name out of every list (the signature is still counted). Default false.',
};

const TEXT_RULE =
  'Text is normalised to Unicode NFC and trimmed; C0/C1 control characters, bidi embeddings, overrides and isolates, and lone surrogates are refused.';

/**
 * The signer's fields as sent (valibot's input type): what a request body may carry. The checks
 * JSON Schema cannot express (`check` actions) are left to the descriptions.
 */
export function signerFieldsSchema(): JsonSchema {
  const converted = toJsonSchema(signerObject, { target: 'draft-2020-12', typeMode: 'input', ignoreActions: ['check'] }) as JsonSchema;
  const { $schema: _dialect, ...schema } = converted;
  const properties = schema.properties as Record<SignerField, JsonSchema>;
  for (const [field, rule] of Object.entries(FIELD_RULES) as [SignerField, string][]) {
    properties[field] = { ...properties[field], description: rule };
  }
  return {
    description: `The signer's fields, validated before anything is queued; each problem is one message "field: …". ${TEXT_RULE}`,
    ...schema,
  };
}
