// The rules for a validated signature on its way to the service: only with a granted key, in
// order behind anything already queued, and queued (never lost) when the service is unavailable.
import type { SignerInput } from '../../shared/signer-fields.js';
import { signatureOrigin } from '../../shared/signature-origin.js';
import { SIGNATURE_NOT_ACCEPTED } from '../../shared/signature-refusals.js';
import type { Consent } from './consent-check.js';
import type { SubmissionResult } from '../../shared/types.js';
import type { PetitionConfig } from '../config/config.js';
import type { AuthKeys } from '../keys/auth-keys.js';
import type { Outbox } from './outbox.js';
import type { NewOutboxEntry } from './outbox-store.js';
import { deliverSignature, refusesAuthKey, type Delivery } from './signature-delivery.js';
import type { UpstreamClient } from '../upstream/upstream-client.js';
import type { ReadCache } from '../reads/read-cache.js';
import { ProxyError, type FailureStatus } from '../errors/proxy-error.js';
import { isStorageFailure } from '../errors/storage-outage.js';
import { newWithdrawalToken } from '../../shared/withdrawal-token.js';

/** A submission that carried no opt-ins and no attribution (a client other than the form). */
const NO_CONSENT: Consent = { opt_ins: [], attribution: {} };

export const QUEUED_MESSAGE =
  'Your signature has been received and is queued: it will be added as soon as the petition service is available.';

/** Why this website cannot collect signatures for a petition, by the state of its key. */
const KEY_MESSAGES = {
  revoked: 'This petition no longer accepts signatures through this website.',
  denied: 'This website is not permitted to collect signatures for this petition.',
  pending: 'This website is still waiting for permission to collect signatures for this petition. Try again later.',
} as const;

export const PETITION_CLOSED_MESSAGE = 'This petition is closed: it no longer accepts signatures.';

const PASSED_ON = new Set<number>([400, 404, 413, 415, 422]);

export interface SubmissionsOptions {
  petitions: PetitionConfig[];
  client: UpstreamClient;
  keys: AuthKeys;
  cache: ReadCache;
  log: (line: string) => void;
  /** The petition service's public base (config.ts `servicePublicUrl`): the signer's withdrawal link starts with it. */
  servicePublicUrl: string;
  /**
   * Called once the signer is to be told their signature was received (the service took it, or
   * it is in the outbox), before the answer: the campaign's webhook deliveries are stored here.
   */
  onAccepted?: (petition: PetitionConfig, signer: SignerInput, consent: Consent) => Promise<void>;
}

export class Submissions {
  readonly #options: SubmissionsOptions;
  #outbox: Outbox | undefined;

  constructor(options: SubmissionsOptions) {
    this.#options = options;
  }

  /** The outbox delivers with `deliver` below, so the two are wired after both exist. */
  useOutbox(outbox: Outbox): void {
    this.#outbox = outbox;
  }

