// The rows the store (store.ts) reads and writes, as the domain modules see them.
import type { SignerInput } from '../../shared/signer-fields.js';

export interface ConsumerRow {
  id: number;
  name: string;
  api_key: string;
  secret: string;
}

export type PetitionStatus = 'open' | 'closed';

export interface PetitionRow {
  id: number;
  title: string;
  overview: string;
  /** JSON array of the targets' names. */
  targets: string;
  goal: number | null;
  status: PetitionStatus;
  end_at: number | null;
  url: string | null;
  image_url: string | null;
  created_at: number;
  signature_count: number;
  first_listed_position: number;
  last_listed_position: number;
  earliest_signed_on: number | null;
  /** 1 when signers confirm by email before their signature counts. */
  confirm_signers: number;
}

/** The operator's columns of a petition, as written. */
export interface PetitionColumns {
  title: string;
  overview: string;
  targets: string;
  goal: number | null;
  status: PetitionStatus;
  end_at: number | null;
  url: string | null;
  image_url: string | null;
  confirm_signers: number;
}

export type AuthKeyRequestStatus = 'pending' | 'granted' | 'denied' | 'revoked';

export interface AuthKeyRequestRecord {
  id: number;
  petition_id: number;
  consumer_id: number;
  source: string;
  source_description: string;
  requester_email: string;
  callback_endpoint: string;
  status: AuthKeyRequestStatus;
  auth_key: string | null;
  created_at: number;
  updated_at: number;
}

export interface ListedSignatureRow {
  first_name: string;
  last_name: string;
  city: string;
  state_province: string;
  country_code: string;
  signed_on: number;
}

export interface QueuedSignatureRow {
  id: number;
  petition_id: number;
  email_identity: string;
  signer: string;
  auth_key_request_id: number;
  received_at: number;
  /** The signer's language, for a confirmation email (signer-language.ts). */
  lang: string;
}

export interface NewQueuedSignature {
  petition_id: number;
  email_identity: string;
  signer: SignerInput;
  auth_key_request_id: number;
  received_at: number;
  lang: string;
  /** Where it came from, when a proxy said (rows an earlier version queued have none). */
  origin?: OriginColumns;
  /** The opt-ins its signer ticked (signature-row.ts optInsColumn), when a proxy said. */
  opt_ins?: string | null;
  /** The hash of the withdrawal token the consumer sent with it (its signer's thank-you link), if any. */
  withdrawal_token_hash?: string;
}

/**
 * Where a signature came from (src/shared/signature-origin.ts) as stored, null when not known:
 * the address as address-key.ts writes it, the page's utm_source, the referrer's host.
 */
export interface OriginColumns {
  client_ip: string | null;
  utm_source: string | null;
  referrer_host: string | null;
}

/** What a signature row holds besides its id (signature-row.ts builds it from a signer). */
export interface SignatureColumns extends OriginColumns {
  petition_id: number;
  email_identity: string;
  email: string;
  first_name: string;
  last_name: string;
  address: string;
  city: string;
  state_province: string;
  postal_code: string;
  country_code: string;
  phone: string | null;
  reason: string | null;
  hidden: number;
  signed_on: number;
  auth_key_request_id: number | null;
  listed_position: number | null;
  state: SignatureState;
  name_key: string;
  surname_key: string;
  postal_key: string;
  /** The email's domain in lower case (email-identity.ts), for block lists and bulk invalidation. */
  email_domain: string;
  /** The opt-ins the signer ticked, comma-separated ('' for none), null when not known. */
  opt_ins: string | null;
}

/** Counted (listed or hidden), waiting for its signer's email confirmation, or no longer counted. */
export type SignatureState = 'counted' | 'unconfirmed' | 'invalidated';
