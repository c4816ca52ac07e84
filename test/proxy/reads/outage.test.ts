// Through an outage of the service (issue 10): the proxy serves the last good answer of each read
// it has served, marked X-Petition-Stale: 1 (and `stale: true` in the summary), also after a
// restart; a read never answered before is a 503. How long and how many are kept: last-good.test.ts.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { stateDatabasePath } from '../../../src/proxy/config/state-database.js';
import { QUEUED_MESSAGE } from '../../../src/proxy/outbox/submissions.js';
import { Stack, eventually, signer, received } from '../stack.js';
import { UNAVAILABLE, content, pagePath, read, reads, recentPath, sleep, startedStack, summaryPath } from './outage-fixture.js';

// Each test file runs in its own process, so this umask is this file's alone.
process.umask(0o022);

describe('a service outage: last good answers, stale', () => {
  let stack: Stack;
  let petition: number;
  const before_: Record<string, unknown> = {};
  before(async () => {
    stack = await startedStack();
    petition = stack.petitionIds[0]!;
  });
  after(() => stack.close());

  test('while the service answers, reads are fresh: no header, `stale: false`', async () => {
    for (const path of reads(petition)) {
      const answer = await read(stack, path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.stale, false, path);
      before_[path] = answer.body;
    }
    assert.equal((before_[summaryPath(petition)] as { stale: boolean }).stale, false);
  });

  test('the service stopped: summary, recent and the page are the last good answers, marked stale', async () => {
    await stack.stopService();
    for (const path of reads(petition)) {
      const answer = await read(stack, path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.stale, true, path);
      assert.deepEqual(content(answer.body), content(before_[path] as Record<string, unknown>), path);
    }
    const summary = (await read(stack, summaryPath(petition))).body;
    assert.equal(summary.stale, true);
    assert.equal(summary.accepting_signatures, true, 'the form still renders');
    assert.ok(stack.logs.some((line) => line.startsWith('reads: the petition service cannot answer (petition service unreachable)')), stack.logs.join('\n'));
  });

  test('a read never answered before is 503 with Retry-After and nothing of the service\'s reasons', async () => {
    for (const path of [pagePath(petition, 2), `/api/petitions/${petition}/signatures?page=1&page_size=3`]) {
      const answer = await read(stack, path);
      assert.equal(answer.status, 503, path);
      assert.ok(Number(answer.retryAfter) >= 1, path);
      assert.deepEqual(answer.body, UNAVAILABLE, path);
    }
  });

  test('signing works meanwhile (queued), and once the service is back the reads are fresh and list it', async () => {
    const fields = signer(stack, { first_name: 'Outage', last_name: 'Signer' });
    const signing = await stack.call('POST', `/api/petitions/${petition}/signatures`, { json: fields });
    assert.equal(signing.status, 202);
    assert.deepEqual(received(signing.json()), { result: 'success', messages: [QUEUED_MESSAGE] });

    await stack.startService();
    await sleep(150); // the read pause (100 ms) after the last failure
    await eventually(async () => {
      const answer = await read(stack, recentPath(petition));
      return answer.status === 200 && !answer.stale && (answer.body as unknown as Array<{ name: string }>).some((s) => s.name === 'Outage Signer');
    }, 10_000, 'the queued signature listed');
    for (const path of reads(petition)) assert.equal((await read(stack, path)).stale, false, path);
    const summary = (await read(stack, summaryPath(petition))).body;
    assert.equal(summary.stale, false);
    assert.equal(summary.signature_count, 6);
    assert.ok(stack.logs.includes('reads: the petition service answers again'));
  });

  test('state.sqlite (the last good answers), its -wal and -shm are 0600', () => {
    const database = stateDatabasePath(stack.config.dataDir);
    for (const file of [database, `${database}-wal`, `${database}-shm`]) assert.equal((statSync(file).mode & 0o777).toString(8), '600', file);
  });

  test('no secret, key or personal data in any response or log line', () => {
    assert.deepEqual(stack.leaks(), []);
  });
});

describe('the last good answers are durable: a proxy restarted during the outage still serves them', () => {
  let stack: Stack;
  before(async () => (stack = await startedStack()));
  after(() => stack.close());

  test('read, stop the service, restart the proxy on the same data folder: stale, not 503', async () => {
    const petition = stack.petitionIds[0]!;
    const fresh = new Map<string, unknown>();
    for (const path of reads(petition)) fresh.set(path, content((await read(stack, path)).body));
    await stack.stopService();
    await stack.stopProxy();
    await stack.startProxy();
    for (const path of reads(petition)) {
      const answer = await read(stack, path);
      assert.equal(answer.status, 200, path);
      assert.equal(answer.stale, true, path);
      assert.deepEqual(content(answer.body), fresh.get(path), path);
    }
  });
});
