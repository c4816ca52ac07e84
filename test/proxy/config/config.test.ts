// The proxy's configuration: defaults, environment overrides, and refusals naming each bad field.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { freePort } from '../stack.js';
import { loadProxyConfig, parseProxyConfig, ProxyConfigError } from '../../../src/proxy/index.js';
import { builtCli } from '../../../support/built-cli.js';

const valid = {
  upstream: 'http://127.0.0.1:4010/v1/',
  apiKey: 'pk_file',
  secret: 'file-secret',
  publicUrl: 'http://127.0.0.1:4020',
  allowedOrigins: ['https://www.example.org'],
  petitions: [{ id: 1, source: 'https://www.example.org/save-the-park', sourceDescription: 'campaign website', requesterEmail: 'team@example.org' }],
  operator: { name: 'Example Petitions', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
  dataDir: 'data/proxy',
};

test('a valid config gets its defaults; the environment overrides key and secret', () => {
  const config = parseProxyConfig(valid, { PETITION_API_KEY: 'pk_env', PETITION_API_SECRET: 'env-secret' });
  assert.equal(config.upstream, 'http://127.0.0.1:4010/v1');
  assert.equal(config.apiKey, 'pk_env');
  assert.equal(config.secret, 'env-secret');
  assert.deepEqual(config.rateLimit, { signaturesPerIpPerMinute: 5, uncachedReadsPerIpPerMinute: 60, uncachedReadsPerMinute: 300, challengesPerIpPerMinute: 30 });
  assert.equal(config.trustProxy, 'loopback');
  assert.equal(config.cacheSeconds, 5);
  assert.equal(config.staleForSeconds, 86_400);
  assert.equal(config.servicePublicUrl, 'http://127.0.0.1:4010', 'the origin of upstream');
});

test('servicePublicUrl: where signers reach the service’s pages; an http(s) URL, its trailing slash dropped', () => {
  assert.equal(parseProxyConfig({ ...valid, servicePublicUrl: 'https://petitions.example.org/' }).servicePublicUrl, 'https://petitions.example.org');
  assert.throws(() => parseProxyConfig({ ...valid, servicePublicUrl: 'petitions.example.org' }), (error: unknown) =>
    error instanceof ProxyConfigError && error.problems.includes('servicePublicUrl: must be an http or https URL'));
});

test('frameOrigins: none by default; origins like allowedOrigins, a trailing slash dropped, a path or a bare host refused', () => {
  assert.deepEqual(parseProxyConfig(valid).frameOrigins, []);
  assert.deepEqual(parseProxyConfig({ ...valid, frameOrigins: ['https://sites.example.net/'] }).frameOrigins, ['https://sites.example.net']);
  const problems = (frameOrigins: unknown) => {
    try {
      parseProxyConfig({ ...valid, frameOrigins });
      return 'accepted';
    } catch (error) {
      assert.ok(error instanceof ProxyConfigError);
      return error.problems.join('; ');
    }
  };
  assert.equal(problems(['https://sites.example.net/page']), 'frameOrigins[0]: must be an origin like https://www.example.org (no path)');
  assert.equal(problems(['sites.example.net']), 'frameOrigins[0]: must be an http or https URL');
  assert.equal(problems('https://sites.example.net'), 'frameOrigins: must be an array of origins');
});

test('proofOfWork: per petition, 1,000,000 by default, 0 turns it off, at most 10,000,000, a whole number', () => {
  const withProof = (proofOfWork: unknown) => parseProxyConfig({ ...valid, petitions: [{ ...valid.petitions[0], proofOfWork }] });
  assert.equal(parseProxyConfig(valid).petitions[0]!.proofOfWork, 1_000_000);
  assert.equal(withProof(0).petitions[0]!.proofOfWork, 0);
  assert.equal(withProof(10_000_000).petitions[0]!.proofOfWork, 10_000_000);
  const problem = (value: unknown) => {
    try {
      withProof(value);
      return 'accepted';
    } catch (error) {
      assert.ok(error instanceof ProxyConfigError);
      return error.problems.join('; ');
    }
  };
  assert.equal(problem(10_000_001), 'petitions[0].proofOfWork: must be at most 10000000');
  assert.equal(problem(-1), 'petitions[0].proofOfWork: must be 0 (off) or more');
  assert.equal(problem(1.5), 'petitions[0].proofOfWork: must be an integer');
  assert.equal(problem('100'), 'petitions[0].proofOfWork: must be a number');
});

test('every bad field is named, and no value (it may be the secret) is repeated', () => {
  const bad = {
    ...valid,
    upstream: 'ftp://x',
    secret: '',
    allowedOrigins: ['https://www.example.org/path'],
    petitions: [{ id: 0, source: 'x', sourceDescription: 'y', requesterEmail: 'nope' }, { id: 0, source: 'a', sourceDescription: 'b', requesterEmail: 'c@d.org' }],
    operator: { name: 'n', termsUrl: 'https://t' },
    ratelimit: { signaturesPerIpPerMinute: 50 },
  };
  delete (bad as Record<string, unknown>).dataDir;
  try {
    parseProxyConfig(bad);
    assert.fail('accepted a bad config');
  } catch (error) {
    assert.ok(error instanceof ProxyConfigError);
    const fields = error.problems.map((p) => p.split(':')[0]);
    for (const field of ['upstream', 'secret', 'allowedOrigins[0]', 'petitions[0].id', 'petitions[0].requesterEmail', 'operator.privacyUrl', 'dataDir', 'ratelimit']) {
      assert.ok(fields.includes(field), `${field} not named in:\n${error.message}`);
    }
    // A misspelt setting would otherwise be ignored without a word.
    assert.ok(error.problems.includes('ratelimit: is not a setting of the proxy (check its spelling)'), error.message);
    assert.ok(error.problems.includes('dataDir: is required'), error.message);
    assert.ok(!error.message.includes('ftp://x'));
  }
});

test('loadProxyConfig resolves dataDir from the file\'s folder; the CLI refuses a bad file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-config-'));
  try {
    const path = join(dir, 'proxy.config.json');
    writeFileSync(path, JSON.stringify(valid));
    assert.equal(loadProxyConfig(path, {}).dataDir, join(dir, 'data/proxy'));

    writeFileSync(path, JSON.stringify({ ...valid, petitions: [] }));
    const run = spawnSync(process.execPath, [builtCli(), 'proxy', '--port', '0', '--config', path], {
      cwd: new URL('../../..', import.meta.url).pathname,
      encoding: 'utf8',
      timeout: 20_000,
    });
    assert.equal(run.status, 1);
    assert.match(run.stderr, /petitions: must list at least one petition/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the CLI prints a line with http://HOST:PORT once it accepts requests, and stops on SIGTERM', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'proxy-cli-'));
  // Nothing listens upstream: the proxy must still start (it asks for keys again later).
  const path = join(dir, 'proxy.config.json');
  writeFileSync(path, JSON.stringify({ ...valid, upstream: `http://127.0.0.1:${await freePort()}/v1`, dataDir: 'data' }));
  const child = spawn(process.execPath, [builtCli(), 'proxy', '--host', '127.0.0.1', '--port', '0', '--config', path], {
    cwd: new URL('../../..', import.meta.url).pathname,
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 20_000,
  });
  try {
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        const found = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (found && found[1] !== '0') resolve(found[0]);
      });
      child.once('exit', (code) => reject(new Error(`proxy exited (${code}) before printing its URL:\n${output}`)));
    });
    const health = await fetch(`${url}/healthz`);
    assert.equal(health.status, 200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
    assert.ok(!output.includes(valid.secret) && !output.includes(valid.apiKey), output);
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
