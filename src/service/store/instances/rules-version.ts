// Counts the writes that can change whether a submission is taken (a petition's fields, a key
// request's status, a block list entry), so that what submission-lookups.ts and the block list's
// screen (src/service/abuse/submission-screen.ts) remember is dropped after each.
import type { SqlRun, SqlStatement, StatementArgs } from '../engines/sql-engine.js';

export interface RulesVersion {
  value: number;
}

/** A statement whose every run is such a write. */
export function changesRules<P extends object>(version: RulesVersion, statement: SqlStatement<P>) {
  return {
    async run(params: P): Promise<SqlRun> {
      version.value++;
      return statement.run(...([params] as StatementArgs<P>));
    },
  };
}
