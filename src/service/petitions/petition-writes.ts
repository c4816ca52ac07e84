// The operator writes a petition (admin commands and the console alike): its fields checked
// (petition-fields.ts), a url no other petition has, and an audit entry in the same transaction.
import type { Actor } from '../operators/audit-log.js';
import { recordAudit } from '../operators/audit-log.js';
import { OperatorError } from '../errors/operator-error.js';
import { newPetitionFields, parsePetitionFields, PetitionFieldsError } from './petition-fields.js';
import type { PetitionFieldsText } from './petition-fields.js';
import { petitionColumns, petitionFields } from './petitions.js';
import type { PetitionRow, Store } from '../store/store.js';
import { isUniqueViolation } from '../store/sql-errors.js';
import { recordClosingOfWrite } from '../retention/petition-closing.js';

export async function existingPetition(store: Store, id: number): Promise<PetitionRow> {
  const petition = await store.petitionById.get(id);
  if (!petition) throw new OperatorError(`petition ${id} not found`);
  return petition;
}

export function createPetition(store: Store, text: PetitionFieldsText, actor: Actor): Promise<number> {
  const fields = newPetitionFields(text);
  return store.db.transaction(async () => {
    const { id } = (await writeUniqueUrl(() => store.insertPetition.get({ ...petitionColumns(fields), created_at: Date.now() })))!;
    await recordAudit(store, actor, 'petition created', `petition ${id}`);
    return id;
  });
}

/** Changes the fields given; the others stay. The audit entry names the fields that changed. */
export function updatePetition(store: Store, id: number, text: PetitionFieldsText, actor: Actor): Promise<PetitionRow> {
  const changes = parsePetitionFields(text);
  return store.db.transaction(async () => {
    const before = petitionFields(await existingPetition(store, id));
    const after = { ...before, ...changes };
    await writeUniqueUrl(() => store.updatePetition.run({ id, ...petitionColumns(after) }));
    await recordClosingOfWrite(store, id, before, after, Date.now());
    const changed = (Object.keys(after) as Array<keyof typeof after>).filter(
      (name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]),
    );
    const statusOnly = changed.length === 1 && changed[0] === 'status';
    if (statusOnly) await recordAudit(store, actor, after.status === 'open' ? 'petition opened' : 'petition closed', `petition ${id}`);
    else if (changed.length > 0) await recordAudit(store, actor, 'petition updated', `petition ${id}`, changed.join(', '));
    return await existingPetition(store, id);
  });
}

/** Two petitions with one url would give get_id two answers: the operator hears which field. */
async function writeUniqueUrl<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new PetitionFieldsError([{ field: 'url', message: 'another petition already has this url' }]);
    }
    throw error;
  }
}
