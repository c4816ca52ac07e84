// The rows the store (store.ts) reads and writes, as the domain modules see them.
import type { SignerInput } from '../../shared/signature-schema.js';

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
  /** The hash of the withdrawal token the consumer sent with it (its signer's thank-you link), if any. */
  withdrawal_token_hash?: string;
}

/** What a signature row holds besides its id (signature-row.ts builds it from a signer). */
export interface SignatureColumns {
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
}

/** Counted (listed or hidden), waiting for its signer's email confirmation, or no longer counted. */
export type SignatureState = 'counted' | 'unconfirmed' | 'invalidated';
