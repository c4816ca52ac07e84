// `petition-embed proxy doctor` as an operator runs it, in a child process, against a real service
// and proxy: a good setup passes with an `ok` line per check, and each kind of broken setup
// fails with the line that says what to do, without a secret, key or personal data in the output.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { keyFilePath } from '../../../src/proxy/keys/key-file.js';
import { Stack, eventually, freePort, keysDecided } from '../stack.js';
import { builtCli } from '../../../support/built-cli.js';

const WEBHOOK_SECRET = 'doctor-webhook-secret-0123456789';
const REQUESTER_EMAIL = 'team@example.org';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  lines: string[];
  ms: number;
}

let configNumber = 0;

/** Runs the command on `config` (written 0600 unless told, as an operator keeps a file with the secret). */
function doctor(stack: Stack, config: unknown, mode = 0o600): Promise<Run> {
  const path = join(stack.dir, `doctor-${++configNumber}.config.json`);
  writeFileSync(path, JSON.stringify(config), { mode });
  chmodSync(path, mode);
  const started = Date.now();
  // Asynchronously: the service and the endpoints answer from this process.
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [builtCli(), 'proxy', 'doctor', '--config', path],
      { cwd: new URL('../../..', import.meta.url).pathname, encoding: 'utf8', timeout: 20_000 },
      (_error, stdout, stderr) =>
        resolve({ status: child.exitCode, stdout, stderr, lines: stdout.trim().split('\n'), ms: Date.now() - started }),
    );
  });
}

function assertNoSecrets(stack: Stack, run: Run, more: string[] = []): void {
  for (const secret of [...stack.secrets, WEBHOOK_SECRET, REQUESTER_EMAIL, ...more]) {
    assert.ok(!run.stdout.includes(secret) && !run.stderr.includes(secret), `the output shows a secret or personal data:\n${run.stdout}`);
  }
}

function line(run: Run, pattern: RegExp): string {
  const found = run.lines.find((text) => pattern.test(text));
  assert.ok(found, `no line like ${pattern} in:\n${run.stdout}\n${run.stderr}`);
  return found;
}

