// `proxy doctor` on an upstream that lacks the service's `/v1`: the service's own 404 for a path
// outside its API once read as "answers" and "has no petition 1"; it must name the fix and fail.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Stack, keysDecided } from '../stack.js';
import { builtCli } from '../../../support/built-cli.js';

function doctor(stack: Stack, config: unknown): Promise<{ status: number | null; stdout: string; lines: string[] }> {
  const path = join(stack.dir, 'doctor-upstream.config.json');
  writeFileSync(path, JSON.stringify(config), { mode: 0o600 });
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [builtCli(), 'proxy', 'doctor', '--config', path],
      { cwd: new URL('../../..', import.meta.url).pathname, encoding: 'utf8', timeout: 20_000 },
      (_error, stdout) => resolve({ status: child.exitCode, stdout, lines: stdout.trim().split('\n') }),
    );
  });
}

describe('proxy doctor: an upstream without /v1', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack({ autoGrant: true }).start();
    await keysDecided(stack.proxy!);
  });
  after(() => stack.close());

  test('names the upstream with /v1 as the fix, exits 1, and claims no missing petition', async () => {
    const without = `http://127.0.0.1:${stack.servicePort}`;
    const withV1 = `${without}/v1`;
    const run = await doctor(stack, { ...stack.config, upstream: without });
    assert.equal(run.status, 1, run.stdout);
    assert.ok(
      run.lines.includes(`fail  service: the petition service answers at ${withV1}, not at ${without}: set upstream to "${withV1}"`),
      run.stdout,
    );
    assert.ok(!run.lines.some((text) => /^ok {4}service|has no petition/.test(text)), run.stdout);
  });

  test('an upstream with a wrong path under the service says so, without a fix it cannot know', async () => {
    const wrong = `http://127.0.0.1:${stack.servicePort}/api`;
    const run = await doctor(stack, { ...stack.config, upstream: wrong });
    assert.equal(run.status, 1, run.stdout);
    assert.ok(run.lines.includes(`fail  service: the petition service answers at ${wrong} but has no such path: check upstream, with its /v1`), run.stdout);
  });
});
