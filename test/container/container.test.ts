// `npm run test:container` (not part of `npm test`: it needs a Docker daemon): builds the image
// from the Dockerfile, runs the service and the proxy from it, signs through them, restarts both
// and finds everything still there, and checks what the image promises: a user that is not root,
// private data files, a health check that turns healthy, SIGTERM that drains and exits 0, the
// service on PostgreSQL through DATABASE_URL. Every container uses the host's network and listens
// on 127.0.0.1 only.
//
// Base images: CONTAINER_BUILD_IMAGE and CONTAINER_RUNTIME_IMAGE when set (the official
// node:24-bookworm and node:24-bookworm-slim wherever they can be pulled); otherwise the local
// stand-ins scripts/container/local-base-images.sh makes from Debian's packages.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { freePort } from '../../src/dev/free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startPostgresCluster, stopWithProcess, type PostgresCluster } from '../../support/postgres-cluster.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const IMAGE = 'petition-embed:container-test';
/** The image's user (Dockerfile USER). */
const APP_UID = 10001;
const SITE = 'https://www.example.org';
/** SIGTERM to the end of the process, draining included; docker stop would SIGKILL at 20 s. */
const STOP_WITHIN_MS = 10_000;

const run = `pe-test-${randomBytes(3).toString('hex')}`;
const containers = new Set<string>();
const volumes = new Set<string>();

function docker(args: string[], options: { timeoutMs?: number; env?: Record<string, string>; input?: string } = {}): string {
  return execFileSync('docker', args, {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    env: { ...process.env, ...options.env },
    input: options.input,
    stdio: ['pipe', 'pipe', 'pipe'],
  }).trim();
}

/** What a container wrote, stdout and stderr. */
function logs(container: string): string {
  const result = spawnSync('docker', ['logs', container], { encoding: 'utf8', timeout: 30_000 });
  return `${result.stdout}${result.stderr}`;
}

function inspect<T>(what: string, format: string): T {
  return JSON.parse(docker(['inspect', '--format', `{{json ${format}}}`, what])) as T;
}

class Stopped extends Error {}