/** A campaign's endpoint that records the method of each request and answers 204. */
async function endpoint(): Promise<{ url: string; methods: string[]; close(): Promise<void> }> {
  const methods: string[] = [];
  const server = createHttpServer((request, response) => {
    methods.push(request.method ?? '');
    request.resume();
    response.writeHead(204).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks/signatures`,
    methods,
    close: () => new Promise((resolve) => server.close(() => resolve()).closeAllConnections()),
  };
}

/** A server that takes connections and never answers: a service or endpoint that hangs. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('proxy doctor: a good setup', () => {
  let stack: Stack;
  let crm: Awaited<ReturnType<typeof endpoint>>;
  before(async () => {
    crm = await endpoint();
    stack = await new Stack({ autoGrant: true, petitionConfig: () => ({ webhooks: [{ url: crm.url, secret: WEBHOOK_SECRET }] }) }).start();
    await keysDecided(stack.proxy!);
    stack.storedKeys();
  });
  after(async () => {
    await stack.close();
    await crm.close();
  });

  test('exits 0 with an ok line for each check, and sends the webhook no delivery', async () => {
    const run = await doctor(stack, stack.config);
    assert.equal(run.status, 0, `${run.stdout}\n${run.stderr}`);
    const id = stack.petitionIds[0];
    const upstream = stack.config.upstream;
    assert.match(line(run, /^ok {4}config: /), /is valid \(1 petition\)$/);
    assert.match(line(run, /config file/), /^ok {4}config file: .*\.json holds secrets \(secret, petitions\[0\]\.webhooks\[0\]\.secret\) and is for this user only \(mode 0600\)$/);
    assert.match(line(run, /^ok {4}service: /), new RegExp(`^ok {4}service: answers at ${upstream} \\(HTTP 200 in \\d+ ms\\)$`));
    assert.equal(line(run, /credentials/), 'ok    credentials: the service accepts the api_key and the secret (a signed request it checked)');
    assert.equal(line(run, new RegExp(`^ok {4}petition ${id}:`)), `ok    petition ${id}: open at the service ("Petition 1")`);
    assert.match(line(run, new RegExp(`petition ${id} key`)), new RegExp(`^ok {4}petition ${id} key: granted`));
    assert.equal(line(run, /publicUrl/), `ok    publicUrl: ${stack.config.publicUrl}`);
    assert.equal(line(run, /origin https/), 'ok    origin https://www.example.org: allowed to call the API');
    assert.match(line(run, /dataDir/), /^ok {4}dataDir: .* is writable and private \(mode 0700, its files for this user only\)$/);
    assert.match(line(run, /^\w+ +webhook /), new RegExp(`^ok {4}webhook ${crm.url} \\(petition ${id}\\): answers \\(HTTP 204 to HEAD\\); \`proxy webhook test\``));
    assert.ok(run.lines.every((text) => text.startsWith('ok    ')), run.stdout);
    assert.deepEqual(crm.methods, ['HEAD'], 'a HEAD only, no delivery');
    assertNoSecrets(stack, run);
  });

  test('a config file others may read (0604) is a warning naming it and chmod 600, exit 0, never the secret', async () => {
    const run = await doctor(stack, stack.config, 0o604);
    assert.equal(run.status, 0, run.stdout);
    const path = join(stack.dir, `doctor-${configNumber}.config.json`);
    const problem =
      `warn  config file: ${path} holds secrets (secret, petitions[0].webhooks[0].secret) and has mode 0604: ` +
      `other users on this machine may read it; chmod 600 ${path}, or give the secret as PETITION_API_SECRET in the environment`;
    assert.deepEqual(run.lines.filter((text) => !text.startsWith('ok    ')), [problem], 'the only problem of this setup');
    assertNoSecrets(stack, run);
  });

  test('a data file its group may read (0640) is a failure: exit 1, naming the file and the fix', async () => {
    // Only the group's bits: the key file holds the authorization keys, which no other user may read.
    chmodSync(keyFilePath(stack.config.dataDir), 0o640);
    try {
      const run = await doctor(stack, stack.config);
      assert.equal(run.status, 1, run.stdout);
      const problem = 'fail  dataDir: other users may read auth-keys.json (0640): chmod 600 them';
      assert.equal(line(run, /dataDir/), problem);
      assert.deepEqual(run.lines.filter((text) => !text.startsWith('ok    ')), [problem], 'the only problem of this setup');
    } finally {
      chmodSync(keyFilePath(stack.config.dataDir), 0o600);
    }
  });

  test('the secret is checked by the service, and the key request it signs creates nothing', async () => {
    const requestsBefore = stack.relay.count(`POST /v1/petitions/${stack.petitionIds[0]}/auth_keys`);
    const wrong = 'not-the-secret-at-all-0123456789';
    const run = await doctor(stack, { ...stack.config, secret: wrong });
    assert.equal(run.status, 1, run.stdout);
    assert.equal(
      line(run, /credentials/),
      'fail  credentials: the service refused a signed request: rsig: does not match the request: the secret is not the one issued with this api_key',
    );
    assert.equal(stack.relay.count(`POST /v1/petitions/${stack.petitionIds[0]}/auth_keys`), requestsBefore + 1);
    assertNoSecrets(stack, run, [wrong]);
  });

  test('an api_key the service does not know fails, without showing it', async () => {
    const unknown = 'pk_unknown_0123456789abcdef';
    const run = await doctor(stack, { ...stack.config, apiKey: unknown });
    assert.equal(run.status, 1, run.stdout);
    assert.match(line(run, /credentials/), /^fail {2}credentials: the service does not know this api_key: api_key: missing or unknown/);
    assertNoSecrets(stack, run, [unknown]);
  });
});

