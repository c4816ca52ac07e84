// The opt-ins a signer ticked, as a proxy passes them on with the signature (docs/api.md "Which
// opt-ins the signer ticked") and the service counts them for the campaign's opt-in rates: an
// optional field of the signed signature POST that only a proxy sends, the ids comma-separated.
// Present and empty means the signer ticked none; absent means not known (an older proxy, a
// signature queued before it sent them), and the service leaves such a signature out of the rates.
import { OPT_IN_ID, OPT_INS_MAX } from './consent.js';

export const OPT_INS_FIELD = 'opt_ins';

const OPT_INS_PROBLEM = `${OPT_INS_FIELD}: must be at most ${OPT_INS_MAX} opt-in ids separated by commas, each of a-z, 0-9, _ and - (at most 64 characters, starting with a letter or digit)`;

/** The field's value for these ids: sorted and without repeats, so equal sets are sent alike. */
export function optInsValue(ids: readonly string[]): string {
  return [...new Set(ids)].sort().join(',');
}

/**
 * The ids in a submission's parameters, checked: undefined when the field is absent (not known),
 * a problem (`opt_ins: …`) when it is not what a proxy sends.
 */
export function readOptIns(values: Record<string, unknown>): { optIns: string[] | undefined; problems: string[] } {
  const value = values[OPT_INS_FIELD];
  if (value === undefined || value === null) return { optIns: undefined, problems: [] };
  if (typeof value !== 'string') return { optIns: undefined, problems: [OPT_INS_PROBLEM] };
  if (value === '') return { optIns: [], problems: [] };
  const ids = value.split(',');
  if (ids.length > OPT_INS_MAX || ids.some((id) => !OPT_IN_ID.test(id))) return { optIns: undefined, problems: [OPT_INS_PROBLEM] };
  return { optIns: [...new Set(ids)].sort(), problems: [] };
}
