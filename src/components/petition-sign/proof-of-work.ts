// The proof of work a signature carries (src/proxy/proof/proof-of-work.ts): a chunk of its own,
// loaded on the element's first focus, that fetches a challenge and solves it while the person
// types. Sending waits for it only when the person is quicker (the form then says so, politely),
// and a proof the proxy refuses (spent, expired, or from before its key changed) is replaced,
// once, without a word; one refused as too easy (the petition's difficulty was raised while the
// person typed) too, but saying so as above, since the harder one may take seconds. What it can,
// it does here rather than in sign-flow.ts: the bundle's budget is tight (test/bundle/bundle.test.ts).
import type { SignatureSubmission } from '../../shared/consent.js';
import { PROOF_FIELD, type Challenge, type Proof } from '../../shared/proof.js';
import type { SubmissionResult } from '../../shared/types.js';
import type { AddressBook } from '../../shared/addresses/country-address.js';
import type { Translator } from '../i18n/translator.js';
import { RequestFailure, petitionUrl, request } from '../petition-api.js';
import { solveChallenge } from './proof-solver.js';
import type { SignState } from './sign-state.js';
import { answerTo, problemsOf, submitSignature, type Answer } from './submission.js';

/** Where the element sends (its proxy and petition, as they are now). */
interface Element {
  endpoint?: string;
  petitionId: number;
}

/** The element's flow (sign-flow.ts), told when a signature waits for its proof; its words for a refusal. */
interface Sender {
  readonly translator: Translator;
  /** The address rules loaded, for the words of a refused postal code or subdivision. */
  readonly addresses: AddressBook;
  go(phase: SignState): void;
}

/** What sign-flow.ts gets: named, so that the library's declarations can name it too. */
export interface SignatureProof {
  send(sender: Sender, signer: SignatureSubmission, signal: AbortSignal): Promise<Answer>;
}

const proofs = new WeakMap<Element, ProofOfWork>();

/** The element's proof of work, begun on the first call. */
export function proofOf(element: Element): SignatureProof {
  let proof = proofs.get(element);
  if (!proof) proofs.set(element, (proof = new ProofOfWork(element)));
  return proof;
}

class ProofOfWork {
  #solving!: Promise<Proof>;
  #solved = false;
  /** The proxy and petition the proof is for: the element may be moved to another. */
  #target = '';

  constructor(private readonly element: Element) {
    this.#solve();
  }

  /** Sends the signature with a solved proof, and says what came of it (submission.ts). */
  async send(sender: Sender, signer: SignatureSubmission, signal: AbortSignal): Promise<Answer> {
    try {
      const result = await this.#send(sender, signer, signal);
      return { kind: 'signed', duplicate: false, withdrawUrl: result.withdraw_url };
    } catch (error) {
      return answerTo(sender.translator, error, sender.addresses(signer.country_code));
    }
  }

  /**
   * Sends, saying so first when the proof is not solved yet. Failed, the proof may be spent (the
   * proxy spends it before asking the service): a new one is begun.
   */
  async #send(sender: Sender, signer: SignatureSubmission, signal: AbortSignal, retried = false): Promise<SubmissionResult> {
    if (this.#target !== this.#targetNow()) this.#solve();
    if (!this.#solved && !retried) sender.go({ kind: 'sending', note: 'proofWaiting' });
    // A challenge that could not be fetched (the network, say) is asked for again now.
    const proof = await this.#solving.catch(() => this.#solve());
    try {
      return await submitSignature(this.element.endpoint, this.element.petitionId, { ...signer, proof }, signal);
    } catch (error) {
      this.#solve();
      const refusal = error instanceof RequestFailure ? problemsOf(error.body).find((problem) => problem.field === PROOF_FIELD) : undefined;
      if (!refusal || retried) throw error;
      if (refusal.code === 'too_easy') sender.go({ kind: 'sending', note: 'proofWaiting' });
      return this.#send(sender, signer, signal, true);
    }
  }

  #targetNow(): string {
    return `${this.element.endpoint} ${this.element.petitionId}`;
  }

  #solve(): Promise<Proof> {
    this.#solved = false;
    this.#target = this.#targetNow();
    const solving = request<Challenge>(petitionUrl(this.element.endpoint, this.element.petitionId, '/challenge'), {})
      .then(solveChallenge)
      .then((proof) => {
        if (!proof) throw new RequestFailure(502);
        if (solving === this.#solving) this.#solved = true;
        return proof;
      });
    // Nobody may be waiting yet: a failure is met by the next send.
    solving.catch(() => undefined);
    return (this.#solving = solving);
  }
}
