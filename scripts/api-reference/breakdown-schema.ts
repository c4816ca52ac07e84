// The signatures-by-place answer (src/shared/types.ts SignatureBreakdown), the same body from the
// service and, cached, from the proxy: its schema and an example that keeps the withholding rule.
import { MINIMUM_GROUP } from '../../src/service/geography/small-groups.js';
import type { CountryBreakdown, SignatureBreakdown } from '../../src/shared/types.js';
import { objectSchema, schemaRef, type JsonSchema } from './object-schema.js';
import { jsonResponse, type OpenApiObject } from './response-objects.js';

const count: JsonSchema = { type: 'integer', minimum: 0 };
/** An "other" total: what is left over, in no group shown (any number: it tells nothing the list does not). */
const otherCount: JsonSchema = count;
const shownCount: JsonSchema = { type: 'integer', minimum: MINIMUM_GROUP };

const countrySchema = objectSchema<CountryBreakdown>(
  {
    country_code: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2.' },
    country_name: { type: 'string', description: 'The English short name of country_code.' },
    signature_count: shownCount,
    regions: {
      type: 'array',
      description: 'Largest first. state_province as stored (see Signature).',
      items: { type: 'object', properties: { state_province: { type: 'string', minLength: 1 }, signature_count: shownCount }, required: ['state_province', 'signature_count'], additionalProperties: false },
    },
    other_count: { ...otherCount, description: "The country's listed signatures in no region shown, or with no region." },
  },
  {},
);

export const signatureBreakdownSchema = objectSchema<SignatureBreakdown>(
  {
    signature_count: { ...count, description: 'Every counted signature, hidden ones included (in other_count).' },
    minimum_group: { const: MINIMUM_GROUP, description: 'No country or region with fewer signatures is shown.' },
    countries: { type: 'array', items: countrySchema, description: 'Largest first, ties by country_code.' },
    other_count: { ...otherCount, description: 'Signatures in no country shown: listed ones in countries below minimum_group, and every hidden signer.' },
  },
  {},
  {
    description: `Counted signatures by country and region. Countries and regions count listed signers only, whose places the list shows anyway; a hidden signer is in no group, only in the top-level other_count. A group of fewer than ${MINIMUM_GROUP} is left out and counted in the other_count beside it.`,
  },
);

const exampleBreakdown: SignatureBreakdown = {
  signature_count: 2395,
  minimum_group: MINIMUM_GROUP,
  countries: [
    { country_code: 'GB', country_name: 'United Kingdom', signature_count: 2100, regions: [{ state_province: 'ENG', signature_count: 1800 }, { state_province: 'SCT', signature_count: 240 }, { state_province: 'WLS', signature_count: 52 }], other_count: 8 },
    { country_code: 'IE', country_name: 'Ireland', signature_count: 270, regions: [], other_count: 270 },
  ],
  other_count: 25,
};

/** The 200 of both servers' breakdown route. */
export function breakdownAnswer(description: string, headers: Record<string, OpenApiObject>): OpenApiObject {
  return jsonResponse(description, schemaRef('SignatureBreakdown'), { breakdown: { summary: 'Two countries shown, 25 signatures elsewhere', value: exampleBreakdown } }, headers);
}
