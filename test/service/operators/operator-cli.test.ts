// The operator's side of the command line: creating operators (a one-time password printed, or
// the operator's own from stdin), resetting a password, the confirm-signers flag, and the
// service's console and mail settings, whose secrets never reach the terminal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAdmin } from '../child-service.js';
import { eventually } from '../harness.js';
import { newTestDatabase } from '../test-database.js';
import { builtCli } from '../../../support/built-cli.js';

const bin = builtCli();

test('create-operator prints a one-time password, or takes one from stdin; reset-operator-password makes a new one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'operator-cli-'));
  const db = await newTestDatabase(dir);
  try {
    const created = runAdmin(['create-operator', '--db', db, '--email', 'ops@example.org']);
    assert.equal(created.status, 0, created.stderr);
    const { operator_id, email, one_time_password } = created.json as { operator_id: number; email: string; one_time_password: string };
    assert.equal(operator_id, 1);
    assert.equal(email, 'ops@example.org');
    assert.match(one_time_password, /^[A-Za-z0-9_-]{20}$/);

    const twice = runAdmin(['create-operator', '--db', db, '--email', 'OPS@example.org']);
    assert.equal(twice.status, 2);
    assert.match(twice.stderr, /an operator with the email OPS@example\.org already exists/);

    const short = runAdmin(['create-operator', '--db', db, '--email', 'own@example.org', '--password-stdin'], 'too short\n');
    assert.equal(short.status, 2);
    assert.match(short.stderr, /password: must be at least 12 characters/);
    assert.doesNotMatch(short.stderr, /too short/, 'the password is never repeated');
    const own = runAdmin(['create-operator', '--db', db, '--email', 'own@example.org', '--password-stdin'], 'my own long passphrase\n');
    assert.equal(own.status, 0, own.stderr);
    assert.deepEqual(own.json, { operator_id: 2, email: 'own@example.org' });

    const reset = runAdmin(['reset-operator-password', '--db', db, '--email', 'own@example.org']);
    assert.match((reset.json as { one_time_password: string }).one_time_password, /^[A-Za-z0-9_-]{20}$/);
    assert.match(runAdmin(['reset-operator-password', '--db', db, '--email', 'nobody@example.org']).stderr, /no operator with the email nobody@example\.org/);
    assert.match(runAdmin(['create-operator', '--db', db, '--email', 'not an email']).stderr, /--email: must be an email address/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--confirm-signers and --no-confirm-signers', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'operator-cli-'));
  const db = await newTestDatabase(dir);
  try {
    runAdmin(['create-petition', '--db', db, '--title', 'Confirmed', '--confirm-signers']);
    assert.equal((runAdmin(['petition', '--db', db, '1']).json as { confirm_signers: boolean }).confirm_signers, true);
    assert.equal((runAdmin(['update-petition', '--db', db, '1', '--no-confirm-signers']).json as { confirm_signers: boolean }).confirm_signers, false);
    runAdmin(['create-petition', '--db', db, '--title', 'Plain']);
    assert.equal((runAdmin(['petition', '--db', db, '2']).json as { confirm_signers: boolean }).confirm_signers, false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the service prints its console on the public URL; bad mail settings stop it without repeating the password', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'operator-cli-'));
  const db = await newTestDatabase(dir);
  try {
    const child = spawn(process.execPath, [bin, 'service', '--db', db, '--port', '0', '--public-url', 'https://petitions.example.org/'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await eventually(() => output, (text) => text.includes('operator console'), 20_000);
    child.kill('SIGINT');
    await exited;
    assert.match(output, /^operator console at https:\/\/petitions\.example\.org\/admin$/m);

    const run = (args: string[], env: Record<string, string> = {}) =>
      spawnSync(process.execPath, [bin, 'service', '--db', db, '--port', '0', ...args], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, ...env } });
    const noFrom = run(['--smtp', 'smtp://user:s3cretpass@mail.example.org:587']);
    assert.equal(noFrom.status, 2);
    assert.match(noFrom.stderr, /--mail-from: is required with --smtp/);
    const badScheme = run([], { PETITION_SMTP_URL: 'http://user:s3cretpass@mail.example.org', PETITION_MAIL_FROM: 'petitions@example.org' });
    assert.equal(badScheme.status, 2);
    assert.match(badScheme.stderr, /--smtp: must start with smtp:\/\/ or smtps:\/\//);
    for (const result of [noFrom, badScheme]) assert.doesNotMatch(result.stderr + result.stdout, /s3cretpass/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
