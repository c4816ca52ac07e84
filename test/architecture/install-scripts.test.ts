// `npm install` prints nothing unexplained about install scripts: every installed dependency with
// one is approved or denied in package.json's `allowScripts` (npm lists the others as "not yet
// covered by allowScripts" and skips their scripts), and README.md's install notes name each entry
// and why. A new dependency with an install script fails here until someone has looked at it.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

const ROOT = new URL('../..', import.meta.url).pathname;

function npm(args: string[]): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = execFile('npm', args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 }, (_error, stdout, stderr) =>
      resolve({ status: child.exitCode, output: `${stdout}${stderr}` }),
    );
  });
}

test('every installed dependency with an install script is approved or denied in allowScripts', async (t) => {
  // Read-only: it lists what allowScripts does not cover, from node_modules, without the network.
  const listed = await npm(['install-scripts', 'ls']);
  if (/unknown command|not a valid command|Unknown cli config/i.test(listed.output)) {
    t.skip(`this npm has no \`install-scripts\` (allowScripts came with npm 11.x): ${listed.output.trim().split('\n')[0]}`);
    return;
  }
  assert.equal(listed.status, 0, listed.output);
  assert.equal(listed.output.trim(), 'No packages with unreviewed install scripts.');
});

test("README.md's install notes name each allowScripts entry", () => {
  const { allowScripts } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { allowScripts: Record<string, boolean> };
  const readme = readFileSync(`${ROOT}README.md`, 'utf8');
  const notes = readme.slice(readme.indexOf('## Quick start'), readme.indexOf('```sh', readme.indexOf('## Quick start')));
  assert.match(notes, /allowScripts/);
  for (const name of Object.keys(allowScripts)) assert.ok(notes.includes(name), `${name} is not explained in README.md "Quick start"`);
});
