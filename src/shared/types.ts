// Resource shapes of the Petitions API v1 (docs/openapi/service.yaml) and of the proxy's
// browser routes, shared so that service, proxy and elements cannot drift apart.
import type { OptIn } from './consent.js';

/** One listed signer. Never carries email, address, postal code, phone or reason. */
export interface Signature {
  name: string;
  city: string;
  state_province: string;
  country_name: string;
  country_code: string;
  /** UTC ISO 8601 with `Z`. */
  signed_on: string;
}

export type SortOrder = 'time_asc' | 'time_desc';

export interface SignaturePage {
  signature_count: number;
  prev_page_endpoint: string | null;
  next_page_endpoint: string | null;
  page: number;
  total_pages: number;
  signatures: Signature[];
}

/** `GET petitions/:id/signatures/breakdown`: counted signatures by place, small groups withheld. */
export interface SignatureBreakdown {
  signature_count: number;
  /** The smallest group shown; smaller ones are counted in an `other_count` only. */
  minimum_group: number;
  countries: CountryBreakdown[];
  /** Signatures in no country shown, hidden signers' included (they are in no group). */
  other_count: number;
}

export interface CountryBreakdown {
  country_code: string;
  country_name: string;
  signature_count: number;
  regions: Array<{ state_province: string; signature_count: number }>;
  /** The country's listed signatures in no region shown (or with none given). */
  other_count: number;
}

/** `GET petitions/:id`: the petition as API v1 returned it. */
export interface PetitionResource {
  petition_id: number;
  title: string;
  /** `closed` when the operator closed it or its `end_at` has passed. */
  status: 'open' | 'closed';
  overview: string;
  targets: { name: string }[];
  signature_count: number;
  goal: number | null;
  /** UTC ISO 8601 with `Z`. */
  created_at: string;
  end_at: string | null;
  url: string | null;
  image_url: string | null;
  /**
   * The service emails each signer a link: an accepted signature (202) counts and is listed only
   * once its signer has confirmed it.
   */
  confirm_signers: boolean;
}

/** The body of every failure, and of a signature submission's answer. */
export interface SubmissionResult {
  result: 'success' | 'failure';
  messages?: string[];
  /** Where the signer can withdraw this signature (a page of the petition service); the proxy's 202 carries it. */
  withdraw_url?: string;
}

export interface FailureBody {
  result: 'failure';
  messages: string[];
  /**
   * The proxy's 400 for a signer's fields: each problem as (field, code), in form order, so the
   * browser shows it in the signer's language without reading the English messages.
   */
  problems?: FieldProblemRef[];
  /**
   * The proxy's 409 for a signature: a withdrawal link like a 202's (one that leads nowhere), so
   * the thank-you of a duplicate looks like any other and never tells whether an address signed.
   */
  withdraw_url?: string;
}

/** A signer field's problem as the schema names it (`code` is one of its ProblemCodes). */
export interface FieldProblemRef {
  field: string;
  code: string;
}

export interface AuthKeyRequestInput {
  source_description: string;
  source: string;
  requester_email: string;
  callback_endpoint: string;
}

export type AuthKeyStatus = 'granted' | 'denied' | 'revoked';

/** Posted to the callback endpoint, and the body of a repeated key request's 200 answer. */
export interface AuthKeyCallbackPayload {
  status: AuthKeyStatus;
  petition_id: number;
  source_description: string;
  source: string;
  requester_email: string;
  auth_key?: string;
}

/** Where this proxy's authorization key for a petition stands. */
export type KeyStatus = 'pending' | AuthKeyStatus;

/**
 * The proxy's `GET /api/petitions/:id`: the petition as the service describes it, and what the
 * signature form needs besides: whether this website may collect signatures, and the notice.
 */
export interface PetitionSummary extends Omit<PetitionResource, 'created_at'> {
  /** Open, and this proxy's key is granted. */
  accepting_signatures: boolean;
  key_status: KeyStatus;
  operator: OperatorNotice;
  /**
   * The service could not be reached or failed: this is its last good answer, kept by the
   * proxy (also marked by the X-Petition-Stale: 1 header). Signatures are still taken, and queued.
   */
  stale: boolean;
  /** Checkboxes the form shows under its fields, never ticked for the signer (src/shared/consent.ts). */
  opt_ins: OptIn[];
}

/** The proxy's `GET /embed-status`, public to every origin: may the asking page use the API? */
export interface EmbedStatus {
  origin: string | null;
  origin_allowed: boolean;
}

/** Who operates the service, for the display obligation's "powered by … terms … privacy" notice. */
export interface OperatorNotice {
  name: string;
  termsUrl: string;
  privacyUrl: string;
}
