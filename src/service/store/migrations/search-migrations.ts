// The SQLite schema version of the console's search index (issue 22), applied after
// opt-in-migrations.ts and listed in migrations.ts. Never edited once released.
//
// The three B-tree indexes on the folded name, surname and postal code wrote a page each at a
// random place per signature, in the commit that answers the signer (docs/benchmarks.md
// "Service: ingest"). An FTS5 table takes their place, filled after the commit by
// search-index.ts from the rows' own keys: its segments are written in order, a batch at a
// time. It is contentless (the keys stay in `signatures` only), so a row leaves it by FTS5's
// 'delete' command with the values it was indexed with, and with `secure-delete` on their terms
// leave the index's pages at once (secure_delete then zeroes the freed bytes): erasure leaves
// nothing of a signer in it. (A contentless_delete table only marks the row deleted, and its
// terms stay in the file until a merge: measured in test/service/signatures/moderation.test.ts.)
export const SEARCH_MIGRATIONS: ReadonlyArray<string> = [
  `
  CREATE VIRTUAL TABLE signature_search USING fts5(
    petition, name, surname, postal,
    content = '',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
  );
  INSERT INTO signature_search (signature_search, rank) VALUES ('secure-delete', 1);
  CREATE TABLE search_progress (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    indexed_through INTEGER NOT NULL
  );
  INSERT INTO signature_search (rowid, petition, name, surname, postal)
    SELECT id, 'p' || petition_id, name_key, surname_key, postal_key FROM signatures ORDER BY id;
  INSERT INTO search_progress (id, indexed_through) SELECT 1, coalesce(max(id), 0) FROM signatures;
  DROP INDEX signatures_by_name;
  DROP INDEX signatures_by_surname;
  DROP INDEX signatures_by_postal_code;
  -- A signature deleted leaves the index with it. SQLite gives a new row the highest id plus
  -- one, so once the highest are gone their ids come back: what is indexed ends at the highest
  -- id left, and a row that reuses one is indexed as new.
  CREATE TRIGGER search_signature_removed AFTER DELETE ON signatures BEGIN
    INSERT INTO signature_search (signature_search, rowid, petition, name, surname, postal)
      SELECT 'delete', OLD.id, 'p' || OLD.petition_id, OLD.name_key, OLD.surname_key, OLD.postal_key
      FROM search_progress WHERE OLD.id <= indexed_through;
    UPDATE search_progress SET indexed_through = min(indexed_through, coalesce((SELECT max(id) FROM signatures), 0));
  END;
  `,
];
