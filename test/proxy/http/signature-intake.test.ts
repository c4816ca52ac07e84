// A signature's intake in this process (http/signature-intake.ts): the steps in their order
// (content type, JSON, schema, honeypot, the network's budget, consent, proof, submission), what
// each refusal says and which outcome and proof result it reports, and that a refused signature
// spends no proof and reaches no submission. The proof, the limit, the storage guard and the
// limit watch are the real ones, over a database in memory; the submissions are a recorder of what
// reaches them (outbox/submissions.ts has its own tests against a real service), so that each
// outcome the service can give is one line here. Quick: no servers (routes.test.ts and
// submission-listener.test.ts run the same intake over HTTP).
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import type { OptIn } from '../../../src/shared/consent.js';
import type { SubmissionResult } from '../../../src/shared/types.js';
import { ProxyError } from '../../../src/proxy/errors/proxy-error.js';
import { refusal } from '../errors/refusal.js';
import { StorageOutage } from '../../../src/proxy/errors/storage-outage.js';
import { SignatureIntake, type SignatureRequest } from '../../../src/proxy/http/signature-intake.js';
import { LimitWatch } from '../../../src/proxy/metrics/limit-watch.js';
import { NO_SIGNALS, type ProxySignals } from '../../../src/proxy/metrics/proxy-signals.js';
import { QUEUED_MESSAGE, type Submissions } from '../../../src/proxy/outbox/submissions.js';
import { ProofOfWork } from '../../../src/proxy/proof/proof-of-work.js';
import { usedProofsInSqlite } from '../../../src/proxy/proof/used-proof-sqlite.js';
import { ClientLimit } from '../../../src/proxy/visitors/client-limit.js';
import { memoryRateCounters } from '../../../src/proxy/visitors/rate-counters.js';
import { Sqlite } from '../../../src/sqlite.js';
import { solve } from '../proof/solve.js';

