// A 429's Retry-After pauses reads for as long as the service asks, up to a minute: a service
// that asks for an hour pauses them for 60 s, so the pages do not stay stale for an hour after it
// recovers. On a clock the test moves, against a real HTTP server answering in the service's
// place; a read never answered before shows the pause left as its Retry-After.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openStateDatabase } from '../../../src/proxy/config/state-database.js';
import { ProxyError } from '../../../src/proxy/errors/proxy-error.js';
import { LastGood } from '../../../src/proxy/reads/last-good.js';
import { lastGoodInSqlite } from '../../../src/proxy/reads/last-good-sqlite.js';
import { ReadBudget } from '../../../src/proxy/reads/read-budget.js';
import { UpstreamReads } from '../../../src/proxy/reads/upstream-reads.js';
import { httpTransport } from '../../../src/proxy/upstream/http-transport.js';
import { UpstreamClient } from '../../../src/proxy/upstream/upstream-client.js';
import { memoryRateCounters } from '../../../src/proxy/visitors/rate-counters.js';

const START = Date.parse('2026-11-22T10:00:00Z');
/** A read whose answer (an array of signers) is as the service documents it when empty. */
const RECENT = '/petitions/1/signatures/recent';

/** Reads through UpstreamReads from a server that answers 429 with `retryAfter` until told otherwise. */
async function throttledService(retryAfter: string) {
  const dir = mkdtempSync(join(tmpdir(), 'upstream-reads-'));
  const stateDb = openStateDatabase(dir);
  const service = { throttled: true, asked: 0 };
  const server = createServer((_request, response) => {
    service.asked++;
    if (service.throttled) response.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter }).end('{"result":"failure","messages":["rate limit exceeded"]}');
    else response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const clock = { now: START };
  const now = () => clock.now;
  const transport = httpTransport();
  const reads = new UpstreamReads({
    client: new UpstreamClient({ upstream: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, apiKey: 'pk_test', secret: 'secret', timeoutMs: 2000, transport }),
    budget: new ReadBudget({ counters: memoryRateCounters(), perClientPerMinute: 1000, totalPerMinute: 1000, ipv6Prefix: 64, now }),
    lastGood: new LastGood({ store: lastGoodInSqlite(stateDb), staleForMs: 86_400_000, maxEntries: 10, log: () => undefined, now }),
    log: () => undefined,
    now,
  });
  return {
    service,
    clock,
    read: () => reads.read(RECENT, RECENT, [], () => '192.0.2.1', 'essential'),
    async close() {
      transport.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      stateDb.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The Retry-After (seconds) of the 503 a read never answered before gets while reads are paused. */
async function refusedFor(read: () => Promise<unknown>): Promise<number> {
  const error = await read().then(
    () => assert.fail('expected the read to be refused'),
    (caught: unknown) => caught,
  );
  assert.ok(error instanceof ProxyError && error.status === 503, String(error));
  return error.details.retryAfter!;
}

// [Retry-After sent, seconds reads pause]: the cap written out, so a changed constant fails here.
for (const [retryAfter, pauseSeconds] of [['3600', 60], ['61', 60], ['60', 60], ['59', 59]] as const) {
  test(`Retry-After: ${retryAfter} from the service pauses reads for ${pauseSeconds} s`, async () => {
    const t = await throttledService(retryAfter);
    try {
      assert.equal(await refusedFor(t.read), pauseSeconds, 'the pause, told to the browser');
      t.service.throttled = false;
      t.clock.now = START + pauseSeconds * 1000 - 1;
      assert.equal(await refusedFor(t.read), 1, 'a millisecond of the pause left');
      assert.equal(t.service.asked, 1, 'nothing asked of the service during the pause');
      t.clock.now = START + pauseSeconds * 1000;
      const { body, stale } = await t.read();
      assert.deepEqual({ body, stale }, { body: '[]', stale: false }, 'the pause is over: the service is asked again');
      assert.equal(t.service.asked, 2);
    } finally {
      await t.close();
    }
  });
}
