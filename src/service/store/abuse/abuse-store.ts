// The block lists' statements (src/service/abuse/block-list.ts), part of the store (store.ts).
// Every write changes what a submission is screened against, so it counts in rulesVersion.
import type { SqlEngine } from '../engines/sql-engine.js';
import { changesRules, type RulesVersion } from '../instances/rules-version.js';

export type BlockKind = 'domain' | 'email' | 'range';

export interface BlockEntryRow {
  id: number;
  /** null: every petition of the service. */
  petition_id: number | null;
  kind: BlockKind;
  /** A domain, a canonical email (email-identity.ts), or a range as `address/prefix`. */
  value: string;
  /** A range's lowest and highest address key (address-key.ts); null for the other kinds. */
  low: string | null;
  high: string | null;
  created_at: number;
}

const INSERT_BLOCK_ENTRY = `INSERT INTO block_entries (petition_id, kind, value, low, high, created_at)
  VALUES (@petition_id, @kind, @value, @low, @high, @created_at)`;

export function abuseStatements(db: SqlEngine, rulesVersion: RulesVersion) {
  return {
    allBlockEntries: db.prepare<[], BlockEntryRow>(
      'SELECT * FROM block_entries ORDER BY coalesce(petition_id, 0), kind, value',
    ),
    blockEntryById: db.prepare<[number], BlockEntryRow>('SELECT * FROM block_entries WHERE id = ?'),
    /** No row when the same entry is already there (its unique index). */
    insertBlockEntry: changesRules(
      rulesVersion,
      db.prepare<Omit<BlockEntryRow, 'id'>>({
        sqlite: `${INSERT_BLOCK_ENTRY} ON CONFLICT DO NOTHING`,
        postgres: `${INSERT_BLOCK_ENTRY} ON CONFLICT DO NOTHING RETURNING id`,
      }),
    ),
    deleteBlockEntry: changesRules(rulesVersion, db.prepare<{ id: number }>('DELETE FROM block_entries WHERE id = @id')),
  };
}
