// The schema version that makes every Proton address one signer (issue 31, email-identity.ts):
// proton.me, protonmail.com, protonmail.ch and pm.me are one mailbox, which ignores a +tag and
// the dots, hyphens and underscores of the name. Keys written before keep what the older rule
// made of them (lower case, the +tag dropped: "j.doe@pm.me"); this version gives them today's
// ("jdoe@proton.me") in the signatures, the queue and the block lists, so an address typed
// another way is a duplicate of them too. Where two rows of one petition (or two block entries
// of one scope) come to the same key, the one that already has it, else the oldest, takes it and
// the others keep theirs: they were taken as different signers when they came, and an upgrade
// removes no signature. The same SQL for SQLite (after retention-migrations.ts, listed in
// migrations.ts) and PostgreSQL (after postgres-retention-schema.ts, listed in
// postgres-schema.ts), but for the name of one function. Never edited once released.

type Engine = 'sqlite' | 'postgres';

const PROTON = `('proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me')`;

/** The key's domain: what follows its @ (keys are lower case already). */
function domainOf(engine: Engine, key: string): string {
  return `substr(${key}, ${engine === 'sqlite' ? 'instr' : 'strpos'}(${key}, '@') + 1)`;
}

/** Today's key of an older Proton key: the name without dots, hyphens and underscores, at proton.me. */
function protonKey(engine: Engine, key: string): string {
  const name = `substr(${key}, 1, ${engine === 'sqlite' ? 'instr' : 'strpos'}(${key}, '@') - 1)`;
  return `replace(replace(replace(${name}, '.', ''), '-', ''), '_', '') || '@proton.me'`;
}

/** Gives the Proton keys of `table`'s `key` column today's form, one row per new key within `scope`. */
function rekey(engine: Engine, table: string, scope: string, key: string, only = 'TRUE'): string {
  return `
  WITH ranked AS (
    SELECT id, ${key} AS current_key, ${protonKey(engine, key)} AS new_key,
      ROW_NUMBER() OVER (PARTITION BY ${scope}, ${protonKey(engine, key)}
                         ORDER BY CASE WHEN ${key} = ${protonKey(engine, key)} THEN 0 ELSE 1 END, id) AS rank
    FROM ${table} WHERE ${only} AND ${domainOf(engine, key)} IN ${PROTON}
  ),
  taken AS (SELECT id, new_key FROM ranked WHERE rank = 1 AND current_key <> new_key)
  UPDATE ${table} SET ${key} = (SELECT new_key FROM taken WHERE taken.id = ${table}.id) WHERE id IN (SELECT id FROM taken);`;
}

function protonMigration(engine: Engine): string {
  return [
    rekey(engine, 'signatures', 'petition_id', 'email_identity'),
    rekey(engine, 'signature_queue', 'petition_id', 'email_identity'),
    rekey(engine, 'block_entries', 'coalesce(petition_id, 0)', 'value', `kind = 'email'`),
  ].join('\n');
}

export const MAILBOX_MIGRATIONS: ReadonlyArray<string> = [protonMigration('sqlite')];
export const POSTGRES_MAILBOX_MIGRATIONS: readonly string[] = [protonMigration('postgres')];
