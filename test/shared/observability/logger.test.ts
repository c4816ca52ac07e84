import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { createLogger, isLogFormat, isLogLevel, lineLog, type LogFormat, type LogLevel } from '../../../src/shared/observability/logger.js';

function capture(format: LogFormat, level: LogLevel) {
  const lines: string[] = [];
  return { lines, logger: createLogger({ format, level, destination: (line) => lines.push(line) }) };
}

describe('logger', () => {
  it('writes one JSON object a line, with level, time, the event and its fields', () => {
    const { lines, logger } = capture('json', 'info');
    logger.info('callback.failing', { petition_id: 7, status: 503 });
    logger.child({ request_id: 'r-1' }).warn('limit.reached', { limit: 'auth_failures' });
    lineLog(logger)('petition service listening on http://127.0.0.1:4010/v1');
    assert.equal(lines.length, 3);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(
      parsed.map(({ time, ...rest }) => {
        assert.match(String(time), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
        return rest;
      }),
      [
        { level: 'info', msg: 'callback.failing', petition_id: 7, status: 503 },
        { level: 'warn', msg: 'limit.reached', request_id: 'r-1', limit: 'auth_failures' },
        { level: 'info', msg: 'petition service listening on http://127.0.0.1:4010/v1' },
      ],
    );
  });

  it('writes readable one-line text', () => {
    const { lines, logger } = capture('text', 'info');
    logger.error('delivery.failing', { kind: 'callback', reason: 'status 503' });
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /^\d{4}-\d\d-\d\dT[\d:.]+Z ERROR delivery\.failing kind=callback reason="status 503"$/);
  });

  for (const format of ['json', 'text'] as const) {
    it(`keeps only the lines at or above its level (${format})`, () => {
      const levels = ['debug', 'info', 'warn', 'error'] as const;
      const written = levels.map((level) => {
        const { lines, logger } = capture(format, level);
        for (const event of levels) logger[event](`event-${event}`);
        return lines.map((line) => /event-(\w+)/.exec(line)![1]);
      });
      assert.deepEqual(written, [
        ['debug', 'info', 'warn', 'error'],
        ['info', 'warn', 'error'],
        ['warn', 'error'],
        ['error'],
      ]);
    });

    it(`never prints personal data or secrets, whatever their key's spelling or depth (${format})`, () => {
      const { lines, logger } = capture(format, 'debug');
      const secrets = {
        email: 'ada@example.org',
        signerEmail: 'ada2@example.org',
        name: 'Ada Lovelace',
        address: '12 Example Street',
        postcode: 'SW1A 1AA',
        phone: '+44 20 7946 0000',
        apiKey: 'pk_live_api_key_value',
        api_key: 'pk_live_api_key_value2',
        secret: 'consumer-secret-value',
        authKey: 'auth-key-value',
        auth_key: 'auth-key-value2',
        token: 'withdrawal-token-value',
        password: 'operator-password',
        Authorization: 'Bearer bearer-value',
        'X-Api-Key': 'header-api-key',
      };
      logger.info('everything', { ...secrets, nested: { deeper: [{ ...secrets }] }, petition_id: 3 });
      logger.child({ ...secrets }).warn('child');
      logger.error('failed', { err: new Error('could not reach ada@example.org with pk_live_api_key_value') });
      const all = lines.join('\n');
      for (const value of Object.values(secrets)) assert.ok(!all.includes(value), `${value} was printed: ${all}`);
      assert.ok(all.includes('ada') === false);
      assert.match(all, /petition_id.{1,3}3/);
      assert.equal(lines.length, 3);
    });
  }

  it('writes a text line without fields as the head alone, the level padded to five', () => {
    const { lines, logger } = capture('text', 'debug');
    logger.info('started');
    logger.warn('slow', { list: ['a'], ms: 51.5, gone: null, flag: true, path: '/v1/petitions', empty: '' });
    assert.match(lines[0]!, /^\d{4}-\d\d-\d\dT[\d:.]+Z INFO  started$/);
    assert.match(lines[1]!, /^\S+Z WARN  slow list=\["a"\] ms=51\.5 gone=null flag=true path=\/v1\/petitions empty=""$/);
  });

  it('knows its formats and levels, as written', () => {
    assert.deepEqual(['json', 'text', 'JSON', 'Text', '', 'pretty'].map(isLogFormat), [true, true, false, false, false, false]);
    assert.deepEqual(
      ['debug', 'info', 'warn', 'error', 'INFO', 'warning', 'trace', ''].map(isLogLevel),
      [true, true, true, true, false, false, false, false],
    );
  });

  it('writes to a stream', async () => {
    const stream = new PassThrough();
    const chunks: string[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    createLogger({ format: 'json', level: 'info', destination: stream }).info('started');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(chunks.join('').split('\n').length, 2);
    assert.equal(JSON.parse(chunks.join('').trim()).msg, 'started');
  });
});
