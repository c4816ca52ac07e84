// The proof of work a signature carries (src/proxy/proof/proof-of-work.ts): a chunk of its own,
// loaded when the form is first touched, that fetches a challenge and solves it while the person
// types. Sending waits for it only when the person is quicker (the form then says so, politely),
// and a proof the proxy refuses as spent or expired is replaced, once, without a word.
import { PROOF_FIELD, type Challenge, type Proof } from '../../shared/proof.js';
import { RequestFailure, petitionUrl, request } from '../petition-api.js';
import { solveChallenge } from './proof-solver.js';

export class ProofOfWork {
  #solving: Promise<Proof>;
  #solved = false;

  constructor(
    private readonly endpoint: string | undefined,
    private readonly petitionId: number,
  ) {
    this.#solving = this.#solve();
  }

  /**
   * Calls `post` with a solved proof, after `waiting()` when it is not solved yet. Failed, the
   * proof may be spent (the proxy spends it before asking the service), so a new one is begun.
   */
  async send<T>(post: (proof: Proof) => Promise<T>, waiting: () => void, retried = false): Promise<T> {
    if (!this.#solved) waiting();
    // A challenge that could not be fetched (the network, say) is asked for again now.
    const proof = await this.#solving.catch(() => (this.#solving = this.#solve()));
    try {
      return await post(proof);
    } catch (error) {
      this.#solving = this.#solve();
      // Expired while the form stood open, spent by an earlier try, or issued before the proxy's key changed.
      const refused = error instanceof RequestFailure && error.problems.some((problem) => problem.field === PROOF_FIELD);
      if (!refused || retried) throw error;
      return this.send(post, () => undefined, true);
    }
  }

  #solve(): Promise<Proof> {
    this.#solved = false;
    const solving = request<Challenge>(petitionUrl(this.endpoint, this.petitionId, '/challenge'), {})
      .then(solveChallenge)
      .then((proof) => {
        if (!proof) throw new RequestFailure(502, []);
        this.#solved = true;
        return proof;
      });
    // Nobody may be waiting yet: a failure is met by the next send.
    solving.catch(() => undefined);
    return solving;
  }
}
