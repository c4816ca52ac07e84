// The phases of <petition-sign> and what moves it between them: loading the petition, signing,
// the thank-you, and every failure on the way. One typed state (sign-state.ts), one place that
// moves focus on arriving in a phase, and the editor's console advice when it cannot work.
import type { SignatureProof } from './proof-of-work.js';
import { Task } from '@lit/task';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { AddressBook } from '../../shared/addresses/country-address.js';
import type { SignatureSubmission } from '../../shared/consent.js';
import type { PetitionSummary } from '../../shared/types.js';
import { ProblemReporter, diagnose } from '../embed-problem.js';
import { proxyBase } from '../endpoint.js';
import type { Translator } from '../i18n/translator.js';
import { RequestFailure, fetchPetition } from '../petition-api.js';
import { PetitionSignedEvent, PetitionSignedListener } from '../petition-signed-event.js';
import { hasOperatorNotice } from './operator-notice.js';
import { FRESH_FORM, focusTarget, stateForPetition, type SignState } from './sign-state.js';
import type { Signed } from './submission.js';

/**
 * The signer schema, with valibot's engine, is a chunk of its own: it checks a form only when it
 * is sent, so it need not weigh on the bundle every page loads (test/bundle/bundle.test.ts).
 */
let schema: typeof import('../../shared/signature-schema.js') | undefined;
/** What the form sends and the words for its problems (form-outcome.ts): needed from the same moment. */
let outcome: typeof import('./form-outcome.js') | undefined;
const signerSchema = () =>
  Promise.all([import('../../shared/signature-schema.js'), import('./form-outcome.js')]).then(([checks, words]) => {
    schema = checks;
    outcome = words;
  });