  /**
   * Sends one signature as it is now: fresh timestamp, current key. Used for first tries and by
   * the outbox for retries, which holds what `deliverSignature` calls this system's fault.
   */
  async deliver(submission: NewOutboxEntry): Promise<Delivery> {
    const { petitionId } = submission;
    const petition = this.#options.petitions.find((p) => p.id === petitionId);
    const authKey = this.#options.keys.grantedKey(petitionId);
    if (!petition || !authKey) {
      const status = this.#options.keys.statusOf(petitionId);
      // Still waiting for a key (a new source, or a key file lost while the service was down):
      // what is queued waits for it rather than being thrown away.
      if (petition && status === 'pending') return { kind: 'retry', reason: 'auth key pending' };
      return { kind: 'refused', status: 403, messages: [`auth_key: ${status}`] };
    }
    const delivery = await deliverSignature(this.#options.client, petition.source, authKey, submission);
    if (delivery.kind === 'accepted') this.#options.cache.invalidate(petitionId);
    if (delivery.kind === 'refused' && refusesAuthKey(delivery)) await this.#options.keys.markRevoked(petitionId);
    return delivery;
  }

  /**
   * The 202 answer's body; a refusal is thrown as a ProxyError. `clientAddress` (the signer's,
   * as client-address.ts decides it) goes to the service with the attribution's utm_source and
   * referrer host, and the ids of the opt-ins ticked (never their words, which the CRM gets).
   */
  async submit(petitionId: number, signer: SignerInput, consent: Consent = NO_CONSENT, clientAddress?: string): Promise<SubmissionResult> {
    const keyStatus = this.#options.keys.statusOf(petitionId);
    if (keyStatus !== 'granted') {
      throw keyStatus === 'pending'
        ? new ProxyError(503, [KEY_MESSAGES.pending], { retryAfter: 60 })
        : new ProxyError(403, [KEY_MESSAGES[keyStatus]]);
    }
    const outbox = this.#requireOutbox();
    const { language } = consent;
    const origin = signatureOrigin(clientAddress, consent.attribution);
    // Made here, not by the service: the signer's answer may come before the service's (queued).
    const token = newWithdrawalToken();
    const withdrawal = { withdraw_url: this.#withdrawUrl(token) };
    const optIns = consent.opt_ins.map(({ id }) => id);
    const submission: NewOutboxEntry = { petitionId, signer, language, origin, withdrawalToken: token, optIns };
    const queue = async (reason: string) => ({
      ...(await this.#queue(outbox, submission, reason)),
      ...withdrawal,
    });
    if (await outbox.hasWaiting()) {
      return this.#accepted(petitionId, signer, consent, await queue('earlier submissions are queued'));
    }

    const delivery = await this.deliver(submission);
    switch (delivery.kind) {
      case 'accepted':
        return this.#accepted(petitionId, signer, consent, { result: 'success', ...withdrawal });
      case 'retry':
        return this.#accepted(petitionId, signer, consent, await queue(delivery.reason));
      // Nothing was promised yet, so the signer hears of it (the form shows a field's message).
      case 'refused':
        // Except a duplicate: answered as a signature taken (its link leads nowhere), so the
        // answer tells no one whether an address had signed and the browser logs no error. No
        // webhook: the campaign heard of this signer the first time.
        if (delivery.status === 409) return { result: 'success', ...withdrawal };
      case 'held':
        throw this.#refusal(petitionId, delivery.status, delivery.messages);
    }
  }

  async #accepted(petitionId: number, signer: SignerInput, consent: Consent, result: SubmissionResult): Promise<SubmissionResult> {
    const petition = this.#options.petitions.find((p) => p.id === petitionId);
    try {
      if (petition) await this.#options.onAccepted?.(petition, signer, consent);
    } catch (error) {
      // The signature is stored (at the service or in the outbox) and is answered as received; a
      // 503 would only bring it back as a duplicate, which no webhook follows either.
      if (!isStorageFailure(error)) throw error;
      this.#options.log(`webhooks: a signature for petition ${petitionId} was received but its deliveries could not be stored (${(error as { code: string }).code}): its endpoints will not hear of it`);
    }
    return result;
  }

  /**
   * What a submission caught by the honeypot is told: the answer a queued one gets, its
   * withdrawal link included (one that leads nowhere), so a bot cannot tell it was caught.
   */
  ignoredAnswer(): SubmissionResult {
    return { result: 'success', messages: [QUEUED_MESSAGE], withdraw_url: this.#withdrawUrl(newWithdrawalToken()) };
  }

  #withdrawUrl(token: string): string {
    return `${this.#options.servicePublicUrl}/withdraw/${token}`;
  }

  async #queue(outbox: Outbox, entry: NewOutboxEntry, reason: string): Promise<SubmissionResult> {
    const { petitionId } = entry;
    const id = await outbox.queue(entry);
    this.#options.log(`outbox: submission #${id} for petition ${petitionId} queued (${reason})`);
    return { result: 'success', messages: [QUEUED_MESSAGE] };
  }

  #refusal(petitionId: number, status: number, messages: string[]): ProxyError {
    if (status === 403) {
      // The operator's block list: the service's words, which do not say which list.
      if (messages.includes(SIGNATURE_NOT_ACCEPTED)) return new ProxyError(403, [SIGNATURE_NOT_ACCEPTED]);
      const key = refusesAuthKey({ status, messages });
      return new ProxyError(403, [key ? KEY_MESSAGES.revoked : PETITION_CLOSED_MESSAGE]);
    }
    if (PASSED_ON.has(status)) {
      const passed = messages.length > 0 ? messages : ['The petition service did not accept this signature.'];
      return new ProxyError(status as FailureStatus, passed);
    }
    // 401 and the like mean this proxy's own credentials or clock are wrong: the operator must act,
    // and the signer must not be told the service's reasons (they are about our secrets).
    this.#options.log(`submission for petition ${petitionId} refused by the service (${status}): ${messages.join('; ')}`);
    return new ProxyError(502, ['The petition service could not verify this website. Try again later.']);
  }

  #requireOutbox(): Outbox {
    if (!this.#outbox) throw new Error('Submissions used before its outbox was attached');
    return this.#outbox;
  }
}