async function eventually<T>(what: string, probe: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (ok(last)) return last;
    } catch (error) {
      if (error instanceof Stopped) throw error;
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(last) ?? String(lastError)})`);
}

function volume(name: string): string {
  const full = `${run}-${name}`;
  docker(['volume', 'create', full]);
  volumes.add(full);
  return full;
}

/** The folder of a named volume on this machine (the test runs as root, beside the daemon). */
function volumeFolder(name: string): string {
  return inspect<string>(name, '.Mountpoint');
}

/** A one-off command from the image (an admin command), its stdout. */
function once(args: string[], mounts: string[], env: Record<string, string> = {}): string {
  const envFlags = Object.keys(env).flatMap((name) => ['-e', name]);
  return docker(['run', '--rm', '--network', 'host', ...mounts.flatMap((m) => ['-v', m]), ...envFlags, IMAGE, ...args], { env, timeoutMs: 60_000 });
}

/**
 * A server from the image, detached, health-checked every second (the image's own check,
 * sooner). Secrets pass by name (-e NAME): their values stay off docker's command line.
 */
function start(name: string, args: string[], mounts: string[], env: Record<string, string> = {}): string {
  const full = `${run}-${name}`;
  const envFlags = Object.keys(env).flatMap((key) => ['-e', key]);
  docker(['run', '-d', '--name', full, '--network', 'host', '--health-interval', '1s', '--health-start-period', '30s',
    ...mounts.flatMap((m) => ['-v', m]), ...envFlags, IMAGE, ...args], { env });
  containers.add(full);
  return full;
}

async function healthy(container: string): Promise<void> {
  await eventually(`${container} healthy`, () => {
    const state = inspect<{ Running: boolean; Health?: { Status: string } }>(container, '.State');
    if (!state.Running) throw new Stopped(`${container} stopped: ${logs(container)}`);
    return state.Health?.Status;
  }, (status) => status === 'healthy', 60_000);
}

/** docker stop (SIGTERM to PID 1): how long the container took to end, and its exit code. */
function stop(container: string): { ms: number; exitCode: number } {
  const started = Date.now();
  docker(['stop', '--time', '20', container], { timeoutMs: 30_000 });
  return { ms: Date.now() - started, exitCode: inspect<number>(container, '.State.ExitCode') };
}

function mode(path: string): number {
  return statSync(path).mode & 0o777;
}

async function json(url: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

let signerNumber = 0;
function signer() {
  signerNumber++;
  return {
    first_name: 'Ada',
    last_name: `Container${signerNumber}`,
    email: `ada.container.${signerNumber}.${Date.now()}@example.net`,
    address: `${signerNumber} Harbour Lane`,
    city: 'Springfield',
    state_province: 'IL',
    postal_code: '62701',
    country_code: 'US',
  };
}

describe('the container image', { timeout: 15 * 60_000 }, () => {
  const configDir = mkdtempSync(join(tmpdir(), 'petition-embed-container-'));
  // Mounted read-only at /config: readable by the image's user (mkdtemp made it root's alone).
  chmodSync(configDir, 0o755);
  let cluster: PostgresCluster | undefined;
  let consumer: { api_key: string; secret: string };
  let petitionId: number;
  let serviceData: string;
  let proxyData: string;
  let service: string;
  let proxy: string;
  let servicePort: number;
  let proxyPort: number;

  before(() => {
    try {
      docker(['info', '--format', '{{.ServerVersion}}'], { timeoutMs: 10_000 });
    } catch {
      throw new Error('no Docker daemon answers: start one (README.md "Running it in containers")');
    }
    let buildImage = process.env['CONTAINER_BUILD_IMAGE'];
    let runtimeImage = process.env['CONTAINER_RUNTIME_IMAGE'];
    if (!buildImage || !runtimeImage) {
      const made = execFileSync(join(ROOT, 'scripts/container/local-base-images.sh'), { encoding: 'utf8', timeout: 10 * 60_000, stdio: ['ignore', 'pipe', 'inherit'] });
      buildImage = /^BUILD_IMAGE=(.+)$/m.exec(made)![1]!;
      runtimeImage = /^RUNTIME_IMAGE=(.+)$/m.exec(made)![1]!;
    }
    const started = Date.now();
    docker(['build', '--network', 'host', '--build-arg', `BUILD_IMAGE=${buildImage}`, '--build-arg', `RUNTIME_IMAGE=${runtimeImage}`, '-t', IMAGE, '.'], {
      env: { DOCKER_BUILDKIT: '0' },
      timeoutMs: 15 * 60_000,
    });
    console.log(`image built in ${((Date.now() - started) / 1000).toFixed(0)} s from ${buildImage} and ${runtimeImage}`);
  });

  after(async () => {
    for (const container of containers) {
      try {
        docker(['rm', '--force', '--volumes', container], { timeoutMs: 30_000 });
      } catch {
        // never started, or already gone
      }
    }
    for (const name of volumes) {
      try {
        docker(['volume', 'rm', '--force', name], { timeoutMs: 30_000 });
      } catch {
        // already gone
      }
    }
    rmSync(configDir, { recursive: true, force: true });
    await cluster?.stop();
  });

  test('runs as a numeric user that is not root, holds no secret, and says how big it is', () => {
    const config = inspect<{ User: string; Env: string[] }>(IMAGE, '.Config');
    assert.equal(config.User, `${APP_UID}:${APP_UID}`);
    assert.ok(!config.Env.some((entry) => /^PETITION_API_(KEY|SECRET)=/.test(entry)), config.Env.join(' '));
    const megabytes = inspect<number>(IMAGE, '.Size') / 1e6;
    console.log(`image size: ${megabytes.toFixed(0)} MB`);
    assert.ok(megabytes < 1000, `${megabytes} MB`);
  });

  test('the admin commands run from the image on the service volume', () => {
    serviceData = volume('service-data');
    consumer = JSON.parse(once(['service', 'admin', 'create-consumer', '--name', 'Container test site'], [`${serviceData}:/data`]));
    assert.match(consumer.api_key, /^pk_/);
    ({ petition_id: petitionId } = JSON.parse(once(['service', 'admin', 'create-petition', '--title', 'Keep the harbour open'], [`${serviceData}:/data`])));
    assert.equal(petitionId, 1);
  });

  test('the service and the proxy start from it and turn healthy', async () => {
    servicePort = await freePort();
    proxyPort = await freePort();
    service = start('service', ['service', '--host', '127.0.0.1', '--port', String(servicePort), '--auto-grant', '--allow-private-callbacks'], [`${serviceData}:/data`]);

    proxyData = volume('proxy-data');
    // No secret in the file: they come from the environment (PETITION_API_KEY, PETITION_API_SECRET).
    writeFileSync(join(configDir, 'proxy.config.json'), JSON.stringify({
      upstream: `http://127.0.0.1:${servicePort}/v1`,
      publicUrl: `http://127.0.0.1:${proxyPort}`,
      allowedOrigins: [SITE],
      petitions: [{ id: petitionId, source: `${SITE}/harbour`, sourceDescription: 'campaign website', requesterEmail: 'team@example.org', proofOfWork: 0 }],
      operator: { name: 'Container test', termsUrl: `${SITE}/terms`, privacyUrl: `${SITE}/privacy` },
      dataDir: '/data/proxy',
    }), { mode: 0o644 });
    proxy = start('proxy', ['proxy', '--host', '127.0.0.1', '--port', String(proxyPort), '--config', '/config/proxy.config.json'],
      [`${proxyData}:/data`, `${configDir}:/config:ro`], { PETITION_API_KEY: consumer.api_key, PETITION_API_SECRET: consumer.secret });

    await Promise.all([healthy(service), healthy(proxy)]);
  });

  test('PID 1 of each is the server, as the image user, not root', () => {
    for (const container of [service, proxy]) {
      const pid = inspect<number>(container, '.State.Pid');
      assert.match(readFileSync(`/proc/${pid}/cmdline`, 'utf8'), /^node\0\/app\/bin\/petition-embed\.js\0/);
      const uids = /^Uid:\s+(.+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]!.split(/\s+/).map(Number);
      assert.deepEqual(uids, [APP_UID, APP_UID, APP_UID, APP_UID], container);
    }
  });

  const signaturesAtService = async () =>
    (await json(`http://127.0.0.1:${servicePort}/v1/petitions/${petitionId}?api_key=${consumer.api_key}`)).body['signature_count'];

  const sign = () =>
    json(`http://127.0.0.1:${proxyPort}/api/petitions/${petitionId}/signatures`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE },
      body: JSON.stringify(signer()),
    });

  /** The proxy's keys, as `proxy keys` prints them from inside its container. */
  const keys = (): { status: string; updated_at?: string }[] =>
    JSON.parse(docker(['exec', proxy, 'node', '/app/bin/petition-embed.js', 'proxy', 'keys', '--config', '/config/proxy.config.json']));

  test('a signature through the proxy reaches the service', async () => {
    // Healthy is not yet signing: the key request and the service's callback come first. The
    // proxy may have asked before the service listened: it asks again after 30 s.
    await eventually('the proxy’s key granted', keys, (list) => list[0]?.status === 'granted', 90_000);
    assert.equal((await sign()).status, 202);
    await eventually('the signature at the service', signaturesAtService, (count) => count === 1);
  });

  test('the demo page runs from the image too, its elements loaded from the proxy', async () => {
    const port = await freePort();
    const demo = start('demo', ['dev', 'site', '--host', '127.0.0.1', '--port', String(port), '--proxy', `http://127.0.0.1:${proxyPort}`, '--petition', String(petitionId)], []);
    await healthy(demo);
    const page = await (await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(10_000) })).text();
    assert.ok(page.includes(`<script type="module" src="http://127.0.0.1:${proxyPort}/petition-embed.js">`), page.slice(0, 500));
    assert.ok(page.includes(`<petition-sign petition-id="${petitionId}">`));
    const script = await fetch(`http://127.0.0.1:${proxyPort}/petition-embed.js`, { signal: AbortSignal.timeout(10_000) });
    assert.equal(script.status, 200);
    assert.equal(stop(demo).exitCode, 0);
  });

  test('the data is private: folders 0700, files 0600, all the image user’s', () => {
    for (const folder of [volumeFolder(serviceData), volumeFolder(proxyData), join(volumeFolder(proxyData), 'proxy')]) {
      assert.equal(mode(folder), 0o700, folder);
      assert.equal(statSync(folder).uid, APP_UID, folder);
      const files = readdirSync(folder);
      assert.ok(files.length > 0, folder);
      for (const file of files.filter((name) => name !== 'proxy')) {
        assert.equal(mode(join(folder, file)), 0o600, join(folder, file));
        assert.equal(statSync(join(folder, file)).uid, APP_UID, join(folder, file));
      }
    }
    assert.ok(readdirSync(volumeFolder(serviceData)).includes('service.db'));
    assert.ok(readdirSync(join(volumeFolder(proxyData), 'proxy')).includes('auth-keys.json'));
  });

  test('SIGTERM drains and exits 0 at once; restarted, the signatures and the proxy’s key are still there', async () => {
    const keysBefore = keys();
    assert.equal(keysBefore[0]?.status, 'granted');

    for (const container of [proxy, service]) {
      const stopped = stop(container);
      assert.equal(stopped.exitCode, 0, `${container}: ${logs(container)}`);
      assert.ok(stopped.ms < STOP_WITHIN_MS, `${container} took ${stopped.ms} ms to stop`);
    }
    docker(['start', service]);
    docker(['start', proxy]);
    await Promise.all([healthy(service), healthy(proxy)]);

    assert.equal(await signaturesAtService(), 1);
    assert.deepEqual(keys(), keysBefore);
    assert.equal((await sign()).status, 202);
    await eventually('the second signature at the service', signaturesAtService, (count) => count === 2);
    // One key request in all: the restarted proxy signed with the key it kept.
    assert.equal(JSON.parse(once(['service', 'admin', 'auth-keys'], [`${serviceData}:/data`])).length, 1);
  });

  test('no secret in any log line of either container', () => {
    for (const container of [service, proxy]) {
      const written = logs(container);
      assert.ok(written.length > 0, container);
      for (const secret of [consumer.secret, consumer.api_key]) assert.ok(!written.includes(secret), `${container} logged a secret`);
    }
  });

  test('the service runs on PostgreSQL through DATABASE_URL, and stops on SIGTERM with 0', async () => {
    cluster = stopWithProcess(await startPostgresCluster());
    const env = { DATABASE_URL: await cluster.createDatabase('petitions') };
    const made = JSON.parse(once(['service', 'admin', 'create-consumer', '--name', 'On PostgreSQL'], [], env));
    const { petition_id: id } = JSON.parse(once(['service', 'admin', 'create-petition', '--title', 'Stored in PostgreSQL'], [], env));
    const port = await freePort();
    const onPostgres = start('service-pg', ['service', '--host', '127.0.0.1', '--port', String(port)], [], env);
    await healthy(onPostgres);
    const petition = await json(`http://127.0.0.1:${port}/v1/petitions/${id}?api_key=${made.api_key}`);
    assert.equal(petition.status, 200);
    assert.equal(petition.body['title'], 'Stored in PostgreSQL');
    const stopped = stop(onPostgres);
    assert.equal(stopped.exitCode, 0, logs(onPostgres));
    assert.ok(stopped.ms < STOP_WITHIN_MS, `took ${stopped.ms} ms to stop`);
  });
});
