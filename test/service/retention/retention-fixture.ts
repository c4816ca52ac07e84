// What the retention tests share: a petition of the test service signed through the API by
// signers with every kind of personal data (phone, reason, opt-ins, a withdrawal link, a hidden
// name), a sweep of their own on a controllable clock, and what the database and the API hold.
import { randomBytes, randomInt } from 'node:crypto';
import { RetentionSweep } from '../../../src/service/retention/retention-sweep.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';
import { createStore } from '../../../src/service/store/store.js';
import type { Store } from '../../../src/service/store/store.js';
import { getJson, grantedKey, signaturesPath, signerFields, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';
import { readDatabase } from '../console-fixture.js';

export const DAY_MS = 86_400_000;

/** A signer's personal data as typed, unique to this run so that its bytes can be looked for in the file. */
export interface Signer {
  email: string;
  phone: string;
  reason: string;
  address: string;
  postalCode: string;
  lastName: string;
}

function newSigner(): Signer {
  const mark = randomBytes(6).toString('hex');
  return {
    email: `erasable.${mark}@example.org`,
    phone: `+44 20 7946 ${randomInt(1000, 10_000)}`,
    reason: `Reason typed by ${mark}`,
    address: `${mark} Retention Road`,
    postalCode: 'LS1 4AP',
    lastName: `Signer${mark}`,
  };
}

let keyRequests = 0;

/** The test service seen as holding another of its petitions (the harness's helpers act on `petitionId`). */
export function onPetition(t: TestService, petitionId: number): TestService {
  return { ...t, petitionId };
}

/**
 * Signs `count` signers on the petition through the API (202 each), each with a phone, a reason,
 * opt-ins and a withdrawal token; the last one's name is then hidden (unless `hideLast` is false). Returns them.
 */
export async function signPetition(t: TestService, petitionId: number, count: number, hideLast = true): Promise<Signer[]> {
  const on = onPetition(t, petitionId);
  const source = `https://retention-${petitionId}-${++keyRequests}.example.org/`;
  const key = await grantedKey(on, source);
  const signers: Signer[] = [];
  for (let i = 0; i < count; i++) {
    const signer = newSigner();
    const fields = signerFields({
      first_name: 'Rita',
      last_name: signer.lastName,
      email: signer.email,
      phone: signer.phone,
      reason: signer.reason,
      address: signer.address,
      postal_code: signer.postalCode,
      city: 'Leeds',
      country_code: 'GB',
    });
    const response = await submitSignature(on, source, key, [
      ...fields,
      ['opt_ins', 'newsletter'],
      ['client_address', `203.0.113.${i + 1}`],
      ['utm_source', 'newsletter'],
      ['withdrawal_token', randomBytes(32).toString('base64url')],
    ]);
    if (response.status !== 202) throw new Error(`signature answered ${response.status}: ${await response.text()}`);
    signers.push(signer);
  }
  if (!hideLast) return signers;
  const hidden = await readDatabase(t, (db) =>
    db.prepare<[number], { id: number }>('SELECT id FROM signatures WHERE petition_id = ? ORDER BY id DESC LIMIT 1').get(petitionId),
  );
  await t.admin.hideName(hidden!.id);
  return signers;
}

/** A sweep on the test service's database, at the time `clock.now` says. */
export async function testSweep(t: TestService, serviceDays: number | null, clock: { now: number }, log: string[] = []) {
  const store = createStore(await openStoreEngine(t.dbPath));
  const sweep = new RetentionSweep({
    store,
    serviceDays,
    truncateWal: () => truncateWal(store),
    log: (line) => log.push(line),
    now: () => clock.now,
  });
  return { store, sweep, close: () => store.db.close() };
}

/**
 * The truncation the service's checkpoint thread makes, made here on the sweep's own connection:
 * the service's thread checkpoints every few seconds, and a checkpoint that meets one of its is
 * busy for that moment, so it is tried again, a bounded number of times (the service's own
 * truncation takes turns with its checkpoints instead).
 */
async function truncateWal(store: Store): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const result = await store.db.prepare<[], { busy: number }>({ sqlite: 'PRAGMA wal_checkpoint(TRUNCATE)', postgres: 'SELECT 0 AS busy' }).get();
    if (!result || result.busy === 0) return;
    if (attempt === 50) throw new Error('SQLITE_BUSY');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function closedAt(t: TestService, petitionId: number): Promise<number | null> {
  return readDatabase(t, async (db) => (await db.prepare<[number], { closed_at: number | null }>('SELECT closed_at FROM petitions WHERE id = ?').get(petitionId))!.closed_at);
}

/** Every column the erasure clears, per signature of the petition, oldest first. */
export function personalColumns(t: TestService, petitionId: number) {
  return readDatabase(t, (db) =>
    db
      .prepare<[number], Record<string, string | number | null>>(
        `SELECT email, email_identity, email_domain, address, postal_code, phone, reason, client_ip, opt_ins, name_key, surname_key, postal_key,
           first_name, last_name, city, state, listed_position, erased_at,
           (SELECT COUNT(*) FROM signature_withdrawals w WHERE w.signature_id = s.id) AS withdrawal_links
         FROM signatures s WHERE petition_id = ? ORDER BY id`,
      )
      .all(petitionId),
  );
}

/** What anyone sees without the console: the petition's count, its public list and its breakdown; and the opt-in rates' counts. */
export async function publicView(t: TestService, petitionId: number) {
  const petition = await getJson(t, `/v1/petitions/${petitionId}`);
  const list = await getJson(t, signaturesPath(petitionId), { page_size: '100' });
  const breakdown = await getJson(t, `/v1/petitions/${petitionId}/signatures/breakdown`);
  const optIns = await readDatabase(t, (db) =>
    db.prepare<[number], { day: number; opt_in: string; signatures: number }>('SELECT day, opt_in, signatures FROM insight_opt_ins WHERE petition_id = ? ORDER BY day, opt_in').all(petitionId),
  );
  return { count: petition.body.signature_count, list: list.body, breakdown: { status: breakdown.status, body: breakdown.body }, optIns };
}

export function auditEntries(t: TestService, action: string) {
  return readDatabase(t, (db) =>
    db.prepare<[string], { actor: string; subject: string; detail: string }>('SELECT actor, subject, detail FROM audit_log WHERE action = ? ORDER BY id').all(action),
  );
}
