// A signature's POST and what its answer comes to: signed (a duplicate, which the proxy answers
// 202 like any other, or an older proxy 409, is thanked the same, with its withdrawal link), or
// what the form shows of a refusal. In the proof of work's chunk (proof-of-work.ts sends every
// submission): nothing here runs before one, and the bundle's budget is tight
// (test/bundle/bundle.test.ts).
import type { CountryAddress } from '../../shared/addresses/country-address.js';
import type { SignatureSubmission } from '../../shared/consent.js';
import type { Proof } from '../../shared/proof.js';
import { SIGNATURE_NOT_ACCEPTED } from '../../shared/signature-refusals.js';
import { PROBLEM_CODES, SIGNER_FIELDS, parseProblem } from '../../shared/signer-fields.js';
import type { ProblemCode, SignerField } from '../../shared/signer-fields.js';
import type { FailureBody, FieldProblemRef, SubmissionResult } from '../../shared/types.js';
import type { Translator } from '../i18n/translator.js';
import { RequestFailure, petitionUrl, request } from '../petition-api.js';
import { shownProblems } from './form-outcome.js';
import { FRESH_FORM, type FormPhase } from './sign-state.js';

/** A signature taken: `duplicate` when the address had signed already (the proxy's 409). */
export interface Signed {
  kind: 'signed';
  duplicate: boolean;
  /** The proxy's link for the signer to take the signature back, when it sent one. */
  withdrawUrl: string | undefined;
}

/** Signed, or the form again with what it says of the refusal. */
export type Answer = Signed | FormPhase;

export function submitSignature(
  endpoint: string | undefined,
  petitionId: number,
  signer: SignatureSubmission & { proof?: Proof },
  signal: AbortSignal,
) {
  return request<SubmissionResult>(petitionUrl(endpoint, petitionId, '/signatures'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signer),
    signal,
  });
}

/** What a failed submission comes to: a 409 is thanked like any other; the rest the form shows. */
export function answerTo(t: Translator, error: unknown, address?: CountryAddress): Answer {
  if (error instanceof RequestFailure && error.status === 409) {
    return { kind: 'signed', duplicate: true, withdrawUrl: (error.body as FailureBody | null)?.withdraw_url };
  }
  return { ...FRESH_FORM, ...submissionFailure(t, error, address) };
}

function messagesOf(body: unknown): string[] {
  const messages = (body as { messages?: unknown } | null)?.messages;
  return Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [];
}

/** A 400's field problems as (field, code), when the proxy named them so. */
export function problemsOf(body: unknown): FieldProblemRef[] {
  const problems = (body as { problems?: unknown } | null)?.problems;
  if (!Array.isArray(problems)) return [];
  return problems.filter(
    (p): p is FieldProblemRef => typeof (p as FieldProblemRef)?.field === 'string' && typeof (p as FieldProblemRef)?.code === 'string',
  );
}

const isField = (name: string): name is SignerField => (SIGNER_FIELDS as readonly string[]).includes(name);
const isCode = (code: string): code is ProblemCode => (PROBLEM_CODES as readonly string[]).includes(code);

/** Text for a refusal that names no field, by its HTTP status (0: no answer at all). */
function refusalText(t: Translator, failure: RequestFailure): string {
  switch (failure.status) {
    case 403:
      // The block lists' refusal is the service's own words (src/shared/signature-refusals.ts),
      // passed on by the proxy; any other 403 (this site refused, a closed petition) is the site's.
      return messagesOf(failure.body).includes(SIGNATURE_NOT_ACCEPTED) ? t.t('signatureNotAccepted') : t.t('refusedHere');
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

type FormOutcome = Pick<FormPhase, 'problems' | 'summary' | 'networkFailed'>;

/** How the form shows a failed submission. */
function submissionFailure(t: Translator, error: unknown, address: CountryAddress | undefined): FormOutcome {
  if (!(error instanceof RequestFailure)) return { problems: [], summary: [t.t('ourProblem')], networkFailed: false };
  if (error.status === 0) return { problems: [], summary: [], networkFailed: true };
  const messages = messagesOf(error.body);
  const coded = problemsOf(error.body).flatMap(({ field, code }) => (isField(field) && isCode(code) ? [{ field, code }] : []));
  const problems = shownProblems(t, coded, address);
  // Field problems sent only as "field: message" (by an older proxy) are shown as sent.
  for (const message of messages) {
    const parsed = parseProblem(message);
    if (parsed && !problems.some((p) => p.field === parsed.field)) problems.push({ field: parsed.field, text: parsed.message });
  }
  // A 400's messages are meant for the signer: those that name no field are shown as sent, even
  // beside field problems, so none is lost. Other statuses get our own words.
  const unplaced = error.status === 400 ? messages.filter((message) => !parseProblem(message)) : [];
  const summary = unplaced.length > 0 || problems.length > 0 ? unplaced : [refusalText(t, error)];
  return { problems, summary, networkFailed: false };
}
