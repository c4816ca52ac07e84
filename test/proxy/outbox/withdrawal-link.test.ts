// The thank-you's withdrawal link, through a real proxy and service: the proxy makes the token,
// sends it with the signature (signed, as withdrawal_token) and answers 202 with withdraw_url, a
// page of the service. It works for a signature the service took at once and for one queued in
// the outbox and delivered later; GET never withdraws, POST withdraws once; the honeypot's link
// and a duplicate's lead nowhere.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Sqlite } from '../../../src/sqlite.js';
import { outboxPath } from '../../../src/proxy/outbox/outbox-sqlite.js';
import { HONEYPOT_FIELD } from '../../../src/proxy/http/signature-intake.js';
import { Stack, eventually, keysDecided, signer } from '../stack.js';

let stack: Stack;
let petition: number;

before(async () => {
  stack = await new Stack().start();
  await keysDecided(stack.proxy!);
  petition = stack.petitionIds[0]!;
});
after(() => stack.close());

async function sign(fields: Record<string, unknown>): Promise<{ status: number; withdrawUrl: string; body: Record<string, unknown> }> {
  const answer = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields, headers: { origin: 'https://www.example.org' } });
  const body = answer.json() as Record<string, unknown>;
  return { status: answer.status, withdrawUrl: String(body['withdraw_url']), body };
}

const count = async () => ((await stack.call('GET', `/api/petitions/${petition}`)).json() as { signature_count: number }).signature_count;
const storedEmails = () => {
  const db = new Sqlite(stack.dbPath, { readonly: true });
  try {
    return (db.prepare('SELECT email FROM signatures WHERE petition_id = ?').all(petition) as { email: string }[]).map((row) => row.email);
  } finally {
    db.close();
  }
};

describe('the thank-you’s withdrawal link', () => {
  test('a signature the service took at once: the link is the service’s page; GET withdraws nothing, POST withdraws once', async () => {
    const fields = signer(stack, { first_name: 'Thea', last_name: 'Thankyou' });
    const { status, withdrawUrl } = await sign(fields);
    assert.equal(status, 202);
    assert.match(withdrawUrl, new RegExp(`^http://127\\.0\\.0\\.1:${stack.relay.port}/withdraw/[A-Za-z0-9_-]{43}$`), 'at the origin of upstream by default');
    const before = await count();
    for (let scan = 0; scan < 2; scan++) {
      const page = await fetch(withdrawUrl);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /Withdraw my signature/);
    }
    assert.ok(storedEmails().includes(fields.email as string), 'GET withdraws nothing');
    const withdrawn = await fetch(withdrawUrl, { method: 'POST' });
    assert.equal(withdrawn.status, 200);
    assert.match(await withdrawn.text(), /Your signature is withdrawn/);
    assert.ok(!storedEmails().includes(fields.email as string));
    assert.equal((await fetch(withdrawUrl, { method: 'POST' })).status, 404, 'once');
    // The proxy's own cache of the petition lets the count lag by its cacheSeconds.
    await eventually(async () => (await count()) === before - 1, 8000, 'the count to follow');
  });

  test('a signature queued in the outbox keeps its token and gets its link when delivered later', async () => {
    await stack.stopService();
    const fields = signer(stack, { first_name: 'Quentin', last_name: 'Queued' });
    const { status, withdrawUrl, body } = await sign(fields);
    assert.equal(status, 202);
    assert.ok(Array.isArray(body['messages']), 'queued');
    const token = withdrawUrl.split('/').at(-1)!;
    const outbox = new Sqlite(outboxPath(stack.config.dataDir), { readonly: true });
    try {
      assert.deepEqual(outbox.prepare('SELECT withdrawal_token FROM outbox').all(), [{ withdrawal_token: token }]);
    } finally {
      outbox.close();
    }
    await stack.startService();
    await eventually(() => storedEmails().includes(fields.email as string), 10_000, 'the queued signature delivered');
    assert.equal((await fetch(withdrawUrl)).status, 200);
    assert.equal((await fetch(withdrawUrl, { method: 'POST' })).status, 200);
    assert.ok(!storedEmails().includes(fields.email as string));
  });

  test('a duplicate’s link and the honeypot’s lead nowhere; each answer has a link of its own', async () => {
    const fields = signer(stack);
    const first = await sign(fields);
    const again = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields });
    assert.equal(again.status, 202, 'a duplicate is answered like a signature taken');
    const duplicateUrl = String((again.json() as Record<string, unknown>)['withdraw_url']);
    assert.match(duplicateUrl, /\/withdraw\/[A-Za-z0-9_-]{43}$/, 'a duplicate gets a link too: the thank-you never tells');
    assert.equal((await fetch(duplicateUrl, { method: 'POST' })).status, 404);
    const caught = await sign({ ...signer(stack), [HONEYPOT_FIELD]: 'https://spam.example' });
    assert.equal(caught.status, 202);
    assert.match(caught.withdrawUrl, /\/withdraw\/[A-Za-z0-9_-]{43}$/);
    assert.notEqual(caught.withdrawUrl, first.withdrawUrl);
    assert.equal((await fetch(caught.withdrawUrl, { method: 'POST' })).status, 404);
    assert.ok(storedEmails().includes(fields.email as string));
  });

  test('no token, link or signer detail in a log line (the token goes only to its signer)', () => {
    assert.deepEqual(stack.leaks(), []);
    for (const line of stack.logs) assert.doesNotMatch(line, /withdraw|@example\.org/, line);
  });
});
