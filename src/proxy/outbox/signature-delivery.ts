// Sends one signer's submission to the service, signed as docs/api.md "Signing a request" says:
// auth_key is only the rsig salt and never travels, `source` identifies the key. Classifies the
// answer for callers: the one place that decides whose fault a refusal is.
import { SIGNER_FIELDS, parseProblem, type SignerInput } from '../../shared/signer-fields.js';
import { originPairs } from '../../shared/signature-origin.js';
import { OPT_INS_FIELD, optInsValue } from '../../shared/signature-opt-ins.js';
import { WITHDRAWAL_TOKEN_FIELD } from '../../shared/withdrawal-token.js';
import type { NewOutboxEntry } from './outbox-store.js';
import { UpstreamUnavailable, upstreamMessages, type UpstreamClient } from '../upstream/upstream-client.js';

export type Delivery =
  | { kind: 'accepted' }
  /** The signer's own lot (a duplicate, a petition gone or closed, a key revoked or denied): final. */
  | { kind: 'refused'; status: number; messages: string[] }
  /**
   * Refused for a fault of this system (what the proxy sends, or its credentials): the signer did
   * nothing wrong, so a promised signature is kept until the operator fixes it. `remedy` says how.
   */
  | { kind: 'held'; status: number; messages: string[]; remedy: string }
  /** The service is down, overloaded or slow: worth trying again later. */
  | { kind: 'retry'; reason: string };

/** Refusals about the signer or the petition: 409 duplicate, 404 petition gone, 403 closed or key revoked. */
const SIGNERS_LOT = new Set<number>([403, 404, 409]);

const UPGRADE = 'the service refuses what this proxy sends: upgrade petition-embed (or align the service version) and restart the proxy';
const REMEDIES: Record<number, string> = {
  400: UPGRADE,
  401: "the service refused this proxy's credentials: check apiKey, secret, the server clock and the petition's key, then restart the proxy",
  413: UPGRADE,
  415: UPGRADE,
  422: UPGRADE,
};
const UNEXPECTED = 'an answer this proxy does not expect: check the upstream URL and the service version';

/**
 * Whether the service refused this proxy's key rather than the signature. The service's messages
 * start with the parameter at fault (`auth_key: …`), so a 403 naming `auth_key` is a revoked key;
 * any other 403 (`petition is closed`) leaves the key as it is.
 */
export function refusesAuthKey(refusal: { status: number; messages: string[] }): boolean {
  return refusal.status === 403 && refusal.messages.some((message) => message.startsWith('auth_key:'));
}

/** The service's answer to a submission, by whose problem it is. */
function classifyAnswer(status: number, messages: string[]): Delivery {
  if (status === 202 || status === 200) return { kind: 'accepted' };
  if (status === 429 || status >= 500) return { kind: 'retry', reason: `service answered ${status}` };
  if (SIGNERS_LOT.has(status)) return { kind: 'refused', status, messages };
  // A 400 that names only the signer's fields (an email from a disposable mail service) is the
  // signer's lot too: the proxy checked the fields' shape with the same schema.
  if (status === 400 && messages.length > 0 && messages.every((message) => parseProblem(message) !== null)) {
    return { kind: 'refused', status, messages };
  }
  return { kind: 'held', status, messages, remedy: REMEDIES[status] ?? UNEXPECTED };
}

function signerPairs(signer: SignerInput): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const field of SIGNER_FIELDS) {
    const value = signer[field];
    if (value !== undefined) pairs.push([field, String(value)]);
  }
  return pairs;
}

export async function deliverSignature(client: UpstreamClient, source: string, authKey: string, submission: NewOutboxEntry): Promise<Delivery> {
  const { petitionId, signer, language, origin, withdrawalToken, optIns } = submission;
  try {
    const answer = await client.postSigned(
      `/petitions/${petitionId}/signatures`,
      [
        ['source', source],
        ...signerPairs(signer),
        // The signer's language, for what the service writes to them.
        ...(language ? [['lang', language] as [string, string]] : []),
        ...originPairs(origin),
        // Stored hashed by the service: the signer's withdrawal link (submissions.ts) leads to it.
        ...(withdrawalToken ? [[WITHDRAWAL_TOKEN_FIELD, withdrawalToken] as [string, string]] : []),
        // Sent even when empty (none ticked); an entry queued before opt-ins were passed on has none to send.
        ...(optIns ? [[OPT_INS_FIELD, optInsValue(optIns)] as [string, string]] : []),
      ],
      authKey,
    );
    return classifyAnswer(answer.status, upstreamMessages(answer.body));
  } catch (error) {
    if (error instanceof UpstreamUnavailable) return { kind: 'retry', reason: error.message };
    throw error;
  }
}
