// The PostgreSQL schema version of the campaign's charts (issue 20), as insight-migrations.ts's
// for SQLite (the same tables, counts and backfill), applied after postgres-integrity-schema.ts's
// and listed in postgres-schema.ts. Never edited once released.
//
// A group commit inserts a petition's batch in one statement (bulk-store.ts), so new signatures
// are counted once per statement from its transition table, one upsert per table, in key order
// (two transactions never take the same counts' row locks in opposite orders). Changes and
// deletions are counted per row: an UPDATE may move half a petition's listed positions, and a
// per-row WHEN skips those rows for nothing, where a transition table would copy every one.

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export const POSTGRES_INSIGHT_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE insight_hours (
    petition_id bigint NOT NULL,
    hour bigint NOT NULL,
    state text NOT NULL,
    signatures bigint NOT NULL,
    PRIMARY KEY (petition_id, hour, state)
  );
  CREATE TABLE insight_places (
    petition_id bigint NOT NULL,
    day bigint NOT NULL,
    country_code text NOT NULL,
    state_province text NOT NULL,
    signatures bigint NOT NULL,
    PRIMARY KEY (petition_id, day, country_code, state_province)
  );
  CREATE TABLE insight_sources (
    petition_id bigint NOT NULL,
    day bigint NOT NULL,
    utm_source text NOT NULL,
    referrer_host text NOT NULL,
    signatures bigint NOT NULL,
    PRIMARY KEY (petition_id, day, utm_source, referrer_host)
  );
  CREATE TABLE insight_confirmations (
    petition_id bigint NOT NULL,
    day bigint NOT NULL,
    stage text NOT NULL CHECK (stage IN ('submitted', 'confirmed', 'expired')),
    signatures bigint NOT NULL,
    PRIMARY KEY (petition_id, day, stage)
  );
  INSERT INTO insight_hours (petition_id, hour, state, signatures)
    SELECT petition_id, signed_on - signed_on % ${HOUR_MS}, state, COUNT(*) FROM signatures GROUP BY 1, 2, 3;
  INSERT INTO insight_places (petition_id, day, country_code, state_province, signatures)
    SELECT petition_id, signed_on - signed_on % ${DAY_MS}, country_code, state_province, COUNT(*) FROM signatures
    WHERE state = 'counted' GROUP BY 1, 2, 3, 4;
  INSERT INTO insight_sources (petition_id, day, utm_source, referrer_host, signatures)
    SELECT petition_id, signed_on - signed_on % ${DAY_MS}, coalesce(utm_source, ''), coalesce(referrer_host, ''), COUNT(*) FROM signatures
    WHERE state = 'counted' GROUP BY 1, 2, 3, 4;
  -- As on SQLite: what was submitted before this version is known only by what is left of it.
  INSERT INTO insight_confirmations (petition_id, day, stage, signatures)
    SELECT s.petition_id, s.signed_on - s.signed_on % ${DAY_MS}, stage.name, COUNT(*)
    FROM signatures s JOIN petitions p ON p.id = s.petition_id
    CROSS JOIN (VALUES ('submitted'), ('confirmed')) AS stage(name)
    WHERE s.state = 'unconfirmed' AND stage.name = 'submitted' OR s.state = 'counted' AND p.confirm_signers = 1
    GROUP BY 1, 2, 3;

  CREATE FUNCTION insight_signatures_added() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO insight_hours (petition_id, hour, state, signatures)
      SELECT petition_id, signed_on - signed_on % ${HOUR_MS}, state, COUNT(*) FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (petition_id, hour, state) DO UPDATE SET signatures = insight_hours.signatures + EXCLUDED.signatures;
    INSERT INTO insight_places (petition_id, day, country_code, state_province, signatures)
      SELECT petition_id, signed_on - signed_on % ${DAY_MS}, country_code, state_province, COUNT(*) FROM added
      WHERE state = 'counted' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (petition_id, day, country_code, state_province) DO UPDATE SET signatures = insight_places.signatures + EXCLUDED.signatures;
    INSERT INTO insight_sources (petition_id, day, utm_source, referrer_host, signatures)
      SELECT petition_id, signed_on - signed_on % ${DAY_MS}, coalesce(utm_source, ''), coalesce(referrer_host, ''), COUNT(*) FROM added
      WHERE state = 'counted' GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (petition_id, day, utm_source, referrer_host) DO UPDATE SET signatures = insight_sources.signatures + EXCLUDED.signatures;
    INSERT INTO insight_confirmations (petition_id, day, stage, signatures)
      SELECT petition_id, signed_on - signed_on % ${DAY_MS}, 'submitted', COUNT(*) FROM added
      WHERE state = 'unconfirmed' GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (petition_id, day, stage) DO UPDATE SET signatures = insight_confirmations.signatures + EXCLUDED.signatures;
    RETURN NULL;
  END $$;
  CREATE TRIGGER insight_signatures_added AFTER INSERT ON signatures
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION insight_signatures_added();

  -- One signature's counts moved by delta (1 or -1); a count that reaches zero is deleted.
  CREATE FUNCTION insight_count(s signatures, delta integer) RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    in_hour bigint := s.signed_on - s.signed_on % ${HOUR_MS};
    in_day bigint := s.signed_on - s.signed_on % ${DAY_MS};
  BEGIN
    INSERT INTO insight_hours AS t (petition_id, hour, state, signatures) VALUES (s.petition_id, in_hour, s.state, delta)
      ON CONFLICT (petition_id, hour, state) DO UPDATE SET signatures = t.signatures + delta;
    DELETE FROM insight_hours t WHERE t.petition_id = s.petition_id AND t.hour = in_hour AND t.state = s.state AND t.signatures = 0;
    IF s.state = 'counted' THEN
      INSERT INTO insight_places AS t (petition_id, day, country_code, state_province, signatures)
        VALUES (s.petition_id, in_day, s.country_code, s.state_province, delta)
        ON CONFLICT (petition_id, day, country_code, state_province) DO UPDATE SET signatures = t.signatures + delta;
      DELETE FROM insight_places t WHERE t.petition_id = s.petition_id AND t.day = in_day
        AND t.country_code = s.country_code AND t.state_province = s.state_province AND t.signatures = 0;
      INSERT INTO insight_sources AS t (petition_id, day, utm_source, referrer_host, signatures)
        VALUES (s.petition_id, in_day, coalesce(s.utm_source, ''), coalesce(s.referrer_host, ''), delta)
        ON CONFLICT (petition_id, day, utm_source, referrer_host) DO UPDATE SET signatures = t.signatures + delta;
      DELETE FROM insight_sources t WHERE t.petition_id = s.petition_id AND t.day = in_day
        AND t.utm_source = coalesce(s.utm_source, '') AND t.referrer_host = coalesce(s.referrer_host, '') AND t.signatures = 0;
    END IF;
  END $$;
  CREATE FUNCTION insight_signature_changed() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM insight_count(OLD, -1); END IF;
    IF TG_OP = 'UPDATE' THEN
      PERFORM insight_count(NEW, 1);
      IF OLD.state = 'unconfirmed' AND NEW.state = 'counted' THEN
        INSERT INTO insight_confirmations AS t (petition_id, day, stage, signatures)
          VALUES (NEW.petition_id, NEW.signed_on - NEW.signed_on % ${DAY_MS}, 'confirmed', 1)
          ON CONFLICT (petition_id, day, stage) DO UPDATE SET signatures = t.signatures + 1;
      END IF;
    END IF;
    RETURN NULL;
  END $$;
  CREATE TRIGGER insight_signature_changed AFTER UPDATE OF state, signed_on, country_code, state_province, utm_source, referrer_host
    ON signatures FOR EACH ROW
    WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.signed_on IS DISTINCT FROM NEW.signed_on
      OR OLD.country_code IS DISTINCT FROM NEW.country_code OR OLD.state_province IS DISTINCT FROM NEW.state_province
      OR OLD.utm_source IS DISTINCT FROM NEW.utm_source OR OLD.referrer_host IS DISTINCT FROM NEW.referrer_host)
    EXECUTE FUNCTION insight_signature_changed();
  CREATE TRIGGER insight_signature_removed AFTER DELETE ON signatures FOR EACH ROW EXECUTE FUNCTION insight_signature_changed();
  `,
];
