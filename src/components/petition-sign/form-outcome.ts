// What a submission's outcome shows in the form. Problems travel as (field, code), from the
// schema in the browser or from the proxy's 400, and become words here in the element's
// language; refusals that name no field get a sentence of their own by HTTP status.
import { PROBLEM_CODES, SIGNER_FIELDS, TEXT_MAX_LENGTH, REASON_MAX_LENGTH, parseProblem, problemMessage } from '../../shared/signature-schema.js';
import type { ProblemCode, SignerField, SignerInput } from '../../shared/signature-schema.js';
import type { SignatureSubmission } from '../../shared/consent.js';
import type { Translator } from '../i18n/translator.js';
import { RequestFailure } from '../petition-api.js';
import { labelId, problemId } from '../signer-field-text.js';
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

function problemText(t: Translator, field: SignerField, code: ProblemCode): string {
  const id = problemId(field, code);
  if (!id) return problemMessage(field, code);
  // The limit as the schema states it (1000), not as a count of people (1,000).
  const max = String(field === 'reason' ? REASON_MAX_LENGTH : TEXT_MAX_LENGTH);
  return t.t(id, { label: t.t(labelId(field)), max });
}

/** One shown problem per field, in the order given. */
export function shownProblems(t: Translator, problems: ReadonlyArray<{ field: SignerField; code: ProblemCode }>): ShownProblem[] {
  const shown: ShownProblem[] = [];
  for (const { field, code } of problems) {
    if (!shown.some((p) => p.field === field)) shown.push({ field, text: problemText(t, field, code) });
  }
  return shown;
}

const isField = (name: string): name is SignerField => (SIGNER_FIELDS as readonly string[]).includes(name);
const isCode = (code: string): code is ProblemCode => (PROBLEM_CODES as readonly string[]).includes(code);

/** Text for a refusal that names no field, by its HTTP status (0: no answer at all). */
function refusalText(t: Translator, failure: RequestFailure): string {
  switch (failure.status) {
    case 403:
      return t.t('refusedHere');
    case 404:
      return t.t('petitionNotFound');
    case 413:
      return t.t('tooLarge');
    case 429:
      return failure.retryAfter ? t.t('busySeconds', { seconds: failure.retryAfter }) : t.t('busy');
    default:
      return t.t('ourProblem');
  }
}

export interface FormOutcome {
  problems: ShownProblem[];
  summary: string[];
  networkFailed: boolean;
}

/** How the form shows a failed submission (a 409 never gets here: it is thanked like any other). */
export function submissionFailure(t: Translator, error: unknown): FormOutcome {
  if (!(error instanceof RequestFailure)) return { problems: [], summary: [t.t('ourProblem')], networkFailed: false };
  if (error.status === 0) return { problems: [], summary: [], networkFailed: true };
  const coded = error.problems.flatMap(({ field, code }) => (isField(field) && isCode(code) ? [{ field, code }] : []));
  const problems = shownProblems(t, coded);
  // Field problems sent only as "field: message" (by an older proxy) are shown as sent.
  for (const message of error.messages) {
    const parsed = parseProblem(message);
    if (parsed && !problems.some((p) => p.field === parsed.field)) problems.push({ field: parsed.field, text: parsed.message });
  }
  // A 400's messages are meant for the signer: those that name no field are shown as sent, even
  // beside field problems, so none is lost. Other statuses get our own words.
  const unplaced = error.status === 400 ? error.messages.filter((message) => !parseProblem(message)) : [];
  const summary = unplaced.length > 0 || problems.length > 0 ? unplaced : [refusalText(t, error)];
  return { problems, summary, networkFailed: false };
}
