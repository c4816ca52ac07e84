// `proxy doctor`'s line on the config file's mode: a file that holds the secret (or a webhook's)
// and that the group or others may read is a warning naming the file, the fields and `chmod 600`,
// never the secret; a file for this user only is fine, and a file whose secret comes from the
// environment holds none to guard. Run through runDoctor with real files, against a service that is
// not there (the other checks fail fast and are not what is tested here).
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { formatFinding } from '../../../src/proxy/doctor/doctor-finding.js';
import { runDoctor } from '../../../src/proxy/doctor/doctor.js';
import { freePort } from '../stack.js';

const SECRET = 'sk_config_file_secret_never_printed';
const WEBHOOK_SECRET = 'whsec_config_file_never_printed_0123';
const root = mkdtempSync(join(tmpdir(), 'doctor-config-file-'));
after(() => rmSync(root, { recursive: true, force: true }));
let nobody: string;
before(async () => {
  nobody = `http://127.0.0.1:${await freePort()}`;
});
let number = 0;

function configJson(webhooks: Array<{ url: string; secret: string }> = []) {
  return {
    upstream: `${nobody}/v1`,
    apiKey: 'ak_config_file',
    secret: SECRET,
    publicUrl: 'http://127.0.0.1:4020',
    petitions: [{ id: 1, source: 'https://www.example.org/p', sourceDescription: 'Example', requesterEmail: 'team@example.org', webhooks }],
    operator: { name: 'Example', termsUrl: 'https://www.example.org/terms', privacyUrl: 'https://www.example.org/privacy' },
    dataDir: 'data',
  };
}

/** The doctor's config-file lines for a file of `mode` holding `config`. */
async function linesFor(mode: number, config: unknown = configJson(), env: Record<string, string | undefined> = {}) {
  const path = join(root, `proxy-${++number}.config.json`);
  writeFileSync(path, JSON.stringify(config));
  // Set after writing: the umask would otherwise take bits off the mode asked for.
  chmodSync(path, mode);
  const findings = await runDoctor(path, env);
  const all = findings.map(formatFinding).join('\n');
  for (const secret of [SECRET, WEBHOOK_SECRET]) assert.ok(!all.includes(secret), `a secret in the output:\n${all}`);
  return { path, lines: findings.filter((finding) => finding.subject === 'config file').map(formatFinding) };
}

test('0600 and 0400: for this user only, fine', async () => {
  for (const mode of [0o600, 0o400]) {
    const { path, lines } = await linesFor(mode);
    assert.deepEqual(lines, [`ok    config file: ${path} holds a secret (secret) and is for this user only (mode 0${mode.toString(8)})`]);
  }
});

test('0640 (its group may read it) and 0604 (others may): a warning with the file and chmod 600', async () => {
  for (const mode of [0o640, 0o604]) {
    const { path, lines } = await linesFor(mode);
    assert.deepEqual(lines, [
      `warn  config file: ${path} holds a secret (secret) and has mode 0${mode.toString(8)}: other users on this machine may read it; ` +
        `chmod 600 ${path}, or give the secret as PETITION_API_SECRET in the environment`,
    ]);
  }
});

test('the secret from the environment: a file others may read holds no secret to warn about', async () => {
  const { path, lines } = await linesFor(0o644, configJson(), { PETITION_API_SECRET: 'sk_from_the_environment_value' });
  assert.deepEqual(lines, [`ok    config file: ${path} holds no secret (PETITION_API_SECRET from the environment)`]);
});

test("a webhook's secret is only ever in the file: still a warning with the secret from the environment", async () => {
  const config = configJson([{ url: `${nobody}/hooks`, secret: WEBHOOK_SECRET }]);
  const { path, lines } = await linesFor(0o640, config, { PETITION_API_SECRET: 'sk_from_the_environment_value' });
  assert.deepEqual(lines, [
    `warn  config file: ${path} holds a secret (petitions[0].webhooks[0].secret) and has mode 0640: other users on this machine may read it; chmod 600 ${path}`,
  ]);
  const both = await linesFor(0o600, config);
  assert.deepEqual(both.lines, [
    `ok    config file: ${both.path} holds secrets (secret, petitions[0].webhooks[0].secret) and is for this user only (mode 0600)`,
  ]);
});
