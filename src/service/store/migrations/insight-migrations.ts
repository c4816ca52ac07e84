// The SQLite schema version of the campaign's charts (issue 20, src/service/insight/), applied
// after the ones in integrity-migrations.ts and listed in migrations.ts. Never edited once
// released: the SQL below is built once from the fragments in this file, which belong to it.
//
// A chart page must not count a million signatures per view, so counts are kept beside them:
// per petition, per UTC hour and state; per UTC day, country and region, and per day, utm_source
// and referrer host, of counted signatures; per day, the confirmation funnel's events. Triggers
// on `signatures` keep them in the transaction that writes a signature, whichever path writes
// it (the group commit, confirming, moderation, bulk invalidation and its undo, withdrawal,
// erasure, the seed): no path can forget them. A count that falls to zero is deleted, so a
// region or source only one erased signer typed leaves nothing behind. Expired confirmations
// are counted by the expiry itself (insight-store.ts): a deleted row does not say why it went.

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

type Row = 'NEW' | 'OLD';

const hourOf = (row: Row) => `${row}.signed_on - ${row}.signed_on % ${HOUR_MS}`;
const dayOf = (row: Row) => `${row}.signed_on - ${row}.signed_on % ${DAY_MS}`;

/** Each kept count: its table, key columns and the row's values for them, and which rows it counts. */
function tallies(row: Row): Array<{ table: string; keys: Array<[string, string]>; when: string }> {
  return [
    { table: 'insight_hours', keys: [['hour', hourOf(row)], ['state', `${row}.state`]], when: '1' },
    {
      table: 'insight_places',
      keys: [['day', dayOf(row)], ['country_code', `${row}.country_code`], ['state_province', `${row}.state_province`]],
      when: `${row}.state = 'counted'`,
    },
    {
      table: 'insight_sources',
      keys: [['day', dayOf(row)], ['utm_source', `coalesce(${row}.utm_source, '')`], ['referrer_host', `coalesce(${row}.referrer_host, '')`]],
      when: `${row}.state = 'counted'`,
    },
  ];
}

function added(): string {
  return tallies('NEW')
    .map(
      ({ table, keys, when }) => `INSERT INTO ${table} (petition_id, ${keys.map(([column]) => column).join(', ')}, signatures)
    SELECT NEW.petition_id, ${keys.map(([, value]) => value).join(', ')}, 1 WHERE ${when}
    ON CONFLICT DO UPDATE SET signatures = signatures + 1;`,
    )
    .join('\n  ');
}

function removed(): string {
  return tallies('OLD')
    .map(({ table, keys, when }) => {
      const key = `petition_id = OLD.petition_id AND ${keys.map(([column, value]) => `${column} = ${value}`).join(' AND ')}`;
      return `UPDATE ${table} SET signatures = signatures - 1 WHERE ${when} AND ${key};
  DELETE FROM ${table} WHERE ${key} AND signatures = 0;`;
    })
    .join('\n  ');
}

/** A funnel event of `row`'s signature, on the day of its signed_on. */
function funnelEvent(stage: 'submitted' | 'confirmed', when: string): string {
  return `INSERT INTO insight_confirmations (petition_id, day, stage, signatures)
    SELECT NEW.petition_id, ${dayOf('NEW')}, '${stage}', 1 WHERE ${when}
    ON CONFLICT DO UPDATE SET signatures = signatures + 1;`;
}

const TRACKED_COLUMNS = ['state', 'signed_on', 'country_code', 'state_province', 'utm_source', 'referrer_host'];

export const INSIGHT_MIGRATIONS: ReadonlyArray<string> = [
  `
  CREATE TABLE insight_hours (
    petition_id INTEGER NOT NULL,
    hour INTEGER NOT NULL,
    state TEXT NOT NULL,
    signatures INTEGER NOT NULL,
    PRIMARY KEY (petition_id, hour, state)
  ) WITHOUT ROWID;
  CREATE TABLE insight_places (
    petition_id INTEGER NOT NULL,
    day INTEGER NOT NULL,
    country_code TEXT NOT NULL,
    state_province TEXT NOT NULL,
    signatures INTEGER NOT NULL,
    PRIMARY KEY (petition_id, day, country_code, state_province)
  ) WITHOUT ROWID;
  CREATE TABLE insight_sources (
    petition_id INTEGER NOT NULL,
    day INTEGER NOT NULL,
    utm_source TEXT NOT NULL,
    referrer_host TEXT NOT NULL,
    signatures INTEGER NOT NULL,
    PRIMARY KEY (petition_id, day, utm_source, referrer_host)
  ) WITHOUT ROWID;
  CREATE TABLE insight_confirmations (
    petition_id INTEGER NOT NULL,
    day INTEGER NOT NULL,
    stage TEXT NOT NULL CHECK (stage IN ('submitted', 'confirmed', 'expired')),
    signatures INTEGER NOT NULL,
    PRIMARY KEY (petition_id, day, stage)
  ) WITHOUT ROWID;
  INSERT INTO insight_hours (petition_id, hour, state, signatures)
    SELECT petition_id, signed_on - signed_on % ${HOUR_MS}, state, COUNT(*) FROM signatures GROUP BY 1, 2, 3;
  INSERT INTO insight_places (petition_id, day, country_code, state_province, signatures)
    SELECT petition_id, signed_on - signed_on % ${DAY_MS}, country_code, state_province, COUNT(*) FROM signatures
    WHERE state = 'counted' GROUP BY 1, 2, 3, 4;
  INSERT INTO insight_sources (petition_id, day, utm_source, referrer_host, signatures)
    SELECT petition_id, signed_on - signed_on % ${DAY_MS}, coalesce(utm_source, ''), coalesce(referrer_host, ''), COUNT(*) FROM signatures
    WHERE state = 'counted' GROUP BY 1, 2, 3, 4;
  -- What was submitted before this version is known only by what is left of it: the signatures
  -- waiting, and those counted on a petition that asks for confirmation, taken as confirmed
  -- (and submitted) on the day they count from. Expiries before it were never counted.
  INSERT INTO insight_confirmations (petition_id, day, stage, signatures)
    SELECT s.petition_id, s.signed_on - s.signed_on % ${DAY_MS}, stage.name, COUNT(*)
    FROM signatures s JOIN petitions p ON p.id = s.petition_id
    JOIN (SELECT 'submitted' AS name UNION ALL SELECT 'confirmed') stage
    WHERE s.state = 'unconfirmed' AND stage.name = 'submitted' OR s.state = 'counted' AND p.confirm_signers = 1
    GROUP BY 1, 2, 3;
  CREATE TRIGGER insight_signature_added AFTER INSERT ON signatures BEGIN
  ${added()}
  ${funnelEvent('submitted', "NEW.state = 'unconfirmed'")}
  END;
  CREATE TRIGGER insight_signature_removed AFTER DELETE ON signatures BEGIN
  ${removed()}
  END;
  CREATE TRIGGER insight_signature_changed AFTER UPDATE OF ${TRACKED_COLUMNS.join(', ')} ON signatures
  WHEN ${TRACKED_COLUMNS.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(' OR ')} BEGIN
  ${removed()}
  ${added()}
  ${funnelEvent('confirmed', "OLD.state = 'unconfirmed' AND NEW.state = 'counted'")}
  END;
  `,
];