const dataDir = mkdtempSync(join(tmpdir(), 'signature-intake-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

const PETITION = 4;
/** The form's hidden trap input, as the element names it (components/petition-sign/sign-form.ts). */
const HONEYPOT_FIELD = 'website';
const FIELDS = {
  first_name: 'Ada',
  last_name: 'Tester',
  email: 'ada@example.net',
  address: '1 Secret Lane',
  city: 'Springfield',
  state_province: 'IL',
  postal_code: '62701',
  country_code: 'US',
  phone: '+15550001234',
};
const OFFERED: OptIn[] = [{ id: 'news', label: { en: 'Send me news' }, version: '1' }];
const FORWARDED: SubmissionResult = { result: 'success', messages: ['Thank you for signing.'], withdraw_url: 'https://service.example/withdraw/t' };
const IGNORED: SubmissionResult = { result: 'success', messages: [QUEUED_MESSAGE], withdraw_url: 'https://service.example/withdraw/ignored' };

interface Options {
  difficulty?: number;
  perMinute?: number;
  answer?: () => Promise<SubmissionResult>;
  withSignals?: boolean;
  withLimits?: boolean;
  storage?: StorageOutage;
  readonlyProofs?: boolean;
}

function intakeWith({ difficulty = 0, perMinute = 5, answer = async () => FORWARDED, withSignals = true, withLimits = true, storage, readonlyProofs = false }: Options = {}) {
  const logs: string[] = [];
  const outcomes: string[] = [];
  const proofResults: string[] = [];
  const submitted: unknown[][] = [];
  const optInsAskedFor: number[] = [];
  const submissions = {
    submit: async (...args: unknown[]) => {
      submitted.push(args);
      return answer();
    },
    ignoredAnswer: () => IGNORED,
  } as unknown as Submissions;
  const signals: ProxySignals = { ...NO_SIGNALS, submission: (outcome) => outcomes.push(outcome), proof: (result) => proofResults.push(result) };
  let db = new Sqlite(':memory:');
  const used = usedProofsInSqlite(db);
  if (readonlyProofs) {
    // A data folder that takes no write: the spent proofs' insert fails as a full disk's would.
    db = new Sqlite(join(dataDir, 'state.sqlite'));
    usedProofsInSqlite(db);
    db.close();
  }
  const proofs = new ProofOfWork({
    secret: 'intake-secret',
    difficultyOf: () => difficulty,
    used: readonlyProofs ? usedProofsInSqlite(new Sqlite(db.name, { readonly: true })) : used,
  });
  const intake = new SignatureIntake({
    submissions,
    proofs,
    rateLimit: new ClientLimit({ counters: memoryRateCounters(), name: 'signatures', perWindow: perMinute, ipv6Prefix: 64, now: () => Date.UTC(2026, 10, 24, 9) }),
    optInsOf: (id) => {
      optInsAskedFor.push(id);
      return OFFERED;
    },
    log: (line) => logs.push(line),
    ...(storage ? { storage } : {}),
    ...(withSignals ? { signals } : {}),
    ...(withLimits ? { limits: new LimitWatch((line) => logs.push(line)) } : {}),
  });
  const reads = { body: 0, address: 0 };
  const request = (body: unknown, contentType: string | undefined = 'application/json', address = '203.0.113.7'): SignatureRequest => ({
    contentType,
    readBody: async () => {
      reads.body++;
      return typeof body === 'string' ? body : JSON.stringify(body);
    },
    clientAddress: () => {
      reads.address++;
      return address;
    },
  });
  return { intake, proofs, logs, outcomes, proofResults, submitted, optInsAskedFor, reads, request };
}

describe('the content type and the body', () => {
  test('application/json in any case and with parameters is read; anything else, or none, is 415 before the body is read', async () => {
    const { intake, request, reads, submitted } = intakeWith();
    for (const type of ['application/json', 'Application/JSON', 'application/json; charset=utf-8']) {
      assert.deepEqual(await intake.submit(PETITION, request(FIELDS, type)), FORWARDED, type);
    }
    assert.equal(submitted.length, 3);
    for (const type of [undefined, '', 'text/plain', 'text/plain; application/json', 'application/jso']) {
      const refused = await refusal(intake.submit(PETITION, { ...request(FIELDS), contentType: type }));
      assert.equal(refused.status, 415, String(type));
      assert.deepEqual(refused.messages, ['Content-Type: send the signature as application/json']);
    }
    assert.equal(reads.body, 3);
  });

  test('a body that is not JSON is 400 saying so, reported as a validation refusal', async () => {
    const { intake, request, outcomes, submitted } = intakeWith();
    const refused = await refusal(intake.submit(PETITION, request('{"first_name":')));
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.messages, ['body: must be a JSON object with the signer\'s fields']);
    assert.deepEqual(outcomes, ['refused_validation']);
    assert.deepEqual(submitted, []);
  });

  test('fields the schema refuses: 400 with each problem, reported as a validation refusal, no network budget taken', async () => {
    const { intake, request, outcomes, reads } = intakeWith();
    const refused = await refusal(intake.submit(PETITION, request({ ...FIELDS, email: 'not an email' })));
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.details.problems?.map((problem) => problem.field), ['email']);
    assert.deepEqual(outcomes, ['refused_validation']);
    assert.equal(reads.address, 0);
  });
});

