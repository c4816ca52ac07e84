// What a submission's body may be: its size limit (every valid signature fits, in any script and
// any JSON escaping), and the honeypot field bots fill in.
import assert from 'node:assert/strict';
import { everyCountry } from '../../../src/shared/addresses/every-country.js';
import { after, before, describe, test } from 'node:test';
import { validateSigner } from '../../../src/shared/signature-schema.js';
import { REASON_MAX_LENGTH, TEXT_MAX_LENGTH } from '../../../src/shared/signer-fields.js';
import { bodyLimitFor, worstCaseConsentJsonBytes, worstCaseSignerJsonBytes } from '../../../src/shared/signed-body-limit.js';
import { BODY_LIMIT_BYTES } from '../../../src/proxy/app.js';
import { PROOF_JSON_MAX_BYTES } from '../../../src/proxy/proof/proof-of-work.js';
import { HONEYPOT_FIELD } from '../../../src/proxy/index.js';
import { Stack, keysDecided, signer, received } from '../stack.js';

/** Every character as \uXXXX, as a browser's JSON may write it (all BMP here). */
const escaped = (text: string) => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

let maximalCount = 0;

/**
 * The largest signature the schema accepts, as JSON with every character escaped: each text field
 * at its limit in a CJK character (the email, which must be ASCII, at its limit in ASCII),
 * the reason at its own limit, and the honeypot field as given.
 */
function maximalSignature(stack: Stack, honeypot = ''): string {
  const cjk = (length: number) => '字'.repeat(length);
  const unique = `${Date.now()}.${++maximalCount}.`;
  const email = `${unique}${'a'.repeat(TEXT_MAX_LENGTH - unique.length - '@example.org'.length)}@example.org`;
  stack.secrets.push(email);
  const fields: Array<[string, string]> = [
    ['first_name', cjk(TEXT_MAX_LENGTH)],
    ['last_name', cjk(TEXT_MAX_LENGTH)],
    ['email', email],
    ['address', cjk(TEXT_MAX_LENGTH)],
    ['city', cjk(TEXT_MAX_LENGTH)],
    ['state_province', cjk(TEXT_MAX_LENGTH)],
    ['postal_code', cjk(TEXT_MAX_LENGTH)],
    // Zimbabwe's addresses have no postal codes and no list of provinces: both are free text there.
    ['country_code', 'ZW'],
    ['phone', cjk(TEXT_MAX_LENGTH)],
    ['reason', cjk(REASON_MAX_LENGTH)],
    ['hidden', 'false'],
    [HONEYPOT_FIELD, honeypot],
  ];
  return `{${fields.map(([name, value]) => `"${name}":"${escaped(value)}"`).join(',')}}`;
}

describe('the submission body', () => {
  let stack: Stack;
  let petition: number;
  before(async () => {
    stack = await new Stack().start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
    petition = stack.petitionIds[0]!;
  });
  after(() => stack.close());

  const post = (body: string, headers: Record<string, string> = {}) =>
    stack.call('POST', `/api/petitions/${petition}/signatures`, { headers: { 'content-type': 'application/json', ...headers }, body });

  test('a filled honeypot looks accepted but nothing is sent, and its content is not logged', async () => {
    stack.relay.reset();
    const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, {
      json: { ...signer(stack), website: 'https://spam.example' },
    });
    assert.equal(answer.status, 202);
    assert.equal((answer.json() as { result: string }).result, 'success');
    assert.equal(stack.relay.count(`POST /v1/petitions/${petition}/signatures`), 0);
    assert.ok(stack.logs.some((line) => line.startsWith('honeypot:')));
    assert.ok(!stack.logs.some((line) => line.includes('spam.example')));
  });

  test('an empty honeypot ("" or null) is not a trap: those signatures reach the service', async () => {
    stack.relay.reset();
    const logged = stack.logs.length;
    for (const website of ['', null]) {
      const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: { ...signer(stack), website } });
      assert.equal(answer.status, 202);
      assert.deepEqual(received(answer.json()), { result: 'success' });
    }
    assert.equal(stack.relay.count(`POST /v1/petitions/${petition}/signatures`), 2);
    assert.ok(!stack.logs.slice(logged).some((line) => line.startsWith('honeypot:')));
  });

  test('the largest signature the schema accepts, every character written \\uXXXX, is accepted and reaches the service', async () => {
    stack.relay.reset();
    const body = maximalSignature(stack);
    assert.ok(validateSigner(JSON.parse(body), everyCountry).success, 'a valid signature');
    assert.ok(Buffer.byteLength(body) > 16 * 1024, `${Buffer.byteLength(body)} bytes: beyond the old 16 KiB limit`);
    const answer = await post(body);
    assert.equal(answer.status, 202, answer.body);
    assert.deepEqual(received(answer.json()), { result: 'success' });
    assert.equal(stack.relay.count(`POST /v1/petitions/${petition}/signatures`), 1);

    // With the honeypot at its longest too, a bot still gets the usual answer, not a 413.
    const trapped = await post(maximalSignature(stack, 'x'.repeat(TEXT_MAX_LENGTH)));
    assert.equal(trapped.status, 202, trapped.body);
    assert.equal(stack.relay.count(`POST /v1/petitions/${petition}/signatures`), 1);
  });

  test('the limit comes from the schema; a body of the limit is taken, one byte more is 413 saying the limit', async () => {
    assert.equal(BODY_LIMIT_BYTES, bodyLimitFor(worstCaseSignerJsonBytes([HONEYPOT_FIELD]) + worstCaseConsentJsonBytes() + PROOF_JSON_MAX_BYTES));
    const body = maximalSignature(stack);
    const padded = (bytes: number) => `{${' '.repeat(bytes - Buffer.byteLength(body))}${body.slice(1)}`;
    assert.equal((await post(padded(BODY_LIMIT_BYTES))).status, 202);

    const refusal = { result: 'failure', messages: [`body: must be at most ${BODY_LIMIT_BYTES} bytes`] };
    const over = await post(padded(BODY_LIMIT_BYTES + 1));
    assert.equal(over.status, 413);
    assert.deepEqual(over.json(), refusal);
    // Sent in chunks with no Content-Length, it is counted as it arrives.
    const streamed = await post(padded(BODY_LIMIT_BYTES + 1), { 'transfer-encoding': 'chunked' });
    assert.equal(streamed.status, 413);
    assert.deepEqual(streamed.json(), refusal);
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});
