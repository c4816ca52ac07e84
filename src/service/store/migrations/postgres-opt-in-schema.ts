// The PostgreSQL schema version of the opt-in rates (issue 20), as opt-in-migrations.ts's for
// SQLite (the same column, counts and meaning of the id ''), applied after
// postgres-paper-schema.ts's and listed in postgres-schema.ts. Never edited once released.
// As there, new signatures are counted once per statement from its transition table, in key
// order; changes and deletions per row.

const DAY_MS = 86_400_000;

export const POSTGRES_OPT_IN_MIGRATIONS: readonly string[] = [
  `
  ALTER TABLE signatures ADD COLUMN opt_ins text;
  CREATE TABLE insight_opt_ins (
    petition_id bigint NOT NULL,
    day bigint NOT NULL,
    opt_in text NOT NULL,
    signatures bigint NOT NULL,
    PRIMARY KEY (petition_id, day, opt_in)
  );

  CREATE FUNCTION insight_opt_ins_added() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO insight_opt_ins (petition_id, day, opt_in, signatures)
      SELECT petition_id, signed_on - signed_on % ${DAY_MS}, opt_in, COUNT(*)
      FROM added CROSS JOIN LATERAL unnest(array_prepend('', string_to_array(opt_ins, ','))) AS opt_in
      WHERE state = 'counted' AND opt_ins IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (petition_id, day, opt_in) DO UPDATE SET signatures = insight_opt_ins.signatures + EXCLUDED.signatures;
    RETURN NULL;
  END $$;
  CREATE TRIGGER insight_opt_ins_added AFTER INSERT ON signatures
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION insight_opt_ins_added();

  -- One signature's opt-in counts moved by delta (1 or -1); a count that reaches zero is deleted.
  CREATE FUNCTION insight_opt_in_count(s signatures, delta integer) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    in_day bigint := s.signed_on - s.signed_on % ${DAY_MS};
  BEGIN
    IF s.state = 'counted' AND s.opt_ins IS NOT NULL THEN
      INSERT INTO insight_opt_ins AS t (petition_id, day, opt_in, signatures)
        SELECT s.petition_id, in_day, opt_in, delta FROM unnest(array_prepend('', string_to_array(s.opt_ins, ','))) AS opt_in ORDER BY 3
        ON CONFLICT (petition_id, day, opt_in) DO UPDATE SET signatures = t.signatures + delta;
      DELETE FROM insight_opt_ins t WHERE t.petition_id = s.petition_id AND t.day = in_day AND t.signatures = 0;
    END IF;
  END $$;
  CREATE FUNCTION insight_opt_ins_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM insight_opt_in_count(OLD, -1); END IF;
    IF TG_OP = 'UPDATE' THEN PERFORM insight_opt_in_count(NEW, 1); END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER insight_opt_ins_changed AFTER UPDATE OF state, signed_on, opt_ins ON signatures FOR EACH ROW
    WHEN ((OLD.state = 'counted' AND OLD.opt_ins IS NOT NULL OR NEW.state = 'counted' AND NEW.opt_ins IS NOT NULL)
      AND (OLD.state IS DISTINCT FROM NEW.state OR OLD.signed_on IS DISTINCT FROM NEW.signed_on OR OLD.opt_ins IS DISTINCT FROM NEW.opt_ins))
    EXECUTE FUNCTION insight_opt_ins_changed();
  CREATE TRIGGER insight_opt_ins_removed AFTER DELETE ON signatures FOR EACH ROW
    WHEN (OLD.state = 'counted' AND OLD.opt_ins IS NOT NULL) EXECUTE FUNCTION insight_opt_ins_changed();
  `,
];
