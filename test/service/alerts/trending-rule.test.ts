// The trending rule at its boundaries, evaluated at a chosen moment on a real database (SQLite,
// or PostgreSQL with SERVICE_TEST_DATABASE=postgres) holding rows written as the service writes
// them: the window's edges, the count, the share, the "unusual against its own baseline" ratio,
// a neighbouring network, one alert per group while it lasts, and what a new petition is judged by.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../../src/service/admin.js';
import type { ServiceAdmin } from '../../../src/service/admin.js';
import { evaluateTrends } from '../../../src/service/alerts/trend-watch.js';
import type { TrendSettings } from '../../../src/service/alerts/trending-rule.js';
import { addressKey } from '../../../src/service/store/signatures/address-key.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';
import { createStore } from '../../../src/service/store/store.js';
import type { Store } from '../../../src/service/store/store.js';
import { parseIp } from '../../../src/shared/ip-address.js';
import { newTestDatabase } from '../test-database.js';

const HOUR = 60 * 60_000;
const SETTINGS: TrendSettings = { windowMs: HOUR, minSignatures: 4, minSharePercent: 25, baselineRatio: 3 };
const NOW = Date.UTC(2026, 4, 1, 12, 0, 0);
const FROM = NOW - HOUR;

let dir: string;
let admin: ServiceAdmin;
let store: Store;
let sourceRequestId: number;
let serial = 0;

interface Row {
  at: number;
  ip?: string;
  domain?: string;
  utm?: string;
  sourceRequest?: number;
  state?: 'counted' | 'invalidated';
  channel?: 'online' | 'paper';
}

/** Signatures as the service stores them; each has its own /24 and domain unless told. */
async function insert(petitionId: number, rows: Row[]): Promise<void> {
  const statement = store.db.prepare<unknown[]>(
    `INSERT INTO signatures (petition_id, email_identity, email, first_name, last_name, address, city, state_province, postal_code,
       country_code, hidden, signed_on, state, email_domain, client_ip, utm_source, auth_key_request_id, channel)
     VALUES (?, ?, ?, 'Ada', 'Lovelace', '1 Road', 'London', '', 'SW1', 'GB', 0, ?, ?, ?, ?, ?, ?, ?)`,
  );
  await store.db.transaction(async () => {
    for (const row of rows) {
      const n = ++serial;
      const domain = row.domain ?? `d${n}.example`;
      const ip = row.ip ?? `10.${(n >> 8) & 255}.${n & 255}.1`;
      await statement.run(petitionId, `s${n}@${domain}`, `s${n}@${domain}`, row.at, row.state ?? 'counted', domain, addressKey(parseIp(ip)!), row.utm ?? null, row.sourceRequest ?? null, row.channel ?? 'online');
    }
  });
}

const many = (count: number, row: Row): Row[] => Array.from({ length: count }, () => ({ ...row }));

/** A petition with `history` diverse signatures before the window (its own baseline). */
async function petition(history = 100): Promise<number> {
  const { petition_id } = await admin.createPetition(`Petition ${++serial}`);
  await insert(petition_id, many(history, { at: FROM - 2 * HOUR }));
  return petition_id;
}

