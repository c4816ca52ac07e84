// A crash loses nothing that was answered: SIGKILL the service while signed submissions are in
// flight, restart it on the same file, and every 202 is listed; callback deliveries pending at
// shutdown, or in flight when the process was killed, are sent by the next run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../../src/service/admin.js';
import { startService } from '../../../src/service/index.js';
import { verifyCallbackSignature } from '../../../src/shared/signing.js';
import { startCallbackReceiver } from '../callback-receiver.js';
import { spawnService } from '../child-service.js';
import { authKeysPath, eventually, keyRequestFields, signaturesPath, signerFields } from '../harness.js';
import { newTestDatabase, onPostgres } from '../test-database.js';
import { INSTANCE_TIMEOUT_MS } from '../../../src/service/store/instances/instance-store.js';
import { listedNames, signedPostTo } from '../service-client.js';

/**
 * A callback endpoint that holds the first callback unanswered (the service is killed while it
 * waits), then checks the signature of later ones and answers 204.
 */
async function startHoldingReceiver(secret: string) {
  const state = { held: 0, verdicts: [] as string[], url: '', close: async () => {} };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      if (state.held++ === 0) return;
      const headers = request.headers as Record<string, string | undefined>;
      const body = Buffer.concat(chunks).toString('utf8');
      state.verdicts.push(await verifyCallbackSignature(secret, headers['x-petition-timestamp'], headers['x-petition-signature'], body));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections());
  return state;
}

test('SIGKILL during a stream of submissions, with a callback in flight: every 202 is listed and the callback sent after restart', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'service-durability-'));
  const dbPath = await newTestDatabase(dir);
  const admin = await openAdmin(dbPath);
  const { api_key, secret } = await admin.createConsumer('durability');
  const { petition_id } = await admin.createPetition('Durability');
  await admin.close();
  const source = 'https://durable.example.org/';
  const receiver = await startHoldingReceiver(secret);
  const first = await spawnService(['--db', dbPath, '--auto-grant', '--allow-private-callbacks', '--rate-limit', '100000']);
  try {
    const keyPath = authKeysPath(petition_id);
    assert.equal((await signedPostTo(first.baseUrl, api_key, secret, keyPath, keyRequestFields(source, receiver.url))).status, 202);
    const granted = (await (await signedPostTo(first.baseUrl, api_key, secret, keyPath, keyRequestFields(source, receiver.url))).json()) as { auth_key: string };
    await eventually(() => receiver.held, (n) => n >= 1, 3000);
    assert.equal(receiver.held, 1, 'the auto-grant callback is in flight, held unanswered');

    const accepted: string[] = [];
    let sent = 0;
    const TOTAL = 600;
    const killAfter = 150;
    const client = async () => {
      while (sent < TOTAL) {
        // The last name needs a letter (the schema's rule), and must differ per signer.
        const last = `Number${sent++}`;
        const name = `Durable ${last}`;
        try {
          const response = await signedPostTo(first.baseUrl, api_key, secret, signaturesPath(petition_id),
            [['source', source], ...signerFields({ first_name: 'Durable', last_name: last, email: `durable${last}@example.org` })], granted.auth_key);
          if (response.status === 202) accepted.push(name);
          if (accepted.length === killAfter) first.child.kill('SIGKILL');
        } catch {
          return; // the connection died with the process
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, client));
    // Had fewer than killAfter been accepted, the kill above never happened: fail, never hang.
    assert.ok(accepted.length >= killAfter, `only ${accepted.length} of ${TOTAL} submissions were accepted`);
    assert.equal(await first.exited, 'SIGKILL');
    assert.ok(accepted.length >= killAfter && accepted.length < TOTAL, `accepted ${accepted.length}`);

    const second = await spawnService(['--db', dbPath, '--allow-private-callbacks']);
    try {
      const names = await eventually(async () => new Set(await listedNames(second.baseUrl, api_key, petition_id)), (set) => accepted.every((n) => set.has(n)), 3000);
      const missing = accepted.filter((name) => !names.has(name));
      assert.deepEqual(missing, []);
      // On PostgreSQL the killed instance's claim on it lapses first (service-instance.ts).
      await eventually(() => receiver.verdicts.length, (n) => n >= 1, 3000 + (onPostgres ? INSTANCE_TIMEOUT_MS : 0));
      assert.deepEqual(receiver.verdicts, ['valid'], 'the callback in flight at the kill is sent again');
    } finally {
      second.child.kill('SIGTERM');
      assert.equal(await second.exited, 0);
    }
  } finally {
    first.child.kill('SIGKILL');
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a callback delivery pending at shutdown is delivered by the next run', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'service-durability-'));
  const dbPath = await newTestDatabase(dir);
  const admin = await openAdmin(dbPath);
  const { api_key, secret } = await admin.createConsumer('deliveries');
  const { petition_id } = await admin.createPetition('Deliveries');
  const receiver = await startCallbackReceiver(secret);
  try {
    receiver.answerWith = 500;
    const first = await startService({ dbPath, port: 0, autoGrant: true, allowPrivateCallbacks: true, retryBaseMs: 100, log: () => {} });
    const source = 'https://restart.example.org/';
    assert.equal((await signedPostTo(first.baseUrl, api_key, secret, authKeysPath(petition_id), keyRequestFields(source, receiver.url))).status, 202);
    await eventually(async () => (await admin.listAuthKeys())[0]!.deliveries[0]!.attempts, (n) => n >= 1, 5000);
    await first.close();
    assert.equal((await admin.listAuthKeys())[0]!.deliveries[0]!.state, 'pending');

    receiver.answerWith = 204;
    const second = await startService({ dbPath, port: 0, allowPrivateCallbacks: true, retryBaseMs: 100, log: () => {} });
    try {
      await eventually(() => receiver.received.length, (n) => n >= 1, 10_000);
      assert.equal(receiver.received.length, 1, JSON.stringify((await admin.listAuthKeys())[0]!.deliveries));
      assert.equal(receiver.received[0]!.verdict, 'valid');
      // The receiver records the callback before it answers: the service marks it right after.
      const delivered = await eventually(async () => (await admin.listAuthKeys())[0]!.deliveries[0]!, (d) => d.state === 'delivered', 2000);
      assert.equal(delivered.state, 'delivered');
    } finally {
      await second.close();
    }
  } finally {
    await admin.close();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

