// The trending rule's settings on the command line (src/service/cli.ts): --trend-window (minutes,
// from 1), --trend-threshold (signatures, from 1) and --trend-share (per cent, 1 to 100). A value
// outside is a usage error (exit 2) before anything is opened; the edges themselves start the service.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { builtCli } from '../../../support/built-cli.js';

const bin = builtCli();

test('a trend setting outside its range is a usage error (exit 2) naming the flag, before anything is opened', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['--trend-window', '0', /^--trend-window: must be a whole number from 1\n/],
    ['--trend-window', '1.5', /^--trend-window: must be a whole number from 1\n/],
    ['--trend-threshold', '0', /^--trend-threshold: must be a whole number from 1\n/],
    ['--trend-threshold', 'twenty', /^--trend-threshold: must be a whole number from 1\n/],
    ['--trend-share', '0', /^--trend-share: must be a whole number from 1\n/],
    ['--trend-share', '101', /^--trend-share: must be a whole number from 1 to 100\n/],
  ];
  for (const [flag, value, message] of cases) {
    const run = spawnSync(process.execPath, [bin, 'service', '--port', '0', '--db', '/nonexistent/x.db', flag, value], { encoding: 'utf8', timeout: 30_000 });
    assert.equal(run.status, 2, `${flag} ${value}`);
    assert.match(run.stderr, message, `${flag} ${value}`);
  }
});

test('the edges are taken: a 1-minute window, a threshold of 1 and a share of 100 % start the service', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'trend-settings-'));
  const child = spawn(process.execPath, [bin, 'service', '--port', '0', '--db', join(dir, 'service.db'), '--trend-window', '1', '--trend-threshold', '1', '--trend-share', '100'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const listening = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 30_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('petition service listening on')) {
          clearTimeout(timer);
          resolve(true);
        }
      });
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    assert.ok(listening, output);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
});
