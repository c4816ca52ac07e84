// The confirmation mailer's own outcomes, driven poll by poll on the service's real database (a
// SQLite file, or PostgreSQL with SERVICE_TEST_DATABASE=postgres) and a real SMTP server on
// loopback: nothing due says nothing; a read that fails is logged by its code unless the storage
// itself failed (the health check says that once); a signature confirmed between the read and the
// send gets no mail and no withdrawal link; an outcome that cannot be recorded is logged; /metrics
// counts each mail's delivery under `mail`; at most 4 sends are out at once, a poll after stop does
// nothing, and a send still out holds the stop 2 s at most. signer-confirmation.test.ts has the mail end to end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfirmationMailer, type ConfirmationMailerOptions } from '../../../src/service/confirmation/confirmation-mailer.js';
import { smtpMailer, type Mailer } from '../../../src/service/confirmation/mailer.js';
import { DeliveryWatch } from '../../../src/service/metrics/delivery-watch.js';
import { ServiceMetrics } from '../../../src/service/metrics/service-metrics.js';
import { createLogger } from '../../../src/shared/observability/logger.js';
import { DatabaseHealth } from '../../../src/service/store/database-health.js';
import { openStoreEngine } from '../../../src/service/store/engines/store-engine.js';
import { createStore, type Store } from '../../../src/service/store/store.js';
import { eventually, grantedKey, signerFields, startTestService, submitSignature } from '../harness.js';
import { startMailCatcher, type MailCatcher } from '../mail-catcher.js';
import { newTestDatabase, onPostgres, withDatabase } from '../test-database.js';

