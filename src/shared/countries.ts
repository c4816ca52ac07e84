// ISO 3166-1 alpha-2 country codes, shared by the browser (the country select) and the
// servers (validation). Names are not stored here: the browser asks Intl.DisplayNames in the
// page's language, the service asks it in English, so no bundle carries a name table.

const ISO_3166_ALPHA2 =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW ';

/** All 249 officially assigned ISO 3166-1 alpha-2 codes, in alphabetical order. */
export const COUNTRY_CODES: readonly string[] = ISO_3166_ALPHA2.trim().split(' ');

const codeSet = new Set(COUNTRY_CODES);

export function isCountryCode(value: string): boolean {
  return codeSet.has(value);
}

/**
 * Countries without a postal code system: there the signer may leave the postal code empty
 * (docs/api.md "Submitting a signature": "may be empty only where the country has none").
 */
const WITHOUT_POSTAL_CODES = new Set(
  ('AE AG AO AQ AW BF BI BJ BO BQ BS BW BZ CD CF CG CI CK CM CW DJ DM ER FJ GA GD GH GM GQ GY ' +
    'HK JM KI KM KN KP LY ML MO MR MS MW NR NU QA RW SB SC SL SO SR SS ST SX SY TD TF TG TK TL TO ' +
    'TT TV UG VU YE ZW').split(' '),
);

/**
 * Countries whose postal addresses need a state, province or prefecture; elsewhere (most of
 * Europe, for instance) the signer may leave it empty.
 */
const WITH_REQUIRED_SUBDIVISION = new Set('AR AU BR CA CN IN IT JP MX MY US'.split(' '));

export function countryHasPostalCodes(code: string): boolean {
  return !WITHOUT_POSTAL_CODES.has(code);
}

export function countryRequiresSubdivision(code: string): boolean {
  return WITH_REQUIRED_SUBDIVISION.has(code);
}
