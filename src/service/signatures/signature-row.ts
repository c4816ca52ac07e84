// A signer's details as the signatures table keeps them: the columns of the spec, the state,
// and the folded search keys (search-keys.ts) the console's search reads.
import type { SignerInput } from '../../shared/signature-schema.js';
import { nameKey, postalKey, surnameKey } from '../store/search-keys.js';
import type { SignatureColumns, SignatureState } from '../store/store.js';

export interface NewSignature {
  petitionId: number;
  emailIdentity: string;
  signer: SignerInput;
  signedOn: number;
  authKeyRequestId: number | null;
  listedPosition: number | null;
  state: SignatureState;
}

/** The signer's own details with their search keys. */
function signerColumns(signer: SignerInput) {
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
  };
}
