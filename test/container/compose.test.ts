// compose.yaml as README.md "docker compose up" runs it (part of `npm run test:container`): the
// one-time set-up through `run --rm petition-service service admin …`, then `up`, the demo page,
// a signature through the proxy into the service on PostgreSQL. This machine can neither pull
// images nor use bridge networks, so the test runs a variant of compose.yaml made here: every
// container on the host's network listening on 127.0.0.1 (published ports dropped, the service
// names the containers used for each other replaced by 127.0.0.1), built from the local base
// images of scripts/container/local-base-images.sh. Everything else is compose.yaml's own:
// commands, environment, dependencies and health checks. It needs compose.yaml's ports
// (4010, 4020, 8080 and PostgreSQL's 5432) free on 127.0.0.1.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { parse, stringify } from 'yaml';
import { PROOF_FIELD, type Challenge } from '../../src/shared/proof.js';
import { solve } from '../proxy/proof/solve.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const PROJECT = `pe-compose-test-${process.pid}`;
const PORTS = [4010, 4020, 8080, 5432];
const DEMO = 'http://localhost:8080';

interface ComposeService {
  image?: string;
  build?: string | Record<string, unknown>;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  network_mode?: string;
}

/** `docker compose` where the plugin is installed, else the standalone `docker-compose`. */
function composeCommand(): string[] {
  if (spawnSync('docker', ['compose', 'version'], { timeout: 10_000 }).status === 0) return ['docker', 'compose'];
  if (spawnSync('docker-compose', ['version'], { timeout: 10_000 }).status === 0) return ['docker-compose'];
  throw new Error('neither `docker compose` nor `docker-compose` runs here (Debian: apt-get install docker-compose)');
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function eventually<T>(what: string, probe: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (ok(value)) return value;
      last = value;
    } catch (error) {
      last = error instanceof Error ? error.message : error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(last)})`);
}

/** compose.yaml with every container on the host's network, on loopback, from local base images. */
function hostVariant(dir: string, images: Record<string, string>): string {
  const compose = parse(readFileSync(join(ROOT, 'compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
  const loopback = (text: string) =>
    text.replace('0.0.0.0', '127.0.0.1').replace('@postgres:', '@127.0.0.1:').replace('//petition-service:', '//127.0.0.1:').replace('//proxy:', '//127.0.0.1:');
  const proxyConfig = join(dir, 'proxy.config.json');
  writeFileSync(proxyConfig, loopback(loopback(readFileSync(join(ROOT, 'compose/proxy.config.json'), 'utf8'))));
  chmodSync(proxyConfig, 0o644);
  chmodSync(dir, 0o755);
  for (const [name, service] of Object.entries(compose.services)) {
    delete service.ports;
    service.network_mode = 'host';
    if (service.command) service.command = service.command.map(loopback);
    for (const key of Object.keys(service.environment ?? {})) service.environment![key] = loopback(service.environment![key]!);
    if (service.build) {
      service.build = { context: ROOT, network: 'host', args: { BUILD_IMAGE: images['BUILD_IMAGE']!, RUNTIME_IMAGE: images['RUNTIME_IMAGE']! } };
    }
    service.volumes = service.volumes?.map((volume) => (volume.startsWith('./compose/proxy.config.json:') ? volume.replace('./compose/proxy.config.json', proxyConfig) : volume));
    if (name === 'postgres') {
      service.image = images['POSTGRES_IMAGE']!;
      service.environment = { ...service.environment, POSTGRES_LISTEN: '127.0.0.1' };
    }
  }
  const file = join(dir, 'compose.host.yaml');
  writeFileSync(file, stringify(compose));
  return file;
}

describe('docker compose up (compose.yaml)', { timeout: 15 * 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'petition-embed-compose-'));
  let compose: (args: string[], env?: Record<string, string>) => string;

  before(async () => {
    for (const port of PORTS) assert.ok(await portIsFree(port), `port ${port} on 127.0.0.1 is taken: compose.yaml needs it`);
    const made = execFileSync(join(ROOT, 'scripts/container/local-base-images.sh'), { encoding: 'utf8', timeout: 10 * 60_000, stdio: ['ignore', 'pipe', 'inherit'] });
    const images = Object.fromEntries([...made.matchAll(/^(\w+)=(.+)$/gm)].map((match) => [match[1]!, match[2]!]));
    const file = hostVariant(dir, images);
    const [command, ...base] = composeCommand();
    compose = (args, env = {}) =>
      execFileSync(command!, [...base, '--project-name', PROJECT, '--project-directory', ROOT, '--file', file, ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 10 * 60_000,
        // The classic builder: there is no buildx here.
        env: { ...process.env, DOCKER_BUILDKIT: '0', COMPOSE_DOCKER_CLI_BUILD: '0', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      }).trim();
    compose(['build']);
  });

  after(() => {
    try {
      compose?.(['down', '--volumes', '--remove-orphans', '--timeout', '20']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  let consumer: { api_key: string; secret: string };

  test('the one-time set-up: an API consumer and the petition, through the admin commands', () => {
    consumer = JSON.parse(compose(['run', '--rm', 'petition-service', 'service', 'admin', 'create-consumer', '--name', 'Demo site']));
    assert.match(consumer.api_key, /^pk_/);
    const petition = JSON.parse(compose(['run', '--rm', 'petition-service', 'service', 'admin', 'create-petition', '--title', 'Save the Riverside Park']));
    assert.deepEqual(petition, { petition_id: 1 });
  });

  test('up: every container turns healthy, the demo page loads the elements from the proxy, a signature reaches the service', async () => {
    const env = { PETITION_API_KEY: consumer.api_key, PETITION_API_SECRET: consumer.secret };
    compose(['up', '--detach'], env);
    const ids = compose(['ps', '--quiet']).split('\n').filter(Boolean);
    assert.equal(ids.length, 4, 'postgres, petition-service, proxy, demo');
    await eventually('every container healthy', () => ids.map((id) => execFileSync('docker', ['inspect', '--format', '{{.State.Health.Status}}', id], { encoding: 'utf8' }).trim()),
      (statuses) => statuses.every((status) => status === 'healthy'), 120_000);

    const page = await (await fetch(`${DEMO}/`, { signal: AbortSignal.timeout(10_000) })).text();
    assert.ok(page.includes('<script type="module" src="http://localhost:4020/petition-embed.js">'));
    assert.ok(page.includes('<petition-sign petition-id="1">'));

    // As the page's <petition-sign> does: a challenge, its proof of work, then the signature,
    // until the proxy's key is granted (503 until then).
    const sign = async () => {
      const challenge = await fetch('http://localhost:4020/api/petitions/1/challenge', { headers: { Origin: DEMO }, signal: AbortSignal.timeout(10_000) });
      const proof = await solve((await challenge.json()) as Challenge);
      const answer = await fetch('http://localhost:4020/api/petitions/1/signatures', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: DEMO },
        body: JSON.stringify({ first_name: 'Grace', last_name: 'Compose', email: `grace.${Date.now()}@example.net`, address: '1 Harbour Lane', city: 'Springfield', state_province: 'IL', postal_code: '62701', country_code: 'US', [PROOF_FIELD]: proof }),
        signal: AbortSignal.timeout(10_000),
      });
      return { status: answer.status, body: await answer.text() };
    };
    await eventually('a signature accepted by the proxy', sign, (answer) => answer.status === 202, 90_000);
    const count = async () =>
      ((await (await fetch(`http://localhost:4010/v1/petitions/1?api_key=${consumer.api_key}`, { signal: AbortSignal.timeout(10_000) })).json()) as { signature_count: number }).signature_count;
    await eventually('the signature at the service', count, (n) => n === 1, 30_000);
  });
});
