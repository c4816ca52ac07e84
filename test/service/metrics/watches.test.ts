// The once-per-episode log lines and the 500 line, with the service's real registry and logger.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createLogger } from '../../../src/shared/observability/logger.js';
import { DeliveryWatch } from '../../../src/service/metrics/delivery-watch.js';
import { LimitWatch } from '../../../src/service/metrics/limit-watch.js';
import { ServiceMetrics } from '../../../src/service/metrics/service-metrics.js';
import { errorAnswer } from '../../../src/service/http/error-answer.js';
import { DatabaseHealth } from '../../../src/service/store/database-health.js';
import { openDatabase } from '../../../src/service/store/engines/database.js';
import { SqliteEngine } from '../../../src/service/store/engines/sqlite-engine.js';
import { createStore } from '../../../src/service/store/store.js';
import { serviceObservability } from '../../../src/service/metrics/service-observability.js';

function parts() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ format: 'json', level: 'info', destination: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  const metrics = new ServiceMetrics({ processMetrics: false });
  const count = async (name: string, labels: string) => {
    const text = await metrics.registry.metrics();
    return Number(new RegExp(`^${name}\\{${labels}\\} (\\S+)$`, 'm').exec(text)?.[1]);
  };
  return { lines, logger, metrics, count };
}

const without = ({ time: _time, ...rest }: Record<string, unknown>) => rest;

describe('delivery watch', () => {
  it('says once that a target fails and once that it works again, per target', async () => {
    const { lines, logger, metrics, count } = parts();
    const watch = new DeliveryWatch(metrics, logger);
    watch.delivered('callback', 'hooks.example.org:443');
    watch.failed('callback', 'hooks.example.org:443', 'HTTP 503');
    watch.failed('callback', 'hooks.example.org:443', 'ECONNREFUSED');
    watch.failed('callback', 'other.example.org:443', 'HTTP 500');
    watch.failed('mail', '', 'ECONNREFUSED');
    watch.delivered('callback', 'hooks.example.org:443');
    watch.delivered('callback', 'hooks.example.org:443');
    assert.deepEqual(lines.map(without), [
      { level: 'warn', msg: 'delivery failing', kind: 'callback', target: 'hooks.example.org:443', reason: 'HTTP 503' },
      { level: 'warn', msg: 'delivery failing', kind: 'callback', target: 'other.example.org:443', reason: 'HTTP 500' },
      { level: 'warn', msg: 'delivery failing', kind: 'mail', reason: 'ECONNREFUSED' },
      { level: 'warn', msg: 'delivery recovered', kind: 'callback', target: 'hooks.example.org:443', failed_attempts: 2, failing_seconds: 0 },
    ]);
    assert.equal(await count('petition_service_deliveries_total', 'kind="callback",outcome="delivered"'), 3);
    assert.equal(await count('petition_service_deliveries_total', 'kind="callback",outcome="failed"'), 3);
    assert.equal(await count('petition_service_deliveries_total', 'kind="mail",outcome="failed"'), 1);
  });
});

describe('limit watch', () => {
  it('logs a limit reached once until a quiet minute has passed, and counts every refusal', async () => {
    const { lines, logger, metrics, count } = parts();
    const watch = new LimitWatch(metrics, logger);
    const start = 1_000_000;
    watch.reached('consumer_rate', 7, start);
    watch.reached('consumer_rate', 7, start + 59_999);
    // 59,999 ms after the last refusal: the same episode.
    watch.reached('consumer_rate', 7, start + 119_998);
    watch.reached('consumer_rate', 8, start + 119_998);
    watch.reached('auth_failures', undefined, start + 119_998);
    // A full minute without a refusal: a new episode.
    watch.reached('consumer_rate', 7, start + 179_998);
    assert.deepEqual(lines.map(without), [
      { level: 'warn', msg: 'limit reached', limit: 'consumer_rate', consumer_id: 7 },
      { level: 'warn', msg: 'limit reached', limit: 'consumer_rate', consumer_id: 8 },
      { level: 'warn', msg: 'limit reached', limit: 'auth_failures' },
      { level: 'warn', msg: 'limit reached', limit: 'consumer_rate', consumer_id: 7 },
    ]);
    assert.equal(await count('petition_service_limit_reached_total', 'limit="consumer_rate"'), 5);
    assert.equal(await count('petition_service_limit_reached_total', 'limit="auth_failures"'), 1);
  });
});

describe('the 500 line', () => {
  it('names the request id, the error kind and place, never its message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'error-line-'));
    const path = join(dir, 'service.db');
    const store = createStore(new SqliteEngine(openDatabase(path)));
    try {
      const { lines, logger } = parts();
      const health = new DatabaseHealth({ path, store, reopen: () => new SqliteEngine(openDatabase(path)), log: () => {} });
      const answer = errorAnswer(new TypeError('could not send to ada@example.org'), health, logger, 'proxy-req-42');
      assert.equal(answer.status, 500);
      assert.equal(lines.length, 1);
      assert.deepEqual({ ...without(lines[0]!), at: undefined }, { level: 'error', msg: 'unexpected error', request_id: 'proxy-req-42', error: 'TypeError', at: undefined });
      assert.match(String(lines[0]!.at), /watches\.test\.ts/);
      assert.ok(!JSON.stringify(lines).includes('ada@example.org'));
    } finally {
      await store.db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the service's log lines", () => {
  it('gives an outage and its end at warn, the other lines at info, through the one logger', () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({ format: 'json', level: 'warn', destination: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    const { log, warnLog } = serviceObservability({ logger, metricsServed: false });
    log('petition service listening');
    warnLog('database cannot be written (SQLITE_FULL): answering 503 to writes until it can');
    warnLog('database writable again after 4 s');
    assert.deepEqual(lines.map(without), [
      { level: 'warn', msg: 'database cannot be written (SQLITE_FULL): answering 503 to writes until it can' },
      { level: 'warn', msg: 'database writable again after 4 s' },
    ]);
  });

  it('without a logger, gives every line to the log function as it is', () => {
    const lines: string[] = [];
    const { log, warnLog, logger } = serviceObservability({ log: (line) => lines.push(line), metricsServed: false });
    log('one');
    warnLog('two');
    logger.warn('limit reached', { limit: 'sign_in' });
    assert.deepEqual(lines.slice(0, 2), ['one', 'two']);
    assert.match(lines[2]!, /^\S+Z WARN  limit reached limit=sign_in$/);
  });
});