const evaluate = (now = NOW) => evaluateTrends(store, now, { settings: SETTINGS, webhook: true, consoleUrl: 'https://petitions.example.org/admin' });
const alertsOf = async (petitionId: number) => store.alertsOfPetition.all(petitionId, 100);
const groups = async (petitionId: number) => (await alertsOf(petitionId)).map((alert) => `${alert.kind} ${alert.group_key}`);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trending-'));
  const database = await newTestDatabase(dir);
  admin = await openAdmin(database);
  await admin.createConsumer('consumer');
  store = createStore(await openStoreEngine(database));
  const { petition_id } = await admin.createPetition('Sources');
  sourceRequestId = (await store.db
    .prepare<unknown[], { id: number }>(
      `INSERT INTO auth_key_requests (petition_id, consumer_id, source, source_description, requester_email, callback_endpoint,
         callback_host, status, created_at, updated_at)
       VALUES (?, (SELECT min(id) FROM consumers), 'https://campaign.example.org', 'site', 'team@example.org', 'https://campaign.example.org/cb',
         'campaign.example.org', 'granted', 0, 0) RETURNING id`,
    )
    .get(petition_id))!.id;
});
after(async () => {
  await store?.db.close();
  await admin?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('trending rule', () => {
  test('count: N-1 signatures of one /24 do not alert, N do; the window starts at its first millisecond and ends before now', async () => {
    const id = await petition();
    // 3 in the window, one a millisecond before it (baseline), one at now (the next window).
    await insert(id, [...many(3, { at: NOW - 10, ip: '198.51.100.7' }), { at: FROM - 1, ip: '198.51.100.8' }, { at: NOW, ip: '198.51.100.9' }]);
    await insert(id, many(4, { at: NOW - 20 }));
    await evaluate();
    assert.deepEqual(await groups(id), [], '3 signatures in the window');
    await insert(id, [{ at: FROM, ip: '198.51.100.200' }]);
    await evaluate();
    const [alert] = await alertsOf(id);
    assert.deepEqual([alert!.kind, alert!.group_key, alert!.count, alert!.window_total], ['range', '198.51.100.0/24', 4, 8]);
    assert.deepEqual([alert!.baseline_count, alert!.baseline_total, alert!.window_from, alert!.window_to], [1, 101, FROM, NOW]);
  });

  test('share: exactly S % of the window alerts, just under it does not', async () => {
    const at = NOW - 1000;
    const exactly = await petition();
    await insert(exactly, [...many(4, { at, ip: '203.0.113.1' }), ...many(12, { at })]);
    const under = await petition();
    await insert(under, [...many(4, { at, ip: '203.0.113.1' }), ...many(13, { at })]);
    await evaluate();
    assert.deepEqual(await groups(exactly), ['range 203.0.113.0/24'], '4 of 16 is 25 %');
    assert.deepEqual(await groups(under), [], '4 of 17 is under 25 %');
  });

  test('a common domain growing with the petition does not alert; one at exactly 3 times its usual share does, just under does not', async () => {
    const at = NOW - 1000;
    const common = await petition(60);
    await insert(common, many(40, { at: FROM - HOUR, domain: 'gmail.com' }));
    await insert(common, [...many(8, { at, domain: 'gmail.com' }), ...many(12, { at })]);
    const tripled = await petition(90);
    await insert(tripled, many(10, { at: FROM - HOUR, domain: 'mail.example' }));
    await insert(tripled, [...many(6, { at, domain: 'mail.example' }), ...many(14, { at })]);
    const underTriple = await petition(89);
    await insert(underTriple, many(11, { at: FROM - HOUR, domain: 'mail.example' }));
    await insert(underTriple, [...many(6, { at, domain: 'mail.example' }), ...many(14, { at })]);
    await evaluate();
    assert.deepEqual(await groups(common), [], 'gmail.com: 40 % of the window, as before it');
    assert.deepEqual(await groups(tripled), ['domain mail.example'], '30 % against 10 % before');
    assert.deepEqual(await groups(underTriple), [], '30 % against 11 % before');
  });

  test('a neighbouring /24 (and /48) is another group', async () => {
    const at = NOW - 1000;
    const v4 = await petition();
    await insert(v4, [...many(2, { at, ip: '192.0.2.1' }), ...many(2, { at, ip: '192.0.3.1' })]);
    const v6 = await petition();
    await insert(v6, [
      { at, ip: '2001:db8:1:1::1' }, { at, ip: '2001:db8:1:2::1' }, { at, ip: '2001:db8:1:ffff::1' }, { at, ip: '2001:db8:1:8000::9' },
      ...many(3, { at, ip: '2001:db8:2::1' }),
    ]);
    await evaluate();
    assert.deepEqual(await groups(v4), []);
    assert.deepEqual(await groups(v6), ['range 2001:db8:1::/48'], 'four /64s of one /48; three of the next /48');
  });

  test('one alert while the group trends, ended after a whole quiet window, then raised again', async () => {
    const id = await petition();
    await insert(id, [...many(4, { at: NOW - 1000, ip: '198.18.5.1' }), ...many(4, { at: NOW - 1000 })]);
    await evaluate();
    await evaluate(NOW + 1000);
    const alerts = await alertsOf(id);
    assert.equal(alerts.length, 1);
    assert.equal(alerts[0]!.last_seen_at, NOW + 1000);
    const deliveries = await store.db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM alert_deliveries WHERE alert_id = ?').get(alerts[0]!.id);
    assert.equal(deliveries!.n, 1, 'one webhook post');
    // Seen last at NOW + 1000: still ongoing a millisecond before a whole window has passed.
    await evaluate(NOW + 1000 + HOUR - 1);
    assert.equal((await alertsOf(id))[0]!.ended_at, null);
    await evaluate(NOW + 1000 + HOUR);
    assert.equal((await alertsOf(id))[0]!.ended_at, NOW + 1000 + HOUR);
    await insert(id, [...many(4, { at: NOW + 2 * HOUR, ip: '198.18.5.1' }), ...many(4, { at: NOW + 2 * HOUR })]);
    await evaluate(NOW + 2 * HOUR + 1);
    assert.equal((await alertsOf(id)).length, 2, 'a new burst after the quiet window');
  });

  test('invalidated signatures do not count', async () => {
    const id = await petition();
    await insert(id, [...many(3, { at: NOW - 1000, ip: '198.18.9.1' }), { at: NOW - 1000, ip: '198.18.9.2', state: 'invalidated' }, ...many(4, { at: NOW - 1000 })]);
    await evaluate();
    assert.deepEqual(await groups(id), []);
  });

  test('paper signatures (an operator’s batch, issue 20) do not count', async () => {
    const id = await petition();
    await insert(id, [...many(3, { at: NOW - 1000, domain: 'club.example' }), { at: NOW - 1000, domain: 'club.example', channel: 'paper' }, ...many(4, { at: NOW - 1000 })]);
    await evaluate();
    assert.deepEqual(await groups(id), []);
  });

  test('a petition without history: its sources are not judged, its networks against the whole service', async () => {
    const fresh = await petition(0);
    await insert(fresh, [
      ...many(4, { at: NOW - 1000, ip: '198.19.0.1', utm: 'newsletter', sourceRequest: sourceRequestId }),
      ...many(4, { at: NOW - 1000, utm: 'newsletter', sourceRequest: sourceRequestId }),
    ]);
    await evaluate();
    assert.deepEqual(await groups(fresh), ['range 198.19.0.0/24']);
    // With a history of its own, a source at more than 3 times its share is unusual.
    const known = await petition();
    await insert(known, many(8, { at: NOW - 1000, utm: 'newsletter', sourceRequest: sourceRequestId }));
    await evaluate();
    assert.deepEqual((await groups(known)).sort(), ['source https://campaign.example.org', 'utm_source newsletter']);
  });
});
