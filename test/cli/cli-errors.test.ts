// The built `petition-embed` command as an operator meets its errors: each is one readable line
// (with the usage after a usage error) and an exit status, never a Node stack trace.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { builtCli } from '../../support/built-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const options = { cwd: ROOT, encoding: 'utf8' as const, timeout: 60_000, env: { ...process.env, ...env } };
    const child = execFile(process.execPath, [builtCli(), ...args], options, (_error, stdout, stderr) =>
      resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
}

function assertNoStack(run: Run): void {
  assert.doesNotMatch(run.stderr, /^\s+at /m, `a stack trace:\n${run.stderr}`);
  assert.doesNotMatch(run.stderr, /node:internal|node:net|\[ERR_/, `Node's own error:\n${run.stderr}`);
}

describe('petition-embed: usage errors', () => {
  test('dev --help prints the usage and exits 0', async () => {
    const run = await cli(['dev', '--help']);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^usage: petition-embed dev \[--host 127\.0\.0\.1\] \[--port 5173\] \[--data data\/dev\] \[--allow-origin [^\n]+\n +petition-embed dev site --proxy \S+ --petition ID \[--host 127\.0\.0\.1\] \[--port 8080\]\n +petition-embed dev compose-setup --template \S+ --out \S+ \[--db URL\]\n  --allow-origin: [^\n]+\n$/);
    assert.equal(run.stderr, '');
  });

  test('dev compose-setup without its database or files is one line and the usage, exit 2', async () => {
    for (const [args, problem] of [
      [['--template', 't.json', '--out', 'o.json'], /^--db \(or DATABASE_URL\)/],
      [['--db', 'x.db', '--out', 'o.json'], /^--template and --out are required/],
    ] as const) {
      const run = await cli(['dev', 'compose-setup', ...args], { DATABASE_URL: '' });
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr, problem);
      assert.match(run.stderr, /\nusage: petition-embed dev /);
      assertNoStack(run);
    }
  });

  test('dev with an unknown option is one line and the usage, exit 2', async () => {
    const run = await cli(['dev', '--bogus']);
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^Unknown option '--bogus'.*\nusage: petition-embed dev /);
    assertNoStack(run);
  });

  // The service refuses the port before it opens the database: nothing is created.
  for (const [part, extra] of [['dev', []], ['service', ['--db', join(tmpdir(), 'petition-cli-never-created.db')]]] as const) {
    test(`${part} --port 99999 is one line and the usage, exit 2`, async () => {
      const run = await cli([part, '--port', '99999', ...extra]);
      assert.equal(run.status, 2, run.stderr);
      assert.match(run.stderr.split('\n')[0]!, /^--port: must be (an integer|a whole number) from 0 to 65535$/);
      assertNoStack(run);
      if (part === 'service') assert.equal(existsSync(extra[1]!), false, 'the database was created');
    });
  }
});

describe('petition-embed: a port another program holds', () => {
  const dir = mkdtempSync(join(tmpdir(), 'petition-cli-errors-'));
  let holder: Server;
  let port = 0;
  before(async () => {
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    port = (holder.address() as { port: number }).port;
  });
  after(() => new Promise((resolve) => holder.close(resolve)));

  const expected = (part: string) =>
    `petition-embed ${part}: not started: 127.0.0.1:${port} is already in use (another server, or this one still running): stop it, or choose another --port\n`;

  test('the service says so in one line, exit 1', async () => {
    const run = await cli(['service', '--port', String(port), '--db', join(dir, 'service.db')]);
    assert.equal(run.status, 1);
    assert.equal(run.stderr, expected('service'));
  });

  test('the proxy says so in one line, exit 1', async () => {
    const config = join(dir, 'proxy.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        upstream: 'http://127.0.0.1:9/v1',
        apiKey: 'pk_cli_errors_0123456789',
        secret: 'cli-errors-secret-0123456789abcdef',
        publicUrl: `http://127.0.0.1:${port}`,
        petitions: [{ id: 1, source: 'https://www.example.org/p', sourceDescription: 'campaign website', requesterEmail: 'team@example.org' }],
        operator: { name: 'Example', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
        dataDir: join(dir, 'proxy-data'),
      }),
      { mode: 0o600 },
    );
    const run = await cli(['proxy', '--port', String(port), '--config', config]);
    assert.equal(run.status, 1);
    assert.equal(run.stderr, expected('proxy'));
  });

  test('the dev stack says so in one line, exit 1', async () => {
    const run = await cli(['dev', '--port', String(port), '--data', join(dir, 'dev')]);
    assert.equal(run.status, 1);
    assert.equal(run.stderr, expected('dev'));
  });
});

describe('petition-embed: errors past the usage', () => {
  test('a --host no resolver knows is one line naming it, exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'petition-cli-host-'));
    const run = await cli(['service', '--port', '0', '--host', 'no such host', '--db', join(dir, 'service.db')]);
    assert.equal(run.status, 1);
    assert.equal(run.stderr, 'petition-embed service: not started: "no such host" is not a host name this machine can resolve: check --host\n');
  });

  test('any other error is one line with its message; the stack only under PETITION_EMBED_DEBUG=1', async () => {
    // A data folder that is a file: the dev stack cannot make its folders there.
    const file = join(mkdtempSync(join(tmpdir(), 'petition-cli-data-')), 'a-file');
    writeFileSync(file, '');
    const run = await cli(['dev', '--port', '0', '--data', file]);
    assert.equal(run.status, 1);
    assert.match(run.stderr, /^petition-embed dev: stopped by an unexpected error: .*a-file.* \(PETITION_EMBED_DEBUG=1 shows where\)\n$/);
    const debug = await cli(['dev', '--port', '0', '--data', file], { PETITION_EMBED_DEBUG: '1' });
    assert.equal(debug.status, 1);
    assert.match(debug.stderr, /\n\s+at /);
  });
});
