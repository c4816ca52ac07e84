// The service's command line as other parts and operators use it: admin commands print JSON,
// work on the file while the service runs, and a grant from another process reaches the callback.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signFormBody } from '../../src/shared/signing.js';
import { startCallbackReceiver } from './callback-receiver.js';
import { runAdmin, spawnService } from './child-service.js';
import { authKeysPath, eventually, keyRequestFields } from './harness.js';
import { newTestDatabase, onPostgres } from './test-database.js';

test('admin commands and the running service on one file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'service-cli-'));
  // On SQLite in a folder of its own that does not exist yet: the service creates it.
  const db = onPostgres ? await newTestDatabase(dir) : join(dir, 'nested', 'service.db');
  try {
    const consumer = runAdmin(['create-consumer', '--db', db, '--name', 'Campaign site']);
    assert.equal(consumer.status, 0, consumer.stderr);
    const { api_key, secret } = consumer.json as { api_key: string; secret: string };
    assert.match(api_key, /^pk_[0-9a-f]{32}$/);
    assert.match(secret, /^[0-9a-f]{64}$/);
    assert.deepEqual(runAdmin(['create-petition', '--db', db, '--title', 'Save the park']).json, { petition_id: 1 });
    assert.deepEqual(runAdmin(['seed', '--db', db, '--petition', '1', '--count', '500']).json, { inserted: 500 });
    assert.deepEqual(runAdmin(['auth-keys', '--db', db]).json, []);

    const usage = runAdmin(['seed', '--db', db, '--petition', '1', '--count', 'lots']);
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /--count: must be a whole number from 1/);
    assert.match(runAdmin(['grant', '--db', db, '7']).stderr, /no authorization key request with id 7/);

    const service = await spawnService(['--db', db, '--allow-private-callbacks']);
    const receiver = await startCallbackReceiver(secret);
    try {
      const page = await (await fetch(`${service.baseUrl}/petitions/1/signatures?api_key=${api_key}`)).json() as { signature_count: number };
      assert.equal(page.signature_count, 500);

      const path = authKeysPath(1);
      const pairs: [string, string][] = [['api_key', api_key], ...keyRequestFields('https://cli.example.org/', receiver.url), ['timestamp', new Date().toISOString()], ['endpoint', path]];
      const response = await fetch(new URL(path, service.baseUrl), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: await signFormBody(pairs, secret),
      });
      assert.equal(response.status, 202);
      const [request] = runAdmin(['auth-keys', '--db', db]).json as { id: number; status: string; source: string }[];
      assert.equal(request!.status, 'pending');
      assert.equal(request!.source, 'https://cli.example.org/');

      const granted = runAdmin(['grant', '--db', db, String(request!.id)]);
      assert.equal((granted.json as { status: string }).status, 'granted');
      // The bound: a grant made by the admin command reaches the callback within 2 s.
      await eventually(() => receiver.received.length, (n) => n >= 1, 2000);
      assert.equal(receiver.received.length, 1);
      assert.equal(receiver.received[0]!.verdict, 'valid');
      assert.equal(receiver.received[0]!.payload['status'], 'granted');
    } finally {
      service.child.kill('SIGINT');
      assert.equal(await service.exited, 0);
      await receiver.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
