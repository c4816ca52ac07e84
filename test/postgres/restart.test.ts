// The PostgreSQL server restarted under the load of two instances: they answer 503 with
// Retry-After while it is down, go on by themselves once it is back, and lose nothing answered 202.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../../src/service/index.js';
import { startCallbackReceiver } from '../service/callback-receiver.js';
import { eventually } from '../service/harness.js';
import { listedNames } from '../service/service-client.js';
import { grantedKey, serviceOptions, setUp, sign, useCluster } from './fixture.js';

const cluster = useCluster();

test('the database restarted under load: 503 with Retry-After meanwhile, then on by itself, nothing answered 202 lost', async () => {
  const s = await setUp();
  const receiver = await startCallbackReceiver(s.consumer.secret);
  const dir = mkdtempSync(join(tmpdir(), 'pg-restart-'));
  const logs: string[] = [];
  const [a, b] = [
    await startService({ ...serviceOptions(s.url), log: (line) => logs.push(line) }),
    await startService({ ...serviceOptions(s.url), log: (line) => logs.push(line) }),
  ];
  try {
    const source = 'https://restart.example.org/';
    const key = await grantedKey(s, a.baseUrl, source, receiver.url);
    await s.admin.close();
    const accepted: string[] = [];
    const statuses = new Map<number, number>();
    let unavailableWithoutRetryAfter = 0;
    let next = 0;
    let restarted = false;
    const deadline = Date.now() + 60_000;
    const client = async (lane: number) => {
      // Until the database has been restarted and 50 more signatures have gone through.
      while (Date.now() < deadline && !(restarted && accepted.length >= 150)) {
        const n = next++;
        const { status, name, retryAfter } = await sign(s, lane % 2 === 0 ? a.baseUrl : b.baseUrl, source, key, n);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status === 202) accepted.push(name);
        if (status === 503 && !retryAfter) unavailableWithoutRetryAfter++;
        if (status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, lane) => client(lane)));
    await eventually(() => accepted.length, (n) => n >= 100, 20_000);
    await cluster().restart(1500);
    restarted = true;
    await load;
    assert.ok((statuses.get(503) ?? 0) >= 1, `503 while the database was down: ${JSON.stringify([...statuses])}`);
    assert.equal(unavailableWithoutRetryAfter, 0, 'every 503 says when to retry');
    assert.deepEqual([...statuses.keys()].filter((status) => status !== 202 && status !== 503), [], 'nothing but 202 and 503');
    assert.ok(accepted.length >= 150, 'the instances went on by themselves');
    const listed = await listedNames(a.baseUrl, s.consumer.api_key, s.petitionId);
    assert.deepEqual(accepted.filter((name) => !listed.includes(name)), [], 'every 202 is listed');
    assert.equal(listed.length, accepted.length, 'and nothing else');
    assert.ok(logs.some((line) => /^database cannot be written \(/.test(line)), logs.join('\n'));
    assert.ok(logs.some((line) => /^database writable again after/.test(line)), logs.join('\n'));
    for (const line of logs) assert.doesNotMatch(line, /@example\.org|postgres:\/\//);
  } finally {
    await a.close();
    await b.close();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
