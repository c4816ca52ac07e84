// Sends one signer's submission to the service, signed as docs/api.md "Signing a request" says:
// auth_key is only the rsig salt and never travels, `source` identifies the key. Classifies the
// answer for callers.
import { SIGNER_FIELDS, type SignerInput } from '../shared/signature-schema.js';
import { UpstreamUnavailable, upstreamMessages, type UpstreamClient } from './upstream-client.js';

export type Delivery =
  | { kind: 'accepted' }
  /** The service refused it for good (4xx other than 429): retrying cannot help. */
  | { kind: 'refused'; status: number; messages: string[] }
  /** The service is down, overloaded or slow: worth trying again later. */
  | { kind: 'retry'; reason: string };

/**
 * Whether the service refused this proxy's key rather than the signature. The service's messages
 * start with the parameter at fault (`auth_key: …`), so a 403 naming `auth_key` is a revoked key;
 * any other 403 (`petition is closed`) leaves the key as it is.
 */
export function refusesAuthKey(refusal: { status: number; messages: string[] }): boolean {
  return refusal.status === 403 && refusal.messages.some((message) => message.startsWith('auth_key:'));
}

export function signerPairs(signer: SignerInput): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const field of SIGNER_FIELDS) {
    const value = signer[field];
    if (value !== undefined) pairs.push([field, String(value)]);
  }
  return pairs;
}

export async function deliverSignature(
  client: UpstreamClient,
  petitionId: number,
  source: string,
  authKey: string,
  signer: SignerInput,
): Promise<Delivery> {
  try {
    const answer = await client.postSigned(
      `/petitions/${petitionId}/signatures`,
      [['source', source], ...signerPairs(signer)],
      authKey,
    );
    if (answer.status === 202 || answer.status === 200) return { kind: 'accepted' };
    if (answer.status === 429 || answer.status >= 500) return { kind: 'retry', reason: `service answered ${answer.status}` };
    return { kind: 'refused', status: answer.status, messages: upstreamMessages(answer.body) };
  } catch (error) {
    if (error instanceof UpstreamUnavailable) return { kind: 'retry', reason: error.message };
    throw error;
  }
}