describe('proxy doctor: a broken setup', () => {
  let stack: Stack;
  before(async () => {
    stack = await new Stack({ autoGrant: false }).start();
    await eventually(() => stack.storedKeys()[0]?.status === 'pending', 5000, 'a pending key');
  });
  after(() => stack.close());

  test('exits 1 with a line for each problem: petition, pending key, webhook, origin, file mode', async () => {
    const closedPort = await freePort();
    const [real] = stack.config.petitions;
    const missing = 999_999;
    chmodSync(keyFilePath(stack.config.dataDir), 0o644);
    try {
      const run = await doctor(stack, {
        ...stack.config,
        allowedOrigins: ['https://www.example.org', 'http://shop.example.org'],
        petitions: [
          { ...real, webhooks: [{ url: `http://127.0.0.1:${closedPort}/hooks`, secret: WEBHOOK_SECRET }] },
          { ...real, id: missing },
        ],
      });
      assert.equal(run.status, 1, run.stdout);
      const id = real!.id;
      const consoleUrl = `${new URL(stack.config.upstream).origin}/admin`;
      assert.equal(line(run, new RegExp(`^fail  petition ${missing}:`)), `fail  petition ${missing}: the service has no petition ${missing}: check its id in the config`);
      assert.match(
        line(run, new RegExp(`petition ${id} key`)),
        new RegExp(`^fail  petition ${id} key: requested .*, not decided yet: the service's operator grants it in the console at ${consoleUrl}, or with \`npx petition-embed service admin grant --db DATABASE ID\``),
      );
      assert.match(line(run, new RegExp(`petition ${missing} key`)), /^warn  petition \d+ key: not requested yet: the proxy requests it when it starts/);
      assert.equal(
        line(run, /^\w+ +webhook /),
        `fail  webhook http://127.0.0.1:${closedPort}/hooks (petition ${id}): unreachable: nothing listens there (connection refused)`,
      );
      assert.match(line(run, /origin http:/), /^warn  origin http:\/\/shop\.example\.org: http:\/\/ on a host that is not this machine/);
      assert.equal(line(run, /dataDir/), 'fail  dataDir: other users may read auth-keys.json (0644): chmod 600 them');
      assert.match(line(run, /credentials/), /^ok/);
      assertNoSecrets(stack, run);
    } finally {
      chmodSync(keyFilePath(stack.config.dataDir), 0o600);
    }
  });

  test('a denied and a revoked key say what the operator can do', async () => {
    const [real] = stack.config.petitions;
    const records = stack.storedKeys();
    const write = (status: string) =>
      writeFileSync(keyFilePath(stack.config.dataDir), JSON.stringify({ keys: records.map((r) => ({ ...r, status })) }), { mode: 0o600 });
    write('denied');
    const denied = await doctor(stack, stack.config);
    write('revoked');
    const revoked = await doctor(stack, stack.config);
    write('pending');
    assert.equal(denied.status, 1);
    assert.match(line(denied, /key:/), new RegExp(`^fail  petition ${real!.id} key: denied by the service's operator: ask them why; they can still grant the same request`));
    assert.equal(revoked.status, 1);
    assert.match(line(revoked, /key:/), /^fail {2}petition \d+ key: revoked .* a new request needs a new source for this petition in the config/);
  });

  test('a service nobody answers for fails at once, and the local checks still run', async () => {
    const closedPort = await freePort();
    const upstream = `http://127.0.0.1:${closedPort}/v1`;
    const run = await doctor(stack, { ...stack.config, upstream });
    assert.equal(run.status, 1, run.stdout);
    assert.equal(line(run, /^fail {2}service/), `fail  service: cannot connect at ${upstream}: is it running, and is upstream right?`);
    assert.ok(!run.lines.some((text) => text.includes('credentials')), run.stdout);
    assert.match(line(run, /^warn {2}petition \d+:/), /not checked at the service \(unreachable\)/);
    assert.match(line(run, /dataDir/), /^ok/);
    assertNoSecrets(stack, run);
  });

  test('a service and a webhook that never answer are given up on after upstreamTimeoutMs', async () => {
    const silent = await silentServer();
    try {
      const run = await doctor(stack, {
        ...stack.config,
        upstream: `http://127.0.0.1:${silent.port}/v1`,
        upstreamTimeoutMs: 300,
        petitions: [{ ...stack.config.petitions[0], webhooks: [{ url: `http://127.0.0.1:${silent.port}/hooks`, secret: WEBHOOK_SECRET }] }],
      });
      assert.equal(run.status, 1, run.stdout);
      assert.match(line(run, /^fail {2}service/), /^fail {2}service: no answer within 300 ms \(upstreamTimeoutMs\) at /);
      assert.match(line(run, /^\w+ +webhook /), /^fail {2}webhook .*: no answer within 300 ms \(upstreamTimeoutMs\)$/);
      assert.ok(run.ms < 8000, `took ${run.ms} ms`);
    } finally {
      await silent.close();
    }
  });

  test('a config that does not load is one fail line per problem', async () => {
    const run = await doctor(stack, {
      ...stack.config,
      allowedOrigins: ['https://www.example.org/petition'],
      operator: { ...stack.config.operator, name: '' },
    });
    assert.equal(run.status, 1, run.stdout);
    assert.deepEqual(run.lines, [
      'fail  config: allowedOrigins[0]: must be an origin like https://www.example.org (no path)',
      'fail  config: operator.name: must not be empty',
    ]);
    assertNoSecrets(stack, run);
  });
});