const source = 'https://mailer.example.org/';
let dir: string;
let database: string;
let catcher: MailCatcher;
/** A port nothing listens on: every send to it is refused (logged as ECONNREFUSED, the system's code, not nodemailer's ESOCKET). */
let refusingUrl: string;
/** The signatures waiting for their mail, made through the service, which is then stopped. */
let waiting: number[];

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'confirmation-mailer-'));
  database = await newTestDatabase(dir);
  catcher = await startMailCatcher();
  const closed = await startMailCatcher();
  refusingUrl = closed.url;
  await closed.close();
  // No --smtp: the service's own mailer leaves the mails due.
  const t = await startTestService({ dbPath: database });
  try {
    await t.admin.updatePetition(t.petitionId, { title: 'Mailer petition', confirm_signers: 'true' });
    const key = await grantedKey(t, source);
    for (let i = 0; i < 6; i++) assert.equal((await submitSignature(t, source, key, signerFields({ email: `waiting${i}@example.org` }))).status, 202);
    const read = () => withDatabase(database, (db) => db.prepare<[], { signature_id: number }>('SELECT signature_id FROM signature_confirmations ORDER BY signature_id').all());
    waiting = (await eventually(read, (rows) => rows.length === 6, 5000)).map((row) => Number(row.signature_id));
  } finally {
    await t.close();
  }
});
after(async () => {
  await catcher.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Only these signatures' mails are due, now (and claimed by no instance). */
async function dueNow(...ids: number[]): Promise<void> {
  await withDatabase(database, async (db) => {
    await db.prepare(onPostgres ? 'UPDATE signature_confirmations SET mail_due_at = NULL, mail_claimed_by = NULL' : 'UPDATE signature_confirmations SET mail_due_at = NULL').run();
    for (const id of ids) await db.prepare<[number, number]>('UPDATE signature_confirmations SET mail_due_at = ?, mail_attempts = 0 WHERE signature_id = ?').run(Date.now() - 1000, id);
  });
}

interface Run {
  mailer: ConfirmationMailer;
  store: Store;
  logs: string[];
  healthLogs: string[];
  polls: number[];
  logged: Record<string, unknown>[];
  count: (outcome: 'delivered' | 'failed') => Promise<number>;
}

/** A mailer on its own connection; `watched`: with the service's delivery watch and metrics. */
async function mailerOn(options: { mailer: Mailer | null; watched?: boolean; store?: (store: Store) => Store; unpolled?: boolean }): Promise<Run & { close: () => Promise<void> }> {
  const store = createStore(await openStoreEngine(database));
  const logs: string[] = [];
  const healthLogs: string[] = [];
  const polls: number[] = [];
  const logged: Record<string, unknown>[] = [];
  const metrics = new ServiceMetrics({ processMetrics: false });
  const logger = createLogger({ format: 'json', level: 'info', destination: (line) => logged.push(JSON.parse(line) as Record<string, unknown>) });
  const health = new DatabaseHealth({ path: onPostgres ? null : database, store, reopen: () => store.db, log: (line) => healthLogs.push(line) });
  const settings: ConfirmationMailerOptions = {
    store: options.store ? options.store(store) : store,
    mailer: options.mailer,
    publicUrl: 'https://petitions.example.org',
    health,
    log: (line) => logs.push(line),
    instance: 'mailer-test',
    ...(options.unpolled ? {} : { polled: (now: number) => void polls.push(now) }),
    ...(options.watched ? { watch: new DeliveryWatch(metrics, logger) } : {}),
  };
  const mailer = new ConfirmationMailer(settings);
  const count = async (outcome: 'delivered' | 'failed') =>
    Number(new RegExp(`^petition_service_deliveries_total\\{kind="mail",outcome="${outcome}"\\} (\\S+)$`, 'm').exec(await metrics.registry.metrics())?.[1] ?? 0);
  return {
    mailer,
    store,
    logs,
    healthLogs,
    polls,
    logged,
    count,
    close: async () => {
      health.stop();
      await store.db.close().catch(() => {});
    },
  };
}

const withdrawalsOf = (id: number) =>
  withDatabase(database, async (db) => Number((await db.prepare<[number], { n: number }>('SELECT COUNT(*) AS n FROM signature_withdrawals WHERE signature_id = ?').get(id))!.n));
const mailsTo = (email: string) => catcher.mails.filter((mail) => mail.to === email);
/** A mail server slow to answer: each send waits until `release()`, then fails as a refused one would. */
function heldMailer(): { mailer: Mailer; started: string[]; release: () => void } {
  const started: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const mailer: Mailer = {
    send: async (message) => {
      started.push(message.to);
      await released;
      throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
    },
    close: () => {},
  };
  return { mailer, started, release };
}
const dueAt = (id: number) =>
  withDatabase(database, async (db) => (await db.prepare<[number], { mail_due_at: number | null }>('SELECT mail_due_at FROM signature_confirmations WHERE signature_id = ?').get(id))!.mail_due_at);
const without = ({ time: _time, ...rest }: Record<string, unknown>) => rest;

describe('reading what is due', () => {
  test('nothing due: no line, even without an SMTP server, and the poll is reported', async () => {
    await dueNow();
    const run = await mailerOn({ mailer: null });
    try {
      await run.mailer.poll();
      assert.deepEqual(run.logs, []);
      assert.equal(run.polls.length, 1);
      await dueNow(waiting[0]!);
      await run.mailer.poll();
      assert.deepEqual(run.logs, ['confirmation mail: signers are waiting for confirmation emails, but no --smtp server is set']);
    } finally {
      await run.mailer.stop();
      await run.close();
    }
  });

  test('a read that fails is logged by its error code; no poll is reported', async () => {
    await dueNow(waiting[0]!);
    const run = await mailerOn({ mailer: smtpMailer({ url: catcher.url, from: 'petitions@example.org' }) });
    // The table taken away for a moment: the read fails with an error that is not the storage's.
    const rename = (from: string, to: string) => withDatabase(database, (db) => db.prepare(`ALTER TABLE ${from} RENAME TO ${to}`).run());
    await rename('signature_confirmations', 'signature_confirmations_away');
    try {
      await run.mailer.poll();
      assert.equal(run.logs.length, 1, run.logs.join('\n'));
      assert.match(run.logs[0]!, onPostgres ? /^confirmation mail: reading due mails failed \(42P01\)$/ : /^confirmation mail: reading due mails failed \(SQLITE_ERROR\)$/);
      assert.deepEqual(run.polls, []);
      assert.deepEqual(run.healthLogs, [], 'not a storage failure');
    } finally {
      await rename('signature_confirmations_away', 'signature_confirmations');
      await run.mailer.stop();
      await run.close();
    }
  });

  test('a read the storage itself failed is not logged here: the health check says it once', async () => {
    await dueNow(waiting[0]!);
    // A disk that fails under a read cannot be had on demand: the read throws what SQLite then does.
    const failing = (store: Store): Store => ({
      ...store,
      dueConfirmationMails: {
        ...store.dueConfirmationMails,
        all: () => Promise.reject(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_READ' })),
      },
    });
    const run = await mailerOn({ mailer: smtpMailer({ url: catcher.url, from: 'petitions@example.org' }), store: failing });
    try {
      await run.mailer.poll();
      await run.mailer.poll();
      assert.deepEqual(run.logs, []);
      assert.deepEqual(run.polls, []);
      assert.deepEqual(run.healthLogs, ['database cannot be written (SQLITE_IOERR_READ): answering 503 to writes until it can']);
    } finally {
      await run.mailer.stop();
      await run.close();
    }
  });
});

describe('sending', () => {
  test('a signature confirmed between the read and the send gets no mail and no withdrawal link', async () => {
    const id = waiting[1]!;
    await dueNow(id);
    const before = await withdrawalsOf(id);
    // The signer presses the button just after the poll read the mail as due.
    const confirmedMeanwhile = (store: Store): Store => ({
      ...store,
      dueConfirmationMails: {
        ...store.dueConfirmationMails,
        all: async (params) => {
          const rows = await store.dueConfirmationMails.all(params);
          for (const row of rows) await store.deleteConfirmation.run(row.signature_id);
          return rows;
        },
      },
    });
    const run = await mailerOn({ mailer: smtpMailer({ url: catcher.url, from: 'petitions@example.org' }), watched: true, store: confirmedMeanwhile });
    try {
      await run.mailer.poll();
      assert.equal(run.polls.length, 1);
      await run.mailer.stop();
      assert.equal(await run.count('delivered'), 0, 'no mail went out');
      assert.deepEqual(mailsTo('waiting1@example.org'), []);
      assert.equal(await withdrawalsOf(id), before, 'no new withdrawal link');
      assert.deepEqual(run.logs, []);
    } finally {
      await run.close();
    }
  });

  test('without a delivery watch: a refused send is logged once by signature id and code; a sent one says nothing', async () => {
    const id = waiting[2]!;
    await dueNow(id);
    const refused = await mailerOn({ mailer: smtpMailer({ url: refusingUrl, from: 'petitions@example.org' }) });
    try {
      await refused.mailer.poll();
      await refused.mailer.stop();
      assert.equal(refused.logs.length, 1, refused.logs.join('\n'));
      assert.match(refused.logs[0]!, new RegExp(`^confirmation mail for signature ${id}: attempt 1 failed \\(ECONNREFUSED\\)$`));
    } finally {
      await refused.close();
    }
    await dueNow(id);
    const sent = await mailerOn({ mailer: smtpMailer({ url: catcher.url, from: 'petitions@example.org' }) });
    try {
      await sent.mailer.poll();
      await sent.mailer.stop();
      assert.deepEqual(sent.logs, []);
      await eventually(() => mailsTo('waiting2@example.org'), (mails) => mails.length === 1, 5000);
    } finally {
      await sent.close();
    }
  });

  test('with the delivery watch: a refused mail is counted and logged under `mail` with no target; a sent one is counted under `mail`', async () => {
    const id = waiting[3]!;
    await dueNow(id);
    const run = await mailerOn({ mailer: smtpMailer({ url: refusingUrl, from: 'petitions@example.org' }), watched: true });
    try {
      await run.mailer.poll();
      await run.mailer.stop();
      assert.equal(await run.count('failed'), 1);
      assert.equal(await run.count('delivered'), 0);
      const [line, ...more] = run.logged.map(without);
      assert.deepEqual(more, []);
      assert.match(String(line?.['reason']), /^ECONNREFUSED$/);
      assert.deepEqual({ ...line, reason: 'refused' }, { level: 'warn', msg: 'delivery failing', kind: 'mail', reason: 'refused' });
    } finally {
      await run.close();
    }
    await dueNow(id);
    const watched = await mailerOn({ mailer: smtpMailer({ url: catcher.url, from: 'petitions@example.org' }), watched: true });
    try {
      await watched.mailer.poll();
      await watched.mailer.stop();
      assert.equal(await watched.count('delivered'), 1);
      assert.equal(await watched.count('failed'), 0);
      assert.deepEqual(watched.logs, []);
    } finally {
      await watched.close();
    }
  });

  test('an outcome that cannot be recorded is logged by signature id and code', async () => {
    const id = waiting[4]!;
    await dueNow(id);
    let store: Store | undefined;
    const smtp = smtpMailer({ url: catcher.url, from: 'petitions@example.org' });
    // The database goes away while the mail is out.
    const closingAfterSend: Mailer = {
      send: async (message) => {
        await smtp.send(message);
        await store!.db.close();
      },
      close: () => smtp.close(),
    };
    const run = await mailerOn({ mailer: closingAfterSend });
    store = run.store;
    try {
      await run.mailer.poll();
      await run.mailer.stop();
      assert.equal(run.logs.length, 1, run.logs.join('\n'));
      assert.match(run.logs[0]!, new RegExp(`^confirmation mail for signature ${id}: recording the outcome failed \\(\\w+\\)$`));
      assert.doesNotMatch(run.logs[0]!, /@/);
    } finally {
      await run.close();
    }
  });
});

describe('sends in flight and stopping', () => {
  test('at most 4 sends are out at once: a poll with no room left reads nothing and is not reported', async () => {
    await dueNow(...waiting);
    const held = heldMailer();
    const run = await mailerOn({ mailer: held.mailer });
    try {
      await run.mailer.poll();
      await eventually(() => held.started.length, (n) => n === 4, 5000);
      assert.equal(run.polls.length, 1);
      if (onPostgres) {
        const claims = await withDatabase(database, (db) =>
          db.prepare<[], { mail_claimed_by: string | null }>('SELECT mail_claimed_by FROM signature_confirmations WHERE mail_claimed_by IS NOT NULL').all());
        assert.deepEqual(claims.map((row) => row.mail_claimed_by), ['mailer-test', 'mailer-test', 'mailer-test', 'mailer-test'], 'claimed by this instance');
      }
      await run.mailer.poll();
      assert.equal(run.polls.length, 1, 'no room: the second poll read nothing');
      held.release();
      await run.mailer.stop();
      assert.equal(held.started.length, 4);
      assert.equal(run.logs.length, 4, run.logs.join('\n'));
    } finally {
      held.release();
      await run.close();
    }
  });

  test('a poll after stop reads nothing, warns of nothing and is not reported', async () => {
    await dueNow(waiting[5]!);
    const run = await mailerOn({ mailer: null });
    try {
      await run.mailer.stop();
      await run.mailer.poll();
      assert.deepEqual(run.polls, []);
      assert.deepEqual(run.logs, []);
    } finally {
      await run.close();
    }
  });

  test('without a poll gauge the mailer polls all the same', async () => {
    await dueNow(waiting[5]!);
    const run = await mailerOn({ mailer: null, unpolled: true });
    try {
      await run.mailer.poll();
      assert.deepEqual(run.logs, ['confirmation mail: signers are waiting for confirmation emails, but no --smtp server is set']);
    } finally {
      await run.mailer.stop();
      await run.close();
    }
  });

  test('a send still out does not hold the stop past its grace of 2 s; its mail stays due', async () => {
    const id = waiting[5]!;
    await dueNow(id);
    const held = heldMailer();
    const run = await mailerOn({ mailer: held.mailer });
    let bound: NodeJS.Timeout | undefined;
    try {
      await run.mailer.poll();
      await eventually(() => held.started.length, (n) => n === 1, 5000);
      const began = Date.now();
      const outcome = await Promise.race([
        run.mailer.stop().then(() => 'stopped'),
        new Promise((resolve) => (bound = setTimeout(() => resolve('still waiting'), 10_000))),
      ]);
      assert.equal(outcome, 'stopped');
      assert.ok(Date.now() - began >= 1900, `stopped after ${Date.now() - began} ms`);
      assert.notEqual(await dueAt(id), null, 'still due');
    } finally {
      clearTimeout(bound);
      held.release();
      await run.close();
    }
  });
});
