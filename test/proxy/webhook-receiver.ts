// A campaign's webhook endpoint for the proxy's tests: records every POST with the verdict of its
// X-Petition-* signature (checked with the endpoint's secret), and can be told to fail or to stop.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyCallbackSignature, type CallbackVerdict } from '../../src/shared/signing.js';

export interface ReceivedWebhook {
  verdict: CallbackVerdict;
  idempotencyKey: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  /** The status to answer with; 2xx accepts. */
  answerWith = 204;
  url = '';
  #server: Server | undefined;
  #port = 0;

  constructor(readonly secret: string) {}

  async start(): Promise<this> {
    this.#server = createServer((request, response) => {
      let text = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (text += chunk));
      request.on('end', async () => {
        const verdict = await verifyCallbackSignature(
          this.secret,
          request.headers['x-petition-timestamp'] as string | undefined,
          request.headers['x-petition-signature'] as string | undefined,
          text,
        );
        this.received.push({
          verdict,
          idempotencyKey: request.headers['idempotency-key'] as string | undefined,
          contentType: request.headers['content-type'],
          body: JSON.parse(text) as Record<string, unknown>,
        });
        response.writeHead(this.answerWith).end();
      });
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.#port, '127.0.0.1', resolve));
    this.#port = (this.#server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.#port}/hooks/signatures`;
    return this;
  }

  /** Stops listening (the endpoint is "down"); start() brings it back on the same port. */
  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()).closeAllConnections());
  }
}
