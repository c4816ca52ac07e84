// The SQLite schema version of the retention period (issue 30, src/service/retention/), applied
// after search-migrations.ts and listed in migrations.ts. Never edited once released.
//
// A petition carries its own period (`retain_days_after_close`, null for the service's), the
// moment it closed as first seen (`closed_at`, petition-closing.ts) and when its signers'
// personal data was erased; a signature, when its own was (`erased_at`). postgres-retention-schema.ts
// adds the same columns under the same names.
//
// Erasing a signature clears its opt-ins, yet the campaign's opt-in rates must stay as they were:
// the opt-in counts' update trigger (opt-in-migrations.ts) is made again, the same but for the
// update that erases (erased_at set), which leaves the counts alone. An erased row's opt-ins are
// then counted for good, as a deleted row's counts would have been kept had it never been erased.

const DAY_MS = 86_400_000;

type Row = 'NEW' | 'OLD';

// As opt-in-migrations.ts wrote them for its version, copied so that neither version moves.
const idsOf = (row: Row) =>
  `(SELECT '' AS opt_in UNION ALL SELECT value FROM json_each('["' || replace(${row}.opt_ins, ',', '","') || '"]') WHERE ${row}.opt_ins <> '')`;
const counts = (row: Row) => `${row}.state = 'counted' AND ${row}.opt_ins IS NOT NULL`;
const added = `INSERT INTO insight_opt_ins (petition_id, day, opt_in, signatures)
    SELECT NEW.petition_id, NEW.signed_on - NEW.signed_on % ${DAY_MS}, opt_in, 1 FROM ${idsOf('NEW')} WHERE ${counts('NEW')}
    ON CONFLICT DO UPDATE SET signatures = signatures + 1;`;
const removed = `UPDATE insight_opt_ins SET signatures = signatures - 1
    WHERE ${counts('OLD')} AND petition_id = OLD.petition_id AND day = OLD.signed_on - OLD.signed_on % ${DAY_MS} AND opt_in IN ${idsOf('OLD')};
  DELETE FROM insight_opt_ins WHERE petition_id = OLD.petition_id AND day = OLD.signed_on - OLD.signed_on % ${DAY_MS} AND signatures = 0;`;

export const RETENTION_MIGRATIONS: ReadonlyArray<string> = [
  `
  ALTER TABLE petitions ADD COLUMN retain_days_after_close INTEGER;
  ALTER TABLE petitions ADD COLUMN closed_at INTEGER;
  ALTER TABLE petitions ADD COLUMN personal_data_erased_at INTEGER;
  ALTER TABLE signatures ADD COLUMN erased_at INTEGER;
  DROP TRIGGER insight_opt_ins_changed;
  CREATE TRIGGER insight_opt_ins_changed AFTER UPDATE OF state, signed_on, opt_ins ON signatures
  WHEN (${counts('OLD')} OR ${counts('NEW')}) AND (OLD.state IS NOT NEW.state OR OLD.signed_on IS NOT NEW.signed_on OR OLD.opt_ins IS NOT NEW.opt_ins)
    AND NOT (OLD.erased_at IS NULL AND NEW.erased_at IS NOT NULL) BEGIN
  ${removed}
  ${added}
  END;
  `,
];
