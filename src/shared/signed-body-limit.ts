// How large a body carrying a valid signature can be, worked out from the signer schema's own
// limits, so that no body limit ever refuses (413) a signature the schema accepts, in any script.
import { ATTRIBUTION_PARAMETERS, ATTRIBUTION_VALUE_MAX_LENGTH, OPT_INS_MAX, REFERRER_MAX_LENGTH } from './consent.js';
import { REASON_MAX_LENGTH, SIGNER_FIELDS, TEXT_MAX_LENGTH } from './signer-fields.js';
import { OPT_INS_FIELD } from './signature-opt-ins.js';
import { WITHDRAWAL_TOKEN_FIELD, WITHDRAWAL_TOKEN_LENGTH } from './withdrawal-token.js';

/**
 * Form encoding: a UTF-16 unit costs at most 9 bytes (a BMP character outside ASCII is three
 * UTF-8 bytes, each written %XX; an astral character is 12 bytes for its two units). The schema
 * checks lengths in UTF-16 units as sent, so this bounds every accepted value.
 */
const FORM_BYTES_PER_UNIT = 9;
/** JSON: at most 6 bytes a unit (`\uXXXX`; controls, which need no more, are refused anyway). */
const JSON_BYTES_PER_UNIT = 6;

/** A key request's text fields (source and the rest) are at most this long… */
export const KEY_REQUEST_TEXT_MAX_LENGTH = 255;
/** …and its callback_endpoint at most this. */
export const KEY_REQUEST_URL_MAX_LENGTH = 2048;

/** The longest value of each signer field, in UTF-16 units. */
function signerFieldMaxLength(field: (typeof SIGNER_FIELDS)[number]): number {
  if (field === 'reason') return REASON_MAX_LENGTH;
  if (field === 'hidden') return 'false'.length;
  return TEXT_MAX_LENGTH;
}

/**
 * The signing parameters around the signer's fields, at their longest: `api_key`, `source` (a
 * key request's, any script), `auth_key` (64 hex), `timestamp` (nanoseconds and an offset),
 * `endpoint` (a 15-digit petition id), `rsig`; values in units, with the worst encoding applied.
 */
const SIGNING_PARAMETERS: ReadonlyArray<readonly [string, number]> = [
  ['api_key', 255],
  ['source', KEY_REQUEST_TEXT_MAX_LENGTH],
  ['auth_key', 64],
  ['timestamp', '2026-11-22T08:00:00.123456789+00:00'.length],
  ['endpoint', '/v1/petitions/123456789012345/signatures'.length],
  ['rsig', 64],
];

function formBytes(parameters: Iterable<readonly [string, number]>): number {
  let bytes = 0;
  // name=value&, the name itself plain ASCII.
  for (const [name, units] of parameters) bytes += name.length + 2 + units * FORM_BYTES_PER_UNIT;
  return bytes;
}

/** `opt_ins=` with every opt-in id at its longest: plain ASCII (1 byte each), the commas written %2C. */
function optInsFormBytes(): number {
  return OPT_INS_FIELD.length + 2 + OPT_INS_MAX * 64 + (OPT_INS_MAX - 1) * '%2C'.length;
}

/** The largest form body of a signed request the rules accept: a signature or a key request. */
export function worstCaseSignedFormBytes(): number {
  const signature = formBytes([
    ...SIGNER_FIELDS.map((field) => [field, signerFieldMaxLength(field)] as const),
    [WITHDRAWAL_TOKEN_FIELD, WITHDRAWAL_TOKEN_LENGTH],
    ...SIGNING_PARAMETERS,
  ]) + optInsFormBytes();
  const keyRequest = formBytes([
    ['source_description', KEY_REQUEST_TEXT_MAX_LENGTH],
    ['requester_email', KEY_REQUEST_TEXT_MAX_LENGTH],
    ['callback_endpoint', KEY_REQUEST_URL_MAX_LENGTH],
    ...SIGNING_PARAMETERS,
  ]);
  return Math.max(signature, keyRequest);
}

/**
 * The largest JSON object of the signer's fields (plus `extraFields` more text fields of at most
 * TEXT_MAX_LENGTH, such as a honeypot) that the schema accepts.
 */
export function worstCaseSignerJsonBytes(extraFields: readonly string[] = []): number {
  let bytes = 2;
  const add = (name: string, units: number) => {
    // "name":"value",
    bytes += name.length + 6 + units * JSON_BYTES_PER_UNIT;
  };
  for (const field of SIGNER_FIELDS) add(field, signerFieldMaxLength(field));
  for (const name of extraFields) add(name, TEXT_MAX_LENGTH);
  return bytes;
}

/**
 * The largest JSON the form adds beside the signer's fields (src/shared/consent.ts): every
 * opt-in id at its longest, every attribution value at its limit, a long language tag.
 */
export function worstCaseConsentJsonBytes(): number {
  const optIns = '"opt_ins":[],'.length + OPT_INS_MAX * ('"",'.length + 64);
  const attribution =
    '"attribution":{},'.length +
    ATTRIBUTION_PARAMETERS.reduce((bytes, name) => bytes + name.length + 6 + ATTRIBUTION_VALUE_MAX_LENGTH * JSON_BYTES_PER_UNIT, 0) +
    '"referrer":"",'.length + REFERRER_MAX_LENGTH * JSON_BYTES_PER_UNIT;
  const language = '"language":"",'.length + 35;
  return optIns + attribution + language;
}

/** A body limit of at least `floor` that admits `worstCase`, rounded up to whole KiB. */
export function bodyLimitFor(worstCase: number, floor = 16 * 1024): number {
  return Math.max(floor, Math.ceil(worstCase / 1024) * 1024);
}
