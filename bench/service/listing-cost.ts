// Benchmark: what the group commit's storage work costs per signature (docs/benchmarks.md
// "Service: ingest"), in this process, without HTTP: the service's own schema and code
// (SignatureListing and the replay memory, batches of 32 as the ingest benchmark's load makes
// them), against the yardstick's one row under its unique email index, and with each of the
// signatures' indexes (and the insight counts' triggers) dropped in turn, to show what each
// costs, and with the search's B-trees of before issue 22 put back. Signers are random (names,
// emails, postal codes), as a real petition's are. Variants alternate round after round. The
// last ones add what a proxy sends with each signature (a withdrawal token, a client address,
// attribution), to show what the service's half of a proxied submission stores more; a batch
// size below 32 shows the commit's fixed work at a slower pace (the proxy's load makes about 7).
// Usage: node --import tsx bench/service/listing-cost.ts [rounds=5] [signatures=30000] [batch=32]
import { Sqlite } from '../../src/sqlite.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import { openDatabase } from '../../src/service/store/engines/database.js';
import { SqliteEngine } from '../../src/service/store/engines/sqlite-engine.js';
import { emailIdentity } from '../../src/service/signatures/email-identity.js';
import { rememberRequestSignature } from '../../src/service/http/request-auth.js';
import { CITIES, FIRST_NAMES, LAST_NAMES } from '../../src/service/seed/seed-people.js';
import { SignatureListing } from '../../src/service/signatures/signature-listing.js';
import { createStore, type OriginColumns } from '../../src/service/store/store.js';
import type { SignerInput } from '../../src/shared/signer-fields.js';
import { originColumns } from '../../src/service/signatures/signature-row.js';
import { secretTokenHash } from '../../src/service/http/secret-token.js';
import { formEncode } from '../../src/shared/signing.js';
import { median } from '../median.js';

const ROUNDS = Number(process.argv[2] ?? 5);
const SIGNATURES = Number(process.argv[3] ?? 30_000);
const BATCH = Number(process.argv[4] ?? 32);
const WINDOW_MS = 300_000;

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

interface Person {
  signer: SignerInput;
  identity: string;
  rsig: string;
  /** What a proxy adds to each signature: its signer's withdrawal token (hashed) and where it came from. */
  fromProxy: { withdrawal_token_hash: string; origin: OriginColumns };
}

function signers(count: number): Person[] {
  return Array.from({ length: count }, (_, i) => {
    const city = pick(CITIES);
    const email = `${randomBytes(6).toString('hex')}.${i}@example.org`;
    return {
      signer: {
        first_name: pick(FIRST_NAMES), last_name: pick(LAST_NAMES), email, address: `${i} Main Street`,
        city: city.city, state_province: city.state_province, postal_code: city.postal_code,
        country_code: city.country_code,
      },
      identity: emailIdentity(email),
      rsig: randomBytes(32).toString('hex'),
      fromProxy: {
        withdrawal_token_hash: secretTokenHash(randomBytes(32).toString('base64url')),
        origin: originColumns({ client_address: `203.0.${i % 256}.${(i * 7) % 256}`, utm_source: 'newsletter', referrer_host: 'www.example.org' }),
      },
    };
  });
}

