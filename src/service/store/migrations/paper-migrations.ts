// The SQLite schema version of paper signatures (issue 20, src/service/paper/), applied after
// insight-migrations.ts and listed in migrations.ts. Never edited once released.
//
// A signature says how it was gathered (`channel`: online, or on paper and typed in by an
// operator) and, for paper, the batch it came in, so a batch can be removed as a whole. A paper
// row without an email has an empty `email` and an `email_identity` of 'paper:' and a keyed
// hash of the signer's name and postal code (paper-identity.ts): the unique email index then
// refuses the same person twice whichever way they are known.
export const PAPER_MIGRATIONS: ReadonlyArray<string> = [
  `
  CREATE TABLE paper_batches (
    id INTEGER PRIMARY KEY,
    petition_id INTEGER NOT NULL REFERENCES petitions(id),
    added INTEGER NOT NULL,
    duplicates INTEGER NOT NULL,
    failing INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    removed_at INTEGER,
    removed INTEGER
  );
  CREATE INDEX paper_batches_by_petition ON paper_batches(petition_id, id);
  ALTER TABLE signatures ADD COLUMN channel TEXT NOT NULL DEFAULT 'online' CHECK (channel IN ('online', 'paper'));
  -- No REFERENCES: SQLite cannot drop a column a foreign key names, and the insight backfill's
  -- test takes the schema back below this version. A batch row is never deleted.
  ALTER TABLE signatures ADD COLUMN paper_batch_id INTEGER;
  CREATE INDEX signatures_by_paper_batch ON signatures(petition_id, paper_batch_id) WHERE paper_batch_id IS NOT NULL;
  `,
];