export interface SignFlowHost extends ReactiveControllerHost, HTMLElement {
  petitionId: number;
  endpoint?: string;
  thanksUrl?: string;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class SignFlow implements ReactiveController {
  phase: SignState = { kind: 'loading' };
  /** The last petition summary loaded: a failed refresh must not take the form or thank-you away. */
  petition?: PetitionSummary;
  /**
   * The share step's code, fetched on the first signature: only signers need it, and the proxy
   * that just took the signature is there to serve it. Without it the thank-you stands alone.
   */
  shareStep?: typeof import('./share-step.js');
  private focusedFor?: SignState;
  private readonly reporter = new ProblemReporter('petition-sign');

  private readonly petitionRequest = new Task(this.host, {
    autoRun: false,
    task: async ([endpoint, petitionId]: readonly [string | undefined, number], { signal }) => {
      const petition = await fetchPetition(endpoint, petitionId, signal);
      if (!hasOperatorNotice(petition?.operator)) throw new RequestFailure(502);
      return petition;
    },
    onComplete: (petition) => {
      this.petition = petition;
      this.go(stateForPetition(petition, this.phase, proxyBase(this.host.endpoint)));
    },
    onError: (error) => void this.loadFailed(error),
  });

  /** The proof of work's chunk sends, and reads the answer (submission.ts): signed, or the form again. */
  private readonly submitRequest = new Task(this.host, {
    autoRun: false,
    task: async ([signer]: readonly [SignatureSubmission], { signal }) => (await this.touched()).send(this, signer, signal),
    onComplete: (answer) => (answer.kind === 'signed' ? this.signed(answer) : this.go(answer)),
    // Only a chunk that could not be loaded gets here: the chunk answers for everything else.
    onError: () => this.go({ ...FRESH_FORM, summary: [this.translator.t('ourProblem')] }),
  });

  constructor(
    private readonly host: SignFlowHost,
    /** Public for the proof of work's chunk, which words a refused submission. */
    readonly translator: Translator,
    /** The address rules loaded so far (country-addresses.ts); public for the same reason. */
    readonly addresses: AddressBook,
  ) {
    host.addController(this);
    // Another element on the page signed this petition: the count here follows it.
    new PetitionSignedListener(host, () => void this.petitionRequest.run([host.endpoint, host.petitionId]));
    // The form's first touch (focus anywhere in the element) begins the proof of work, and
    // fetches the signer schema the submit button needs.
    host.addEventListener('focusin', () => {
      this.touched().catch(() => undefined);
      signerSchema().catch(() => undefined);
    });
  }

  /** A new petition or proxy: its own notice, count and form, never the previous one's thank-you. */
  restart(): void {
    this.petition = undefined;
    if (this.host.petitionId > 0) this.retryLoad();
    else this.go({ kind: 'failed', problem: { kind: 'missing-petition-id' }, retry: false });
  }

  retryLoad(): void {
    this.go({ kind: 'loading' });
    void this.petitionRequest.run([this.host.endpoint, this.host.petitionId]);
  }

  /** The proof of work (its own chunk, which keeps one per element), begun on the first touch. */
  touched(): Promise<SignatureProof> {
    return import('./proof-of-work.js').then((module) => module.proofOf(this.host));
  }

  /** Validates with the shared schema; only a valid signature is sent, and only once at a time. */
  submit(form: HTMLFormElement): void {
    if (this.phase.kind !== 'form') return;
    if (!schema || !outcome || !this.translator.allWordsHere) {
      // Sent before the form's first touch had brought all it needs (a script's submit, or a
      // press at once): once the schema and the problems' words are here, for the problems are
      // written when they are found (without the words, a summary of empty links). A second
      // press meanwhile finds the first one sending.
      Promise.all([signerSchema(), this.translator.allWords()]).then(
        () => this.check(form),
        () => this.go({ ...FRESH_FORM, summary: [this.translator.t('ourProblem')] }),
      );
      return;
    }
    this.check(form);
  }

  private check(form: HTMLFormElement): void {
    if (this.phase.kind !== 'form' || !schema || !outcome) return;
    const { readSigner, shownProblems, submissionFrom } = outcome;
    const fields = readSigner(form);
    const validation = schema.validateSigner(fields, this.addresses);
    if (!validation.success) {
      const address = this.addresses(String(fields['country_code'] ?? ''));
      return this.go({ ...FRESH_FORM, problems: shownProblems(this.translator, validation.problems, address) });
    }
    this.go({ kind: 'sending' });
    void this.submitRequest.run([submissionFrom(form, validation.output, this.translator.tag)]);
  }

  async copy(url: string): Promise<void> {
    if (this.phase.kind !== 'thanked' || !this.shareStep) return;
    this.go({ ...this.phase, copy: (await this.shareStep.copyLink(url)) ? 'copied' : 'failed' });
  }

  hostUpdated(): void {
    // The one place focus moves: on arriving in a phase, where the person needs to be next.
    if (this.focusedFor !== this.phase) {
      const target = focusTarget(this.phase, this.focusedFor);
      this.focusedFor = this.phase;
      if (target) this.host.renderRoot.querySelector<HTMLElement>(target)?.focus();
      // Focus scrolls the thank-you into view; the count just above it, which went up, stays there too.
      if (target === '.thanks') this.host.renderRoot.querySelector('.count')?.scrollIntoView({ block: 'nearest' });
    }
    this.reporter.report(this.phase.kind === 'failed' || this.phase.kind === 'unavailable' ? this.phase.problem : undefined);
  }

  /** Public for the proof of work's chunk, which says when a signature waits for it. */
  go(phase: SignState): void {
    this.phase = phase;
    this.host.requestUpdate();
  }

  private async loadFailed(error: unknown): Promise<void> {
    // A refresh that fails (after signing, say) keeps what is on screen.
    if (this.petition) return;
    const problem = await diagnose(error, this.host.endpoint, this.host.petitionId);
    this.go({ kind: 'failed', problem, retry: problem.kind === 'load-failed' || problem.kind === 'unreachable' });
  }

  private signed({ duplicate, withdrawUrl }: Signed): void {
    // A duplicate gets the same thank-you: the form never says whether an address has signed.
    if (!duplicate) this.host.dispatchEvent(new PetitionSignedEvent({ petitionId: this.host.petitionId, endpoint: proxyBase(this.host.endpoint) }));
    const thanksUrl = this.host.thanksUrl && new URL(this.host.thanksUrl, location.href);
    if (thanksUrl && /^https?:$/i.test(thanksUrl.protocol)) location.assign(thanksUrl.href);
    this.go({ kind: 'thanked', copy: 'idle', withdrawUrl });
    void this.petitionRequest.run([this.host.endpoint, this.host.petitionId]);
    if (!this.shareStep) {
      import('./share-step.js').then(
        (module) => {
          this.shareStep = module;
          this.host.requestUpdate();
        },
        () => {},
      );
    }
  }
}