describe('the honeypot', () => {
  test('filled in (text, a number, true), the signature is answered as queued, reported as caught, and goes nowhere', async () => {
    const { intake, request, outcomes, submitted, logs, reads } = intakeWith({ difficulty: 20 });
    let catches = 0;
    for (const filled of ['https://spam.example', 0, true]) {
      assert.deepEqual(await intake.submit(PETITION, request({ ...FIELDS, [HONEYPOT_FIELD]: filled })), IGNORED);
      catches++;
      assert.equal(logs.at(-1), `honeypot: submission ignored (${catches} since start)`);
    }
    assert.deepEqual(outcomes, ['honeypot', 'honeypot', 'honeypot']);
    assert.deepEqual(submitted, []);
    assert.equal(reads.address, 0, 'no network budget spent on a bot');
  });

  test('left empty, as absent, null or "", the signature goes on', async () => {
    const { intake, request, submitted, outcomes } = intakeWith();
    await intake.submit(PETITION, request(FIELDS));
    await intake.submit(PETITION, request({ ...FIELDS, [HONEYPOT_FIELD]: null }));
    await intake.submit(PETITION, request({ ...FIELDS, [HONEYPOT_FIELD]: '' }));
    assert.equal(submitted.length, 3);
    assert.deepEqual(outcomes, ['forwarded', 'forwarded', 'forwarded']);
  });
});

describe('the network\'s budget', () => {
  for (const withLimits of [true, false]) {
    test(`the 2nd signature of a network in a minute goes on, the 3rd is 429 with Retry-After; another network has its own${withLimits ? '; logged once' : ' (no limit watch)'}`, async () => {
      const { intake, request, outcomes, submitted, logs } = intakeWith({ perMinute: 2, withLimits });
      await intake.submit(PETITION, request(FIELDS));
      await intake.submit(PETITION, request(FIELDS));
      for (let i = 0; i < 2; i++) {
        const refused = await refusal(intake.submit(PETITION, request(FIELDS)));
        assert.equal(refused.status, 429);
        assert.deepEqual(refused.messages, ['Too many signatures from your network in the last minute. Try again in a minute.']);
        assert.deepEqual(refused.details, { retryAfter: 60 });
      }
      await intake.submit(PETITION, request(FIELDS, 'application/json', '203.0.113.8'));
      assert.deepEqual(outcomes, ['forwarded', 'forwarded', 'refused_rate_limit', 'refused_rate_limit', 'forwarded']);
      assert.deepEqual(submitted.map((args) => args[3]), ['203.0.113.7', '203.0.113.7', '203.0.113.8']);
      assert.deepEqual(
        logs,
        withLimits ? ['limit reached: signatures_per_network (rateLimit.signaturesPerIpPerMinute); further refusals are counted, not logged, until a quiet minute'] : [],
      );
    });
  }
});

describe('the consent', () => {
  test('the petition\'s opt-ins are asked for by its id; the consent checked goes to the submission with the schema\'s fields', async () => {
    const { intake, request, submitted, optInsAskedFor } = intakeWith();
    await intake.submit(PETITION, request({ ...FIELDS, opt_ins: ['news'], language: 'en', attribution: { utm_source: 'mail' } }));
    assert.deepEqual(optInsAskedFor, [PETITION]);
    assert.deepEqual(submitted, [
      [PETITION, FIELDS, { opt_ins: [{ id: 'news', label: 'Send me news', language: 'en', version: '1' }], attribution: { utm_source: 'mail' }, language: 'en' }, '203.0.113.7'],
    ]);
  });

  test('an opt-in the petition does not offer: 400 with the consent\'s problem, a validation refusal, and the proof not spent', async () => {
    const { intake, request, proofs, outcomes, proofResults, submitted } = intakeWith({ difficulty: 20 });
    const proof = await solve(await proofs.challenge(PETITION));
    const refused = await refusal(intake.submit(PETITION, request({ ...FIELDS, opt_ins: ['other'], proof })));
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.messages, ['opt_ins: other is not an opt-in of this petition']);
    assert.deepEqual(outcomes, ['refused_validation']);
    assert.deepEqual(proofResults, []);
    assert.deepEqual(submitted, []);
    await proofs.accept(PETITION, proof);
  });
});

