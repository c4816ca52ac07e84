// The operator writes a petition (admin commands and the console alike): its fields checked
// (petition-fields.ts), a url no other petition has, and an audit entry in the same transaction.
import type { Actor } from './audit-log.js';
import { recordAudit } from './audit-log.js';
import { OperatorError } from './operator-error.js';
import { newPetitionFields, parsePetitionFields, PetitionFieldsError } from './petition-fields.js';
import type { PetitionFieldsText } from './petition-fields.js';
import { petitionColumns, petitionFields } from './petitions.js';
import type { PetitionRow, Store } from './store.js';

export function existingPetition(store: Store, id: number): PetitionRow {
  const petition = store.petitionById.get(id);
  if (!petition) throw new OperatorError(`petition ${id} not found`);
  return petition;
}

export function createPetition(store: Store, text: PetitionFieldsText, actor: Actor): number {
  const fields = newPetitionFields(text);
  return store.db.transaction(() => {
    const { lastInsertRowid } = writeUniqueUrl(() => store.insertPetition.run({ ...petitionColumns(fields), created_at: Date.now() }));
    recordAudit(store, actor, 'petition created', `petition ${lastInsertRowid}`);
    return Number(lastInsertRowid);
  }).immediate();
}

/** Changes the fields given; the others stay. The audit entry names the fields that changed. */
export function updatePetition(store: Store, id: number, text: PetitionFieldsText, actor: Actor): PetitionRow {
  const changes = parsePetitionFields(text);
  return store.db.transaction(() => {
    const before = petitionFields(existingPetition(store, id));
    const after = { ...before, ...changes };
    writeUniqueUrl(() => store.updatePetition.run({ id, ...petitionColumns(after) }));
    const changed = (Object.keys(after) as Array<keyof typeof after>).filter(
      (name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]),
    );
    const statusOnly = changed.length === 1 && changed[0] === 'status';
    if (statusOnly) recordAudit(store, actor, after.status === 'open' ? 'petition opened' : 'petition closed', `petition ${id}`);
    else if (changed.length > 0) recordAudit(store, actor, 'petition updated', `petition ${id}`, changed.join(', '));
    return existingPetition(store, id);
  }).immediate();
}

/** Two petitions with one url would give get_id two answers: the operator hears which field. */
function writeUniqueUrl<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
      throw new PetitionFieldsError([{ field: 'url', message: 'another petition already has this url' }]);
    }
    throw error;
  }
}
