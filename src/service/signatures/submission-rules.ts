// Whether a submission may be taken: its authorization key granted (not revoked), its petition
// there and open. Checked when it arrives (signature-submission.ts) and again inside the group
// commit (signature-queue.ts) when another connection wrote meanwhile.
import { ApiError } from '../errors/api-error.js';
import { PETITION_NOT_FOUND, refuseIfClosed } from '../petitions/petitions.js';
import type { AuthKeyRequestRecord, Store } from '../store/store.js';

export function keyRefused(): ApiError {
  return new ApiError(401, ['auth_key: unknown, not granted, or not for this source']);
}

export function refuseUnlessGranted(request: Pick<AuthKeyRequestRecord, 'status'>): void {
  if (request.status === 'revoked') throw new ApiError(403, ['auth_key: this authorization key has been revoked']);
  if (request.status !== 'granted') throw keyRefused();
}

/**
 * A submission checked with remembered rows, checked again inside the group commit against the
 * rows themselves, because another connection changed the database meanwhile (an admin command
 * closed the petition or revoked the key): it is taken only if it still would be.
 */
export async function recheckSubmission(store: Store, entry: { petition_id: number; auth_key_request_id: number }, now: number): Promise<void> {
  const petition = await store.petitionById.get(entry.petition_id);
  if (!petition) throw new ApiError(404, [PETITION_NOT_FOUND]);
  refuseIfClosed(petition, now);
  const request = await store.authKeyRequestById.get(entry.auth_key_request_id);
  if (!request) throw keyRefused();
  refuseUnlessGranted(request);
}
