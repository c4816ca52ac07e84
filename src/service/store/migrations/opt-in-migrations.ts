// The SQLite schema version of the opt-in rates (issue 20), applied after paper-migrations.ts's
// and listed in migrations.ts. Never edited once released.
//
// Each signature keeps the opt-ins its signer ticked (`opt_ins`, the ids comma-separated, '' for
// none, null when the proxy did not say): it goes with the row, so erasing the signer erases it.
// Beside the other insight counts, per petition, UTC day and opt-in id, the counted signatures
// that ticked it; under the id '' the counted signatures whose opt-ins are known at all, which a
// rate divides by (the signatures of an older proxy would otherwise count as ticking nothing).
// Triggers keep them in the transaction that writes the signature, as insight-migrations.ts's
// do; no signature had opt-ins before this version, so there is nothing to backfill.

const DAY_MS = 86_400_000;

type Row = 'NEW' | 'OLD';

/** The ids a row counts under: '' for every known row, then each id it ticked. */
const idsOf = (row: Row) =>
  `(SELECT '' AS opt_in UNION ALL SELECT value FROM json_each('["' || replace(${row}.opt_ins, ',', '","') || '"]') WHERE ${row}.opt_ins <> '')`;

const counts = (row: Row) => `${row}.state = 'counted' AND ${row}.opt_ins IS NOT NULL`;

const added = `INSERT INTO insight_opt_ins (petition_id, day, opt_in, signatures)
    SELECT NEW.petition_id, NEW.signed_on - NEW.signed_on % ${DAY_MS}, opt_in, 1 FROM ${idsOf('NEW')} WHERE ${counts('NEW')}
    ON CONFLICT DO UPDATE SET signatures = signatures + 1;`;

const removed = `UPDATE insight_opt_ins SET signatures = signatures - 1
    WHERE ${counts('OLD')} AND petition_id = OLD.petition_id AND day = OLD.signed_on - OLD.signed_on % ${DAY_MS} AND opt_in IN ${idsOf('OLD')};
  DELETE FROM insight_opt_ins WHERE petition_id = OLD.petition_id AND day = OLD.signed_on - OLD.signed_on % ${DAY_MS} AND signatures = 0;`;

export const OPT_IN_MIGRATIONS: ReadonlyArray<string> = [
  `
  ALTER TABLE signatures ADD COLUMN opt_ins TEXT;
  CREATE TABLE insight_opt_ins (
    petition_id INTEGER NOT NULL,
    day INTEGER NOT NULL,
    opt_in TEXT NOT NULL,
    signatures INTEGER NOT NULL,
    PRIMARY KEY (petition_id, day, opt_in)
  ) WITHOUT ROWID;
  CREATE TRIGGER insight_opt_ins_added AFTER INSERT ON signatures WHEN ${counts('NEW')} BEGIN
  ${added}
  END;
  CREATE TRIGGER insight_opt_ins_removed AFTER DELETE ON signatures WHEN ${counts('OLD')} BEGIN
  ${removed}
  END;
  CREATE TRIGGER insight_opt_ins_changed AFTER UPDATE OF state, signed_on, opt_ins ON signatures
  WHEN (${counts('OLD')} OR ${counts('NEW')}) AND (OLD.state IS NOT NEW.state OR OLD.signed_on IS NOT NEW.signed_on OR OLD.opt_ins IS NOT NEW.opt_ins) BEGIN
  ${removed}
  ${added}
  END;
  `,
];