describe('the proof of work', () => {
  test('accepted: reported, then the signature submitted; refused: reported with its code, as a proof refusal, nothing submitted', async () => {
    const { intake, request, proofs, outcomes, proofResults, submitted } = intakeWith({ difficulty: 20 });
    const proof = await solve(await proofs.challenge(PETITION));
    await intake.submit(PETITION, request({ ...FIELDS, proof }));
    assert.equal(submitted.length, 1);
    for (const [sent, code] of [[undefined, 'missing'], [proof, 'used'], ['x', 'malformed']] as const) {
      const refused = await refusal(intake.submit(PETITION, request({ ...FIELDS, ...(sent === undefined ? {} : { proof: sent }) })));
      assert.equal(refused.status, 400);
      assert.deepEqual(refused.details.problems, [{ field: 'proof', code }]);
    }
    assert.deepEqual(proofResults, ['accepted', 'missing', 'used', 'malformed']);
    assert.deepEqual(outcomes, ['forwarded', 'refused_proof', 'refused_proof', 'refused_proof']);
    assert.equal(submitted.length, 1);
  });

  test('a proof that cannot be spent because the data folder takes no write: 503, reported as unavailable, no proof result', async () => {
    const { intake, request, proofs, outcomes, proofResults, submitted } = intakeWith({ difficulty: 20, readonlyProofs: true });
    const refused = await refusal(intake.submit(PETITION, request({ ...FIELDS, proof: await solve(await proofs.challenge(PETITION)) })));
    assert.equal(refused.status, 503);
    assert.equal(intake.storage.state.failing, true);
    assert.deepEqual(outcomes, ['unavailable']);
    assert.deepEqual(proofResults, []);
    assert.deepEqual(submitted, []);
  });
});

describe('the submission\'s outcome', () => {
  test('taken by the service: forwarded; kept in the outbox: queued; an answer without messages: forwarded', async () => {
    const queued: SubmissionResult = { result: 'success', messages: ['Thanks', QUEUED_MESSAGE] };
    const answers = [FORWARDED, queued, { result: 'success' } as SubmissionResult];
    const { intake, request, outcomes } = intakeWith({ answer: async () => answers.shift()! });
    assert.deepEqual(await intake.submit(PETITION, request(FIELDS)), FORWARDED);
    assert.deepEqual(await intake.submit(PETITION, request(FIELDS)), queued);
    assert.deepEqual(await intake.submit(PETITION, request(FIELDS)), { result: 'success' });
    assert.deepEqual(outcomes, ['forwarded', 'queued', 'forwarded']);
  });

  test('refused by the service (422), not permitted here (403), storage failing (503): each its outcome; an error of another kind, none', async () => {
    const storageFull = Object.assign(new Error('disk full'), { code: 'SQLITE_FULL' });
    const failures: unknown[] = [new ProxyError(422, ['no']), new ProxyError(403, ['auth_key: revoked']), storageFull, new TypeError('a bug')];
    const { intake, request, outcomes } = intakeWith({ answer: async () => Promise.reject(failures.shift()) });
    assert.equal((await refusal(intake.submit(PETITION, request(FIELDS)))).status, 422);
    assert.equal((await refusal(intake.submit(PETITION, request(FIELDS)))).status, 403);
    assert.equal((await refusal(intake.submit(PETITION, request(FIELDS)))).status, 503);
    await assert.rejects(intake.submit(PETITION, request(FIELDS)), TypeError);
    assert.deepEqual(outcomes, ['refused_service', 'refused_forbidden', 'unavailable']);
  });
});

describe('the intake\'s own parts', () => {
  test('the storage guard given is the one used; without one, its own; without signals, none reported and nothing breaks', async () => {
    const storage = new StorageOutage(() => undefined);
    assert.equal(intakeWith({ storage }).intake.storage, storage);
    const { intake, request } = intakeWith({ withSignals: false, difficulty: 20 });
    assert.ok(intake.storage instanceof StorageOutage);
    assert.deepEqual(await intake.submit(PETITION, request({ ...FIELDS, [HONEYPOT_FIELD]: 'x' })), IGNORED);
    assert.equal((await refusal(intake.submit(PETITION, request({ ...FIELDS })))).status, 400);
  });
});
