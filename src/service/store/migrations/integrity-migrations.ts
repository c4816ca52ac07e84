// The SQLite schema versions that keep a petition's count defensible (issue 18), applied after
// the ones in migrations.ts and listed there: where each signature came from, the operator's block
// lists and bulk invalidations, trending alerts, signers' withdrawal links and confirmation codes,
// and the console's sign-in attempts. Like every released version, never edited: changes are new
// versions appended to migrations.ts's list.

export const INTEGRITY_MIGRATIONS: ReadonlyArray<string> = [
  // Where a signature came from (issue 18: abuse is seen and undone): the signer's address as
  // address-key.ts writes it (a CIDR range is a text range on the index), the page's utm_source,
  // the referrer's host, and the email's domain. Indexed for what reviews a petition's recent
  // signatures by network or by time (bulk invalidation, trending alerts).
  `
  ALTER TABLE signatures ADD COLUMN email_domain TEXT NOT NULL DEFAULT '';
  ALTER TABLE signatures ADD COLUMN client_ip TEXT;
  ALTER TABLE signatures ADD COLUMN utm_source TEXT;
  ALTER TABLE signatures ADD COLUMN referrer_host TEXT;
  UPDATE signatures SET email_domain = lower(trim(substr(email, instr(email, '@') + 1)));
  CREATE INDEX signatures_by_client_ip ON signatures(petition_id, client_ip) WHERE client_ip IS NOT NULL;
  CREATE INDEX signatures_by_signed_on ON signatures(petition_id, signed_on);
  `,
  // The operator's block lists and bulk invalidations (issue 18, src/service/abuse/): entries
  // for the whole service (no petition) or one petition, an address range kept as its lowest
  // and highest address key; a batch of invalidated signatures, each marked with its batch so
  // that undoing it restores exactly those.
  `
  CREATE TABLE block_entries (
    id INTEGER PRIMARY KEY,
    petition_id INTEGER REFERENCES petitions(id),
    kind TEXT NOT NULL CHECK (kind IN ('domain', 'email', 'range')),
    value TEXT NOT NULL,
    low TEXT,
    high TEXT,
    created_at INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX block_entries_unique ON block_entries(coalesce(petition_id, 0), kind, value);
  CREATE TABLE invalidation_batches (
    id INTEGER PRIMARY KEY,
    petition_id INTEGER NOT NULL REFERENCES petitions(id),
    filter TEXT NOT NULL,
    invalidated INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    undone_at INTEGER,
    restored INTEGER
  );
  CREATE INDEX invalidation_batches_by_petition ON invalidation_batches(petition_id, id);
  ALTER TABLE signatures ADD COLUMN invalidation_batch_id INTEGER;
  CREATE INDEX signatures_by_invalidation_batch ON signatures(invalidation_batch_id) WHERE invalidation_batch_id IS NOT NULL;
  `,
  // Trending alerts (issue 18, src/service/alerts/): a group of a petition's recent signatures
  // (an address range, an email domain, a utm_source, a referrer host, a key request's source)
  // carrying an unusual share of them. At most one ongoing alert per petition and group (the
  // partial unique index: instances evaluating at once raise it once); each raised alert's
  // operator webhook post is a durable delivery row, retried like callback_deliveries.
  `
  CREATE TABLE trending_alerts (
    id INTEGER PRIMARY KEY,
    petition_id INTEGER NOT NULL REFERENCES petitions(id),
    kind TEXT NOT NULL CHECK (kind IN ('range', 'domain', 'utm_source', 'referrer_host', 'source')),
    group_key TEXT NOT NULL,
    count INTEGER NOT NULL,
    window_total INTEGER NOT NULL,
    baseline_count INTEGER NOT NULL,
    baseline_total INTEGER NOT NULL,
    window_from INTEGER NOT NULL,
    window_to INTEGER NOT NULL,
    raised_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    ended_at INTEGER,
    dismissed_at INTEGER,
    dismissed_by TEXT
  );
  CREATE UNIQUE INDEX trending_alerts_ongoing ON trending_alerts(petition_id, kind, group_key) WHERE ended_at IS NULL;
  CREATE INDEX trending_alerts_by_petition ON trending_alerts(petition_id, id);
  CREATE TABLE alert_deliveries (
    id INTEGER PRIMARY KEY,
    alert_id INTEGER NOT NULL REFERENCES trending_alerts(id),
    payload TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'abandoned')),
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    next_attempt_at INTEGER NOT NULL,
    last_outcome TEXT
  );
  CREATE INDEX alert_deliveries_due ON alert_deliveries(next_attempt_at) WHERE state = 'pending';
  `,
  // Signers in control (issue 18): withdrawal links, kept as hashes (one from the proxy's
  // thank-you, one from the latest confirmation mail; they go with their signature), and the
  // 6-digit confirmation code, hashed, with its count of wrong tries.
  `
  CREATE TABLE signature_withdrawals (
    token_hash TEXT PRIMARY KEY,
    signature_id INTEGER NOT NULL REFERENCES signatures(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('thanks', 'mail'))
  ) WITHOUT ROWID;
  CREATE INDEX signature_withdrawals_by_signature ON signature_withdrawals(signature_id, kind);
  ALTER TABLE signature_confirmations ADD COLUMN code_hash TEXT;
  ALTER TABLE signature_confirmations ADD COLUMN code_tries INTEGER NOT NULL DEFAULT 0;
  `,
  // Console sign-in attempts (limits/sign-in-limit.ts), per client network and per operator
  // email, each a window begun by its first attempt: counted before the password is checked,
  // and kept in the database so a restart does not hand out a fresh budget. Keys are hashes.
  `
  CREATE TABLE sign_in_attempts (
    key TEXT PRIMARY KEY,
    started_at INTEGER NOT NULL,
    count INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX sign_in_attempts_by_start ON sign_in_attempts(started_at);
  `,
];
