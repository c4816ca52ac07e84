// Signatures submitted one after another while a test copies the service's database, each 202
// noted with its signer's last name, when it was sent and when it was answered, so the test can
// tell which came before the copy began and which were only sent after a point in time.
import { signerFields, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';

export interface SignatureStream {
  /** Every signature answered 202 so far: its last name (each signer has its own), when it was sent and when answered. */
  answered: Array<{ lastName: string; sent: number; at: number }>;
  /** Stops sending and resolves once the last answer is in. */
  stop(): Promise<void>;
}

/** Starts the stream (one in four signers hidden) and resolves once `atLeast` were answered 202. */
export async function streamSignatures(t: TestService, source: string, key: string, atLeast = 40): Promise<SignatureStream> {
  const answered: SignatureStream['answered'] = [];
  let stopped = false;
  let sent = 0;
  let failure: unknown;
  const running = (async () => {
    while (!stopped) {
      const fields = signerFields({ hidden: sent++ % 4 === 0 ? 'true' : '0' });
      const lastName = fields.find(([name]) => name === 'last_name')![1];
      const sentAt = Date.now();
      const response = await submitSignature(t, source, key, fields);
      await response.arrayBuffer();
      if (response.status === 202) answered.push({ lastName, sent: sentAt, at: Date.now() });
    }
  })().catch((error: unknown) => (failure = error));
  while (answered.length < atLeast) {
    if (failure !== undefined) throw failure;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return {
    answered,
    async stop() {
      stopped = true;
      await running;
      if (failure !== undefined) throw failure;
    },
  };
}
