// Signatures taken ahead of the Hono app on Node (submission-listener.ts): each answer must be the
// app's own, header for header, for every outcome (taken, refused by each rule, caught by the
// honeypot, over the budget); what the listener does not settle (a query, another method, an
// unknown petition, a refused origin) goes to the app. The same request with a query reaches the
// app's route (Hono routes ignore the query), so each case is sent both ways and compared.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { BODY_LIMIT_BYTES } from '../../../src/proxy/app.js';
import { HONEYPOT_FIELD } from '../../../src/proxy/http/signature-intake.js';
import { Stack, keysDecided, signer } from '../stack.js';
import { fromListener, normalised, rawRequest, type RawAnswer } from '../raw-answer.js';

const rawPost = (base: string, path: string, body: string, headers: Record<string, string>, method = 'POST') =>
  rawRequest(base, path, { method, headers, body });

/** The body with each withdrawal link's random token made one, and its length kept. */
function comparable(answer: RawAnswer): string {
  return answer.body.replace(/\/withdraw\/[A-Za-z0-9_-]{43}/g, '/withdraw/TOKEN');
}

const JSON_TYPE = { 'content-type': 'application/json' };
const ALLOWED = { origin: 'https://www.example.org' };

describe('signatures taken ahead of the app', () => {
  let stack: Stack;
  let path: string;
  before(async () => {
    stack = await new Stack({ config: { rateLimit: { signaturesPerIpPerMinute: 40 } } }).start();
    await keysDecided(stack.proxy!);
    path = `/api/petitions/${stack.petitionIds[0]}/signatures`;
  });
  after(() => stack.close());

  /** The case sent to the listener, then to the app; both answers, after checking who wrote each. */
  async function bothWays(body: (side: 'listener' | 'app') => string, headers: Record<string, string>): Promise<[RawAnswer, RawAnswer]> {
    const listener = await rawPost(stack.proxy!.url, path, body('listener'), headers);
    const app = await rawPost(stack.proxy!.url, `${path}?via=app`, body('app'), headers);
    assert.ok(fromListener(listener), `the listener answered: ${JSON.stringify(listener.headers)}`);
    assert.ok(!fromListener(app), 'a query goes to the app');
    return [listener, app];
  }

  const cases: Array<[string, (side: 'listener' | 'app') => string, Record<string, string>, number]> = [
    ['a signature taken, no Origin', () => JSON.stringify(signer(stack)), JSON_TYPE, 202],
    ['a signature taken, an allowed Origin', () => JSON.stringify(signer(stack)), { ...JSON_TYPE, ...ALLOWED }, 202],
    ['not JSON by its type', () => JSON.stringify(signer(stack)), { 'content-type': 'text/plain', ...ALLOWED }, 415],
    ['JSON that does not parse', () => '{"first_name":', { ...JSON_TYPE, ...ALLOWED }, 400],
    ['fields the schema refuses', () => JSON.stringify(signer(stack, { email: 'not an address', country_code: 'ZZ' })), { ...JSON_TYPE, ...ALLOWED }, 400],
    ['an opt-in the petition does not offer', () => JSON.stringify({ ...signer(stack), opt_ins: ['nothing-offered'] }), { ...JSON_TYPE, ...ALLOWED }, 400],
    ['the honeypot filled in', () => JSON.stringify({ ...signer(stack), [HONEYPOT_FIELD]: 'https://spam.example' }), { ...JSON_TYPE, ...ALLOWED }, 202],
    ['a body one byte over the limit', () => JSON.stringify({ ...signer(stack), reason: 'x'.repeat(BODY_LIMIT_BYTES) }).slice(0, BODY_LIMIT_BYTES + 1), JSON_TYPE, 413],
  ];
  for (const [name, body, headers, status] of cases) {
    test(`${name}: the app's answer, header for header`, async () => {
      const [listener, app] = await bothWays(body, headers);
      assert.equal(listener.status, status, listener.body);
      assert.equal(app.status, status, app.body);
      assert.deepEqual(normalised(listener), normalised(app));
      assert.equal(comparable(listener), comparable(app));
    });
  }

  test('a duplicate: answered as taken both ways, and the service holds the signer once', async () => {
    const fields = JSON.stringify(signer(stack));
    const [listener, app] = await bothWays(() => fields, JSON_TYPE);
    assert.equal(listener.status, 202);
    assert.deepEqual(normalised(listener), normalised(app));
    assert.equal(comparable(listener), comparable(app));
    assert.equal(stack.serviceEmails().filter((email) => JSON.parse(fields).email === email).length, 1);
  });

  test('the budget is one: the listener and the app count the same signatures per network, and refuse alike', async () => {
    const answers: RawAnswer[] = [];
    // 40 a minute for this network, some spent above: alternate until both sides are refused.
    for (let sent = 0; sent < 50 && answers.filter((a) => a.status === 429).length < 2; sent++) {
      answers.push(await rawPost(stack.proxy!.url, sent % 2 === 0 ? path : `${path}?via=app`, JSON.stringify(signer(stack)), JSON_TYPE));
    }
    const taken = answers.filter((a) => a.status === 202).length;
    const refused = answers.filter((a) => a.status === 429);
    assert.equal(refused.length, 2, 'both sides refuse once the budget is spent');
    assert.ok(taken < 40, `fewer than the whole budget were taken here: earlier tests spent part of it (${taken})`);
    const [first, second] = refused as [RawAnswer, RawAnswer];
    assert.notEqual(fromListener(first), fromListener(second), 'one refusal from each side');
    assert.deepEqual(normalised(first), normalised(second));
    assert.equal(first.body, second.body);
    assert.ok(normalised(first)['retry-after'], 'with Retry-After');
  });

  test('a refused origin, another method and an unknown petition go to the app', async () => {
    const body = JSON.stringify(signer(stack));
    const refused = await rawPost(stack.proxy!.url, path, body, { ...JSON_TYPE, origin: 'https://www.example.orq' });
    assert.equal(refused.status, 403);
    assert.ok(!fromListener(refused));
    const unknown = await rawPost(stack.proxy!.url, '/api/petitions/999999/signatures', body, JSON_TYPE);
    assert.equal(unknown.status, 404);
    assert.ok(!fromListener(unknown));
    const leadingZero = await rawPost(stack.proxy!.url, `/api/petitions/0${stack.petitionIds[0]}/signatures`, body, JSON_TYPE);
    assert.equal(leadingZero.status, 404);
    assert.ok(!fromListener(leadingZero));
    const put = await rawPost(stack.proxy!.url, path, body, JSON_TYPE, 'PUT');
    assert.equal(put.status, 404);
    assert.ok(!fromListener(put));
  });
});
