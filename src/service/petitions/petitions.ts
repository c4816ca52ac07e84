// The petition resource (docs/api.md "Petitions"): finding a petition by the id in a
// path or by its URL, whether it takes signatures, and its fields as API v1 returned them.
import type { PetitionResource } from '../../shared/types.js';
import { ApiError } from '../errors/api-error.js';
import { toIsoSeconds } from './iso-time.js';
import type { PetitionFields } from './petition-fields.js';
import type { PetitionColumns, PetitionRow, Store } from '../store/store.js';

export const PETITION_NOT_FOUND = 'petition not found';
export const PETITION_CLOSED = 'petition is closed';

/** The id a path names. One that is not a positive integer names no petition: 404 like an unknown one. */
export function petitionIdOf(idText: string): number | undefined {
  return /^[1-9]\d{0,14}$/.test(idText) ? Number(idText) : undefined;
}

/** The petition a path names; 404 when there is none. */
export async function findPetition(store: Store, idText: string): Promise<PetitionRow> {
  const id = petitionIdOf(idText);
  const petition = id === undefined ? undefined : await store.petitionById.get(id);
  if (!petition) throw new ApiError(404, [PETITION_NOT_FOUND]);
  return petition;
}

/** Closed by the operator, or past its end: it takes no more signatures. */
export function isClosed(petition: Pick<PetitionRow, 'status' | 'end_at'>, now: number): boolean {
  return petition.status === 'closed' || (petition.end_at !== null && now >= petition.end_at);
}

export function refuseIfClosed(petition: Pick<PetitionRow, 'status' | 'end_at'>, now: number): void {
  if (isClosed(petition, now)) throw new ApiError(403, [PETITION_CLOSED]);
}

export function petitionResource(petition: PetitionRow, now: number): PetitionResource {
  return {
    petition_id: petition.id,
    title: petition.title,
    status: isClosed(petition, now) ? 'closed' : 'open',
    overview: petition.overview,
    targets: (JSON.parse(petition.targets) as string[]).map((name) => ({ name })),
    signature_count: petition.signature_count,
    goal: petition.goal,
    created_at: toIsoSeconds(petition.created_at),
    end_at: petition.end_at === null ? null : toIsoSeconds(petition.end_at),
    url: petition.url,
    image_url: petition.image_url,
    confirm_signers: petition.confirm_signers === 1,
  };
}

/** `get_id`: the petition whose url this is, compared as the URL parser writes both. */
export async function petitionIdForUrl(store: Store, petitionUrl: string | undefined): Promise<{ petition_id: number }> {
  if (petitionUrl === undefined || petitionUrl.trim() === '') throw new ApiError(400, ['petition_url: is required']);
  let href: string;
  try {
    href = new URL(petitionUrl.trim()).href;
  } catch {
    throw new ApiError(404, [PETITION_NOT_FOUND]);
  }
  const found = await store.petitionIdByUrl.get(href);
  if (!found) throw new ApiError(404, [PETITION_NOT_FOUND]);
  return { petition_id: found.id };
}

export function petitionColumns(fields: PetitionFields): PetitionColumns {
  return { ...fields, targets: JSON.stringify(fields.targets), confirm_signers: fields.confirm_signers ? 1 : 0 };
}

export function petitionFields(petition: PetitionRow): PetitionFields {
  return {
    title: petition.title,
    overview: petition.overview,
    targets: JSON.parse(petition.targets) as string[],
    goal: petition.goal,
    status: petition.status,
    end_at: petition.end_at,
    url: petition.url,
    image_url: petition.image_url,
    confirm_signers: petition.confirm_signers === 1,
  };
}
