// A signer's details as the signatures table keeps them: the columns of the spec, the state,
// and the folded search keys (search-keys.ts) the console's search reads.
import { parseIp } from '../../shared/ip-address.js';
import type { SignerInput } from '../../shared/signer-fields.js';
import type { SignatureOrigin } from '../../shared/signature-origin.js';
import { addressKey } from '../store/signatures/address-key.js';
import { nameKey, postalKey, surnameKey } from '../store/signatures/search-keys.js';
import type { OriginColumns, SignatureColumns, SignatureState } from '../store/store.js';
import { emailDomain } from './email-identity.js';

export interface NewSignature {
  petitionId: number;
  emailIdentity: string;
  signer: SignerInput;
  signedOn: number;
  authKeyRequestId: number | null;
  listedPosition: number | null;
  state: SignatureState;
  origin?: OriginColumns | undefined;
  /** The opt-ins' column (optInsColumn), null when not known. */
  optIns?: string | null | undefined;
}

const NO_ORIGIN: OriginColumns = { client_ip: null, utm_source: null, referrer_host: null };

/** A submission's origin (checked by src/shared/signature-origin.ts) as its columns. */
export function originColumns(origin: SignatureOrigin): OriginColumns {
  const address = origin.client_address === undefined ? undefined : parseIp(origin.client_address);
  return {
    client_ip: address ? addressKey(address) : null,
    utm_source: origin.utm_source ?? null,
    referrer_host: origin.referrer_host ?? null,
  };
}

/**
 * The opt-ins a signer ticked as their column: the ids comma-separated ('' for none), null when
 * the consumer did not say (the counts of opt-in rates leave the signature out then).
 */
export function optInsColumn(optIns: readonly string[] | undefined): string | null {
  return optIns === undefined ? null : optIns.join(',');
}

/** The signer's own details with their search keys, for every row of `signatures` (online or on paper). */
export function signerColumns(signer: SignerInput) {
  return {
    email: signer.email,
    first_name: signer.first_name,
    last_name: signer.last_name,
    address: signer.address,
    city: signer.city,
    state_province: signer.state_province,
    postal_code: signer.postal_code,
    country_code: signer.country_code,
    phone: signer.phone ?? null,
    reason: signer.reason ?? null,
    hidden: signer.hidden === true ? 1 : 0,
    name_key: nameKey(signer.first_name, signer.last_name),
    surname_key: surnameKey(signer.first_name, signer.last_name),
    postal_key: postalKey(signer.postal_code),
    email_domain: emailDomain(signer.email),
  };
}

export function signatureColumns(signature: NewSignature): SignatureColumns {
  return {
    petition_id: signature.petitionId,
    email_identity: signature.emailIdentity,
    ...signerColumns(signature.signer),
    signed_on: signature.signedOn,
    auth_key_request_id: signature.authKeyRequestId,
    listed_position: signature.listedPosition,
    state: signature.state,
    ...(signature.origin ?? NO_ORIGIN),
    opt_ins: signature.optIns ?? null,
  };
}
