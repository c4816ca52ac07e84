// The README's "Running the parts yourself" on one machine, as real `petition-embed` processes:
// without --allow-private-callbacks the service refuses the proxy's key requests (its callback is
// on 127.0.0.1), and both the proxy's log and `proxy doctor` say so with the remedy; with the
// flag, as the README's service command has it, the key is requested, granted and doctor passes.
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { eventually, freePort } from '../stack.js';
import { builtCli } from '../../../support/built-cli.js';

const ROOT = new URL('../../..', import.meta.url).pathname;

function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [builtCli(), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 }, (_error, stdout, stderr) =>
      resolve({ status: child.exitCode, stdout, stderr }),
    );
  });
}

/** A long-running part; `output` gathers its stdout and stderr as they come. */
function start(args: string[]): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [builtCli(), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (output += chunk));
  }
  return { child, output: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

describe('one machine, as the README runs the parts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'petition-one-machine-'));
  const db = join(dir, 'service.db');
  const children: ChildProcess[] = [];
  after(async () => {
    for (const child of children) await stop(child);
  });

  async function setUp(serviceFlags: string[]) {
    const servicePort = await freePort();
    const proxyPort = await freePort();
    const service = start(['service', '--db', db, '--port', String(servicePort), ...serviceFlags]);
    children.push(service.child);
    await eventually(() => service.output().includes('petition service listening'), 10_000, 'the service');
    const config = join(dir, `proxy-${servicePort}.config.json`);
    return { service, servicePort, proxyPort, config };
  }

  let credentials: { api_key: string; secret: string };
  let petitionId: number;

  test('without --allow-private-callbacks: the proxy logs the refusal and doctor fails, each with the remedy', async () => {
    credentials = JSON.parse((await run(['service', 'admin', 'create-consumer', '--db', db, '--name', 'Example site'])).stdout);
    petitionId = JSON.parse((await run(['service', 'admin', 'create-petition', '--db', db, '--title', 'Save the park'])).stdout).petition_id;
    const { service, servicePort, proxyPort, config } = await setUp([]);
    writeFileSync(config, JSON.stringify(proxyConfig(servicePort, proxyPort)), { mode: 0o600 });
    const proxy = start(['proxy', '--config', config, '--port', String(proxyPort)]);
    children.push(proxy.child);
    const remedy = 'with both on one machine, run the service with --allow-private-callbacks; otherwise give the proxy a publicUrl the service reaches at a public address';
    await eventually(() => proxy.output().includes('request refused'), 10_000, 'the refusal in the log');
    assert.match(proxy.output(), new RegExp(`auth key for petition ${petitionId}: request refused \\(400\\) callback_endpoint: its host is a loopback.*: ${remedy.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

    const doctor = await run(['proxy', 'doctor', '--config', config]);
    assert.equal(doctor.status, 1, doctor.stdout);
    const lines = doctor.stdout.trim().split('\n');
    const refused = lines.find((line) => line.startsWith('fail  key requests: '));
    assert.ok(refused !== undefined && refused.endsWith(remedy), doctor.stdout);
    assert.ok(refused.includes(`(http://127.0.0.1:${proxyPort}/callbacks/auth-keys)`), refused);
    assert.ok(lines.includes(`fail  petition ${petitionId} key: not obtained: the service refuses the proxy's key requests (see "key requests")`), doctor.stdout);
    assert.ok(!doctor.stdout.includes('not requested yet'), doctor.stdout);
    for (const secret of [credentials.api_key, credentials.secret]) assert.ok(!proxy.output().includes(secret) && !doctor.stdout.includes(secret));
    await stop(proxy.child);
    await stop(service.child);
  });

  test('with --allow-private-callbacks: the key is requested, granted by the operator, and doctor passes', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    assert.match(readme, /^npx petition-embed service --db \S+ --port 4010 --allow-private-callbacks /m, "the README's service command");
    const { servicePort, proxyPort, config } = await setUp(['--allow-private-callbacks']);
    writeFileSync(config, JSON.stringify(proxyConfig(servicePort, proxyPort)), { mode: 0o600 });
    const proxy = start(['proxy', '--config', config, '--port', String(proxyPort)]);
    children.push(proxy.child);
    await eventually(() => proxy.output().includes('waiting for the service'), 10_000, 'the key request');
    const [request] = JSON.parse((await run(['service', 'admin', 'auth-keys', '--db', db])).stdout) as Array<{ id: number }>;
    assert.equal((await run(['service', 'admin', 'grant', '--db', db, String(request!.id)])).status, 0);
    await eventually(() => proxy.output().includes(`auth key for petition ${petitionId}: granted`), 10_000, 'the grant by callback');
    const doctor = await run(['proxy', 'doctor', '--config', config]);
    assert.equal(doctor.status, 0, doctor.stdout);
    assert.match(doctor.stdout, new RegExp(`^ok {4}petition ${petitionId} key: granted`, 'm'));
  });

  test('the README makes the console\'s operator before it sends anyone to the console to grant the key', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Running the parts yourself'), readme.indexOf('### Behind a reverse proxy'));
    const operator = section.search(/^npx petition-embed service admin create-operator --db \S+ --email \S+/m);
    const service = section.search(/^npx petition-embed service --db /m);
    const consoleGrant = section.search(/grants the key request[^\n]*\n[^\n]*console/);
    const grant = section.search(/^npx petition-embed service admin grant/m);
    assert.ok(operator >= 0 && service >= 0 && consoleGrant >= 0 && grant >= 0, section);
    assert.ok(operator < consoleGrant && operator < grant, 'the operator is made before the grant');
    // Made on the service's own database, as the README's other commands name it.
    const db = (from: number) => /--db (\S+)/.exec(section.slice(from))![1];
    assert.equal(db(operator), db(service));
    // And the command as written makes an operator with a one-time password.
    const made = await run(['service', 'admin', 'create-operator', '--db', join(dir, 'operator.db'), '--email', 'you@example.org']);
    assert.equal(made.status, 0, made.stderr);
    assert.match(made.stdout, /password/i);
  });

  function proxyConfig(servicePort: number, proxyPort: number) {
    return {
      upstream: `http://127.0.0.1:${servicePort}/v1`,
      apiKey: credentials.api_key,
      secret: credentials.secret,
      publicUrl: `http://127.0.0.1:${proxyPort}`,
      allowedOrigins: ['https://www.example.org'],
      petitions: [{ id: petitionId, source: 'https://www.example.org/save-the-park', sourceDescription: 'campaign website', requesterEmail: 'team@example.org' }],
      operator: { name: 'Example Petitions', termsUrl: 'https://example.org/terms', privacyUrl: 'https://example.org/privacy' },
      dataDir: join(dir, 'proxy-data'),
    };
  }
});
