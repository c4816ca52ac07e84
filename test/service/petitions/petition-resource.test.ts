// The petition resource as API v1 had it (docs/api.md "Petitions"): its fields, set by
// the operator's admin commands; closed or ended petitions refuse signatures; get_id by URL.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runAdmin } from '../child-service.js';
import { getJson, grantedKey, signerFields, startTestService, submitSignature } from '../harness.js';
import type { TestService } from '../harness.js';

let t: TestService;
let key: string;
const source = 'https://resource.example.org/';

before(async () => {
  t = await startTestService();
  key = await grantedKey(t, source);
});
after(() => t.close());

const petitionPath = (id: number) => `/v1/petitions/${id}`;

describe('GET petitions/:id', () => {
  test('a petition with only a title: every field, unset ones null or empty', async () => {
    const before = Date.now();
    const { petition_id } = await t.admin.createPetition('Plain petition');
    const { status, body } = await getJson(t, petitionPath(petition_id));
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body), ['petition_id', 'title', 'status', 'overview', 'targets', 'signature_count', 'goal', 'created_at', 'end_at', 'url', 'image_url', 'confirm_signers']);
    assert.deepEqual({ ...body, created_at: undefined }, {
      petition_id,
      title: 'Plain petition',
      status: 'open',
      overview: '',
      targets: [],
      signature_count: 0,
      goal: null,
      created_at: undefined,
      end_at: null,
      url: null,
      image_url: null,
      confirm_signers: false,
    });
    assert.match(body.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    assert.ok(Math.abs(Date.parse(body.created_at) - before) < 5000);
  });

  test('every field the operator sets, and the count of signatures (hidden ones too)', async () => {
    const { petition_id } = await t.admin.createPetition({
      title: 'Save the park',
      overview: 'The park is the only green space in the district.',
      targets: ['Mayor of Example', 'City council'],
      goal: '5000',
      end_at: '2099-12-31T23:59:59Z',
      url: 'https://Petitions.Example.org/save-the-park',
      image_url: 'https://petitions.example.org/park.jpg',
      confirm_signers: 'true',
    });
    await t.admin.seed(petition_id, 40);
    const { body } = await getJson(t, petitionPath(petition_id));
    assert.equal(body.signature_count, 40);
    assert.deepEqual(body.targets, [{ name: 'Mayor of Example' }, { name: 'City council' }]);
    assert.equal(body.goal, 5000);
    assert.equal(body.end_at, '2099-12-31T23:59:59Z');
    assert.equal(body.url, 'https://petitions.example.org/save-the-park', 'as the URL parser writes it');
    assert.equal(body.image_url, 'https://petitions.example.org/park.jpg');
    assert.equal(body.status, 'open');
    assert.equal(body.confirm_signers, true);
  });

  test('needs an api_key, like every request', async () => {
    const response = await fetch(`${new URL(t.baseUrl).origin}${petitionPath(t.petitionId)}`);
    assert.equal(response.status, 401);
  });
});

describe('closed petitions', () => {
  test('closed by the operator: 403 petition is closed; open again: signatures go through', async () => {
    await t.admin.updatePetition(t.petitionId, { status: 'closed' });
    assert.equal((await getJson(t, petitionPath(t.petitionId))).body.status, 'closed');
    const refused = await submitSignature(t, source, key, signerFields());
    assert.equal(refused.status, 403);
    assert.deepEqual(await refused.json(), { result: 'failure', messages: ['petition is closed'] });
    await t.admin.updatePetition(t.petitionId, { status: 'open' });
    assert.equal((await submitSignature(t, source, key, signerFields())).status, 202);
  });

  test('past its end_at it is closed without the operator doing anything', async () => {
    await t.admin.updatePetition(t.petitionId, { end_at: new Date(Date.now() + 1500).toISOString() });
    assert.equal((await submitSignature(t, source, key, signerFields())).status, 202, 'still open before the end');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    assert.equal((await getJson(t, petitionPath(t.petitionId))).body.status, 'closed');
    assert.equal((await submitSignature(t, source, key, signerFields())).status, 403);
    await t.admin.updatePetition(t.petitionId, { end_at: 'none' });
    assert.equal((await getJson(t, petitionPath(t.petitionId))).body.end_at, null);
    assert.equal((await submitSignature(t, source, key, signerFields())).status, 202);
  });
});

