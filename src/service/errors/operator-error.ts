// A refusal of an operator's admin command that the operator can act on; the CLI prints its
// message as is (it never carries secrets or signers' data).
export class OperatorError extends Error {
  override name = 'OperatorError';
}
