// Why a signature submission was refused, as /metrics counts it
// (`petition_service_signatures_refused_total{reason}`): read from the error it was refused with,
// by status and, where one status has several causes, by the spec's own message constant.
import { DISPOSABLE_EMAIL, SIGNATURE_NOT_ACCEPTED } from '../../shared/signature-refusals.js';
import { ApiError } from '../errors/api-error.js';
import type { SignatureRefusal } from '../metrics/service-metrics.js';
import { PETITION_CLOSED } from '../petitions/petitions.js';

export function refusalReason(error: unknown, unavailable: boolean): SignatureRefusal {
  if (unavailable) return 'unavailable';
  if (!(error instanceof ApiError)) return 'error';
  const first = error.messages[0];
  switch (error.status) {
    case 409:
      return 'duplicate';
    case 400:
    case 413:
    case 415:
      return error.messages.includes(DISPOSABLE_EMAIL) ? 'blocked' : 'validation';
    case 401:
      return 'auth';
    case 403:
      if (first === PETITION_CLOSED) return 'closed';
      return first === SIGNATURE_NOT_ACCEPTED ? 'blocked' : 'auth';
    case 429:
      return 'rate_limit';
    case 404:
      return 'not_found';
    case 503:
      return 'unavailable';
    default:
      return 'error';
  }
}
