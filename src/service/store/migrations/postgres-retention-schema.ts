// The PostgreSQL schema version of the retention period (issue 30): what retention-migrations.ts
// holds for SQLite (the same columns under the same names, and the opt-in counts' update trigger
// leaving the update that erases alone), applied after postgres-opt-in-schema.ts's and listed in
// postgres-schema.ts. Never edited once released.
export const POSTGRES_RETENTION_MIGRATIONS: readonly string[] = [
  `
  ALTER TABLE petitions ADD COLUMN retain_days_after_close integer;
  ALTER TABLE petitions ADD COLUMN closed_at bigint;
  ALTER TABLE petitions ADD COLUMN personal_data_erased_at bigint;
  ALTER TABLE signatures ADD COLUMN erased_at bigint;
  DROP TRIGGER insight_opt_ins_changed ON signatures;
  CREATE TRIGGER insight_opt_ins_changed AFTER UPDATE OF state, signed_on, opt_ins ON signatures FOR EACH ROW
    WHEN ((OLD.state = 'counted' AND OLD.opt_ins IS NOT NULL OR NEW.state = 'counted' AND NEW.opt_ins IS NOT NULL)
      AND (OLD.state IS DISTINCT FROM NEW.state OR OLD.signed_on IS DISTINCT FROM NEW.signed_on OR OLD.opt_ins IS DISTINCT FROM NEW.opt_ins)
      AND NOT (OLD.erased_at IS NULL AND NEW.erased_at IS NOT NULL))
    EXECUTE FUNCTION insight_opt_ins_changed();
  `,
];