/** The service's group commit without HTTP; returns CPU microseconds per signature. */
async function service(changes: string[], people: Person[], replayMemory = true, fromProxy = false): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-listing-'));
  try {
    const path = join(dir, 'service.db');
    const admin = await openAdmin(path);
    const { petition_id } = await admin.createPetition('Bench');
    await admin.close();
    const db = openDatabase(path);
    for (const statement of changes) db.exec(statement);
    const store = createStore(new SqliteEngine(db));
    const before = process.cpuUsage();
    for (let from = 0; from < people.length; from += BATCH) {
      const now = Date.now();
      await store.db.transaction(async () => {
        const listing = new SignatureListing(store, now);
        for (const person of people.slice(from, from + BATCH)) {
          if (replayMemory && !(await rememberRequestSignature(store, person.rsig, now + WINDOW_MS))) continue;
          await listing.add({ petition_id, email_identity: person.identity, signer: person.signer, auth_key_request_id: 1, received_at: now, lang: 'en', ...(fromProxy ? person.fromProxy : {}) });
        }
        await listing.finish();
      });
    }
    const cpu = process.cpuUsage(before);
    db.close();
    return (cpu.user + cpu.system) / people.length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The yardstick's storage (yardstick-server.ts): one row a request holding its body, under a UNIQUE (petition, email identity). */
async function yardstick(people: Person[]): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-listing-'));
  try {
    const db = new Sqlite(join(dir, 'yardstick.db'));
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE submissions (id INTEGER PRIMARY KEY, petition_id INTEGER NOT NULL, email_identity TEXT NOT NULL, body TEXT NOT NULL)');
    db.exec('CREATE UNIQUE INDEX submissions_by_email ON submissions(petition_id, email_identity)');
    const insert = db.prepare<[string, string]>('INSERT OR IGNORE INTO submissions (petition_id, email_identity, body) VALUES (1, ?, ?)');
    const bodies = people.map((person) => ({
      identity: person.identity,
      body: `${formEncode(Object.entries(person.signer).map(([name, value]) => [name, String(value)]))}&rsig=${person.rsig}`,
    }));
    const before = process.cpuUsage();
    for (let from = 0; from < bodies.length; from += BATCH) {
      db.transaction(() => {
        for (const { identity, body } of bodies.slice(from, from + BATCH)) insert.run(identity, body);
      })();
    }
    const cpu = process.cpuUsage(before);
    db.close();
    return (cpu.user + cpu.system) / bodies.length;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const dropIndexes = (...names: string[]) => names.map((name) => `DROP INDEX ${name}`);
/** The console's search as it was written in the commit before issue 22 (search-migrations.ts). */
const SEARCH_IN_THE_COMMIT = [
  'CREATE INDEX signatures_by_name ON signatures(petition_id, name_key)',
  'CREATE INDEX signatures_by_surname ON signatures(petition_id, surname_key)',
  'CREATE INDEX signatures_by_postal_code ON signatures(petition_id, postal_key)',
];
const INSIGHT_TRIGGERS = ['DROP TRIGGER insight_signature_added', 'DROP TRIGGER insight_opt_ins_added'];

const VARIANTS: Array<[string, (people: Person[]) => Promise<number>]> = [
  ['yardstick (one row, unique email index)', yardstick],
  ['service, as it is', (people) => service([], people)],
  ['  with the three search B-trees (before)', (people) => service(SEARCH_IN_THE_COMMIT, people)],
  ['  without the email index', (people) => service(dropIndexes('signatures_by_email'), people)],
  ['  without the listed-position index', (people) => service(dropIndexes('signatures_by_listed_position'), people)],
  ['  without the signed-on index', (people) => service(dropIndexes('signatures_by_signed_on'), people)],
  ['  without the insight count triggers', (people) => service(INSIGHT_TRIGGERS, people)],
  ['  without the replay memory', (people) => service([], people, false)],
  ['  without all three', (people) => service([...INSIGHT_TRIGGERS, ...dropIndexes('signatures_by_signed_on')], people, false)],
  ['service, with what a proxy adds', (people) => service([], people, true, true)],
  ['  without the client-address index', (people) => service(dropIndexes('signatures_by_client_ip'), people, true, true)],
  ['  without the withdrawals by signature', (people) => service(dropIndexes('signature_withdrawals_by_signature'), people, true, true)],
];

const results = new Map<string, number[]>(VARIANTS.map(([name]) => [name, []]));
for (let round = 1; round <= ROUNDS; round++) {
  const people = signers(SIGNATURES);
  const order = round % 2 === 1 ? VARIANTS : [...VARIANTS].reverse();
  for (const [name, run] of order) results.get(name)!.push(await run(people));
}
const yardstickMedian = median(results.get(VARIANTS[0]![0])!);
console.log(`${SIGNATURES} signatures per variant, batches of ${BATCH}, ${ROUNDS} rounds; CPU per signature, median:`);
for (const [name] of VARIANTS) {
  const value = median(results.get(name)!);
  console.log(`${name.padEnd(40)} ${value.toFixed(1).padStart(6)} µs  (${(value / yardstickMedian).toFixed(1)}× the yardstick)`);
}
