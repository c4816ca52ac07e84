// The proxy's smaller durable state in its Durable Object (proxy-object.ts): the authorization
// keys, the last good answers, the callback signatures seen and the proofs spent (with the
// object's issuer id), with the Node stores' SQL (last-good-sql.ts, seen-callback-sql.ts,
// used-proof-sql.ts). One object owns them all, so no isolate can overwrite another's newer key
// or miss another's seen callback.
import type { KeyRecord, KeyStore } from '../keys/key-store.js';
import { SEEN_CALLBACK_SQL } from '../keys/seen-callback-sql.js';
import type { SeenCallbackStore } from '../keys/seen-callback-store.js';
import { USED_PROOF_SQL } from '../proof/used-proof-sql.js';
import { newIssuerId, type UsedProofStore } from '../proof/used-proof-store.js';
import { LAST_GOOD_SCHEMA, LAST_GOOD_SQL } from '../reads/last-good-sql.js';
import type { LastGoodStore } from '../reads/last-good-store.js';

/** The key records as one row holding the whole list: replacing it is one statement, so atomic. */
export function durableKeyStore(storage: DurableObjectStorage): KeyStore {
  const { sql } = storage;
  sql.exec('CREATE TABLE IF NOT EXISTS auth_keys (id INTEGER PRIMARY KEY CHECK (id = 1), records TEXT NOT NULL)');
  return {
    async read() {
      const row = sql.exec<{ records: string }>('SELECT records FROM auth_keys WHERE id = 1').toArray()[0];
      return row ? (JSON.parse(row.records) as KeyRecord[]) : [];
    },
    async write(records) {
      sql.exec('INSERT INTO auth_keys (id, records) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET records = excluded.records', JSON.stringify(records));
    },
  };
}

export function durableLastGood(storage: DurableObjectStorage): LastGoodStore {
  const { sql } = storage;
  sql.exec(LAST_GOOD_SCHEMA);
  const columns = sql.exec<{ name: string }>(LAST_GOOD_SQL.columns).toArray().map((row) => row.name);
  if (!columns.includes('pinned')) sql.exec(LAST_GOOD_SQL.addPinned);
  return {
    async get(key) {
      const row = sql.exec<{ body: string; saved_at: number }>(LAST_GOOD_SQL.select, key).toArray()[0];
      return row ? { body: row.body, savedAt: row.saved_at } : undefined;
    },
    async put(key, answer, bounds) {
      storage.transactionSync(() => {
        sql.exec(LAST_GOOD_SQL.upsert, key, answer.body, answer.savedAt, answer.pinned ? 1 : 0);
        sql.exec(LAST_GOOD_SQL.dropOld, bounds.notBefore);
        sql.exec(LAST_GOOD_SQL.dropBeyond, bounds.keep);
      });
    },
    async size() {
      return sql.exec<{ n: number }>(LAST_GOOD_SQL.count).one().n;
    },
  };
}

/** Forgets what has expired, then records `value`; false when it was recorded already. */
function rememberOnce(storage: DurableObjectStorage, queries: { forget: string; insert: string }) {
  return (value: string, expiresAt: number, now: number): boolean =>
    storage.transactionSync(() => {
      storage.sql.exec(queries.forget, now);
      // Counted by RETURNING, not rowsWritten, which also counts the primary key index's write.
      return storage.sql.exec(`${queries.insert} RETURNING 1`, value, expiresAt).toArray().length === 1;
    });
}

export function durableSeenCallbacks(storage: DurableObjectStorage): SeenCallbackStore {
  storage.sql.exec(SEEN_CALLBACK_SQL.schema);
  const remember = rememberOnce(storage, SEEN_CALLBACK_SQL);
  return { remember: async (signature, expiresAt, now) => remember(signature, expiresAt, now) };
}

export function durableUsedProofs(storage: DurableObjectStorage): UsedProofStore {
  const { sql } = storage;
  sql.exec(USED_PROOF_SQL.schema);
  const use = rememberOnce(storage, USED_PROOF_SQL);
  // Written once, at the object's first start; later starts only read it.
  const readIssuer = () => sql.exec<{ issuer: string }>(USED_PROOF_SQL.issuer).toArray()[0]?.issuer;
  if (readIssuer() === undefined) sql.exec(USED_PROOF_SQL.addIssuer, newIssuerId());
  const own = readIssuer()!;
  return {
    use: async (challenge, expiresAt, now) => use(challenge, expiresAt, now),
    issuer: async () => own,
    spentFromOther: async (other, at) => void sql.exec(USED_PROOF_SQL.spentFromOther, other, at, at),
  };
}