describe('GET petitions/get_id', () => {
  test('finds a petition by its url, however the host is cased; 404 for another; 400 without one', async () => {
    const { petition_id } = await t.admin.createPetition({ title: 'By URL', url: 'https://www.example.org/by-url' });
    for (const asked of ['https://www.example.org/by-url', 'https://WWW.EXAMPLE.ORG/by-url']) {
      const { status, body } = await getJson(t, '/v1/petitions/get_id', { petition_url: asked });
      assert.equal(status, 200);
      assert.deepEqual(body, { petition_id });
    }
    for (const other of ['https://www.example.org/other', 'not a url', 'https://www.example.org/by-url/']) {
      const { status, body } = await getJson(t, '/v1/petitions/get_id', { petition_url: other });
      assert.equal(status, 404, other);
      assert.deepEqual(body.messages, ['petition not found']);
    }
    const missing = await getJson(t, '/v1/petitions/get_id');
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body.messages, ['petition_url: is required']);
  });
});

describe('admin commands for the petition', () => {
  test('create-petition and update-petition take every field; bad values are refused with one line each', () => {
    const created = runAdmin(['create-petition', '--db', t.dbPath, '--title', 'From the CLI', '--overview', 'Why it matters',
      '--target', 'The Mayor', '--target', 'The Council', '--goal', '100', '--url', 'https://cli.example.org/p', '--image-url', 'https://cli.example.org/p.png']);
    assert.equal(created.status, 0, created.stderr);
    const id = (created.json as { petition_id: number }).petition_id;
    const updated = runAdmin(['update-petition', '--db', t.dbPath, String(id), '--status', 'closed', '--goal', 'none', '--end-at', '2030-01-01T00:00:00+01:00', '--clear-targets']);
    assert.equal(updated.status, 0, updated.stderr);
    const petition = updated.json as Record<string, unknown>;
    assert.equal(petition['title'], 'From the CLI');
    assert.equal(petition['overview'], 'Why it matters');
    assert.deepEqual(petition['targets'], []);
    assert.equal(petition['goal'], null);
    assert.equal(petition['status'], 'closed');
    assert.equal(petition['end_at'], '2029-12-31T23:00:00Z');
    assert.equal(petition['url'], 'https://cli.example.org/p');

    const bad = runAdmin(['update-petition', '--db', t.dbPath, String(id), '--goal=-5', '--status', 'paused', '--url', 'ftp://x.example.org/', '--end-at', '2030-01-01', '--title', ' ']);
    assert.equal(bad.status, 2);
    for (const line of ['title: is required', 'goal: must be a whole number from 1 to 1,000,000,000', 'status: must be open or closed', 'end_at: must be an ISO 8601 date-time', 'url: must be a full web address starting with https://']) {
      assert.ok(bad.stderr.includes(line), `${line}\n${bad.stderr}`);
    }
    const taken = runAdmin(['create-petition', '--db', t.dbPath, '--title', 'Same URL', '--url', 'https://cli.example.org/p']);
    assert.equal(taken.status, 2);
    assert.match(taken.stderr, /url: another petition already has this url/);
    assert.match(runAdmin(['update-petition', '--db', t.dbPath, '999', '--goal', '5']).stderr, /petition 999 not found/);
  });

  test('control characters are refused in the title, targets and overview (line breaks stay in the overview)', async () => {
    await assert.rejects(t.admin.createPetition({ title: 'Nul\u0000title' }), /title: must not contain control characters/);
    await assert.rejects(t.admin.createPetition({ title: 'Tab\ttitle' }), /title: must not contain control characters/);
    await assert.rejects(t.admin.createPetition({ title: 'Fine', targets: ['The\u0000Mayor'] }), /targets: must not contain control characters/);
    await assert.rejects(t.admin.createPetition({ title: 'Fine', overview: 'bell\u0007' }), /overview: must not contain control characters/);
    const { petition_id } = await t.admin.createPetition({ title: 'Paragraphs', overview: 'One.\n\n\tTwo.' });
    assert.equal((await t.admin.petition(petition_id)).overview, 'One.\n\n\tTwo.');
  });
});
