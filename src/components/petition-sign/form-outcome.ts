// What the form sends, and the words for its problems. Problems travel as (field, code), from
// the schema in the browser or from the proxy's 400, and become words here in the element's
// language. A refused submission's answer is read in the proof of work's chunk (submission.ts).
import { TEXT_MAX_LENGTH, REASON_MAX_LENGTH, problemMessage } from '../../shared/signer-fields.js';
import type { ProblemCode, SignerField, SignerInput } from '../../shared/signer-fields.js';
import type { CountryAddress } from '../../shared/addresses/country-address.js';
import { postalCodeExample } from '../../shared/addresses/postal-code.js';
import type { SignatureSubmission } from '../../shared/consent.js';
import type { Translator } from '../i18n/translator.js';
import { labelId } from '../signer-field-text.js';
import { problemId } from '../signer-problem-text.js';
import { pageAttribution } from './page-attribution.js';
import { HONEYPOT_FIELD, type ShownProblem } from './sign-form.js';

/**
 * What goes to the proxy: the signer's checked fields, the honeypot when a bot filled it, the
 * opt-ins ticked, where the signer came from and the form's language.
 */
export function submissionFrom(form: HTMLFormElement, signer: SignerInput, language: string): SignatureSubmission {
  const data = new FormData(form);
  const trap = data.get(HONEYPOT_FIELD);
  return {
    ...signer,
    ...(typeof trap === 'string' && trap !== '' ? { website: trap } : {}),
    opt_ins: data.getAll('opt_in').map(String),
    attribution: pageAttribution(),
    language,
  };
}

/** The form's fields as the schema reads them; the checkbox is a boolean. */
export function readSigner(form: HTMLFormElement): Record<string, unknown> {
  const data = new FormData(form);
  const fields: Record<string, unknown> = {};
  for (const [name, value] of data) if (typeof value === 'string') fields[name] = value;
  fields['hidden'] = data.has('hidden');
  return fields;
}

function problemText(t: Translator, field: SignerField, code: ProblemCode, address: CountryAddress | undefined): string {
  const id = problemId(field, code);
  const example = postalCodeExample(address);
  // Without the country's rules there is no example to give: the schema's English words say it.
  if (!id || (code === 'postal_code_format' && !example)) return problemMessage(field, code, example);
  // The limit as the schema states it (1000), not as a count of people (1,000).
  const max = String(field === 'reason' ? REASON_MAX_LENGTH : TEXT_MAX_LENGTH);
  return t.t(id, { label: t.t(labelId(field, address)), max, example: example ?? '' });
}

/** One shown problem per field, in the order given; `address` is the rules of the signer's country. */
export function shownProblems(
  t: Translator,
  problems: ReadonlyArray<{ field: SignerField; code: ProblemCode }>,
  address?: CountryAddress,
): ShownProblem[] {
  const shown: ShownProblem[] = [];
  for (const { field, code } of problems) {
    if (!shown.some((p) => p.field === field)) shown.push({ field, text: problemText(t, field, code, address) });
  }
  return shown;
}
