// A real local callback endpoint for the auth-key tests: records every POST with the verdict
// of its X-Petition-* signature, and can be told to fail.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyCallbackSignature } from '../../src/shared/signing.js';
import type { CallbackVerdict } from '../../src/shared/signing.js';

interface ReceivedCallback {
  verdict: CallbackVerdict;
  contentType: string | undefined;
  payload: Record<string, unknown>;
}

export interface CallbackReceiver {
  url: string;
  received: ReceivedCallback[];
  /** Status to answer with; 2xx accepts. */
  answerWith: number;
  /** Every POST, answered with any status. */
  attempts: number;
  close(): Promise<void>;
}

export async function startCallbackReceiver(secret: string, port = 0): Promise<CallbackReceiver> {
  const receiver: CallbackReceiver = { url: '', received: [], answerWith: 204, attempts: 0, close: async () => {} };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      receiver.attempts++;
      const verdict = await verifyCallbackSignature(
        secret,
        request.headers['x-petition-timestamp'] as string | undefined,
        request.headers['x-petition-signature'] as string | undefined,
        body,
      );
      if (receiver.answerWith < 300) {
        receiver.received.push({ verdict, contentType: request.headers['content-type'], payload: JSON.parse(body) });
      }
      response.writeHead(receiver.answerWith).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callbacks/auth-keys`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()).closeAllConnections());
  return receiver;
}
