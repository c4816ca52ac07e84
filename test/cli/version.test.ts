// The package's version as a user reads it: `petition-embed --version` (and -v) prints exactly
// what package.json says, and the service's /healthz carries it (the proxy's: test/proxy/http/routes.test.ts).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { rawRequest } from '../api-reference/coverage.js';
import { startTestService } from '../service/harness.js';
import { builtCli } from '../../support/built-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const VERSION = (JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string }).version;

for (const flag of ['--version', '-v']) {
  test(`petition-embed ${flag} prints the package.json version and exits 0`, () => {
    // execFileSync throws on a non-zero exit, so reaching the assertion means 0.
    const stdout = execFileSync(process.execPath, [builtCli(), flag], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    assert.equal(stdout, `${VERSION}\n`);
  });
}

test("the service's /healthz says its version, and no cache may keep it", async () => {
  const t = await startTestService();
  try {
    // A bare socket, not fetch: /healthz is outside the service's API reference (docs/openapi/service.yaml, /v1).
    const answer = await rawRequest(Number(new URL(t.baseUrl).port), 'GET', '/healthz', ['Connection: close'], '');
    assert.equal(answer.status, 200);
    assert.deepEqual(JSON.parse(answer.body ?? ''), { status: 'ok', version: VERSION });
    // A health check must reach the service itself, never a copy a cache in front of it kept.
    assert.equal(answer.headers.get('cache-control'), 'no-store');
  } finally {
    await t.close();
  }
});
