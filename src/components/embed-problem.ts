// Why an element cannot work, for the site editor who placed it: said in the page (in the
// element's language, for everyone) and once in the console with the fix (in English, for the
// editor). A browser reports a refused CORS request exactly like an unreachable proxy, so a
// failed load asks the proxy's public embed status to tell the two apart.
import type { EmbedProblem } from './embed-diagnosis.js';
import type { MessageId } from './i18n/catalogue.js';
import type { Translator } from './i18n/translator.js';

export type { EmbedProblem } from './embed-diagnosis.js';

/**
 * What a failed load of the petition (or its signatures) means. The diagnosis is a chunk of its
 * own (embed-diagnosis.ts), needed only when a load fails; if even that cannot be loaded, the
 * failure is one to retry.
 */
export function diagnose(error: unknown, endpoint: string | undefined, petitionId: number): Promise<EmbedProblem> {
  return import('./embed-diagnosis.js').then(
    (diagnosis) => diagnosis.diagnose(error, endpoint, petitionId),
    (): EmbedProblem => ({ kind: 'load-failed' }),
  );
}

/** The words shown in the page, or undefined where the element shows its own state instead. */
export function problemText(t: Translator, problem: EmbedProblem): string {
  const ids: Record<EmbedProblem['kind'], MessageId> = {
    'missing-petition-id': 'missingPetitionId',
    unreachable: 'proxyUnreachable',
    'origin-refused': 'originRefused',
    'unknown-petition': 'unknownPetition',
    key: 'keyPending',
    'load-failed': 'loadFailed',
  };
  if (problem.kind === 'key' && problem.status !== 'pending') return t.t('keyRefused');
  const values = { url: 'url' in problem ? problem.url : '', origin: 'origin' in problem ? problem.origin : '' };
  return t.t(ids[problem.kind], { ...values, id: 'petitionId' in problem ? String(problem.petitionId) : '' });
}

/**
 * One console.warn per element and problem, however often it renders. The advice is in the
 * diagnosis's chunk (embed-diagnosis.ts): only a page whose element cannot work fetches it.
 */
export class ProblemReporter {
  private last = '';

  constructor(private readonly tag: string) {}

  report(problem: EmbedProblem | undefined): void {
    const key = problem ? JSON.stringify(problem) : '';
    if (key === this.last) return;
    this.last = key;
    if (!problem) return;
    import('./embed-diagnosis.js').then(
      (diagnosis) => {
        const text = diagnosis.advice(this.tag, problem);
        if (text) console.warn(text);
      },
      () => {},
    );
  }
}
