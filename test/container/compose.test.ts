// compose.yaml as README.md "docker compose up" runs it (part of `npm run test:container`): a
// fresh project's `up` alone (its `setup` container makes the demo's consumer and petition and
// the proxy's configuration), the demo page, a signature through the proxy into the service on
// PostgreSQL; then `down` and `up` again: still one consumer and one petition, the same key at
// the proxy, the signature kept; the configuration 0600 in its volume, and neither the key nor
// the secret in any container's log. This machine can neither pull
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
/** Every service but the one-shot `setup`, which exits once done. */
const SERVERS = ['postgres', 'petition-service', 'proxy', 'demo'];

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
  let compose: (args: string[]) => string;

  before(async () => {
    for (const port of PORTS) assert.ok(await portIsFree(port), `port ${port} on 127.0.0.1 is taken: compose.yaml needs it`);
    const made = execFileSync(join(ROOT, 'scripts/container/local-base-images.sh'), { encoding: 'utf8', timeout: 10 * 60_000, stdio: ['ignore', 'pipe', 'inherit'] });
    const images = Object.fromEntries([...made.matchAll(/^(\w+)=(.+)$/gm)].map((match) => [match[1]!, match[2]!]));
    const file = hostVariant(dir, images);
    const [command, ...base] = composeCommand();
    compose = (args) =>
      execFileSync(command!, [...base, '--project-name', PROJECT, '--project-directory', ROOT, '--file', file, ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 10 * 60_000,
        // The classic builder: there is no buildx here. No PETITION_API_KEY/SECRET from the
        // caller's shell: the set-up's credentials are under test.
        env: { ...process.env, PETITION_API_KEY: '', PETITION_API_SECRET: '', DOCKER_BUILDKIT: '0', COMPOSE_DOCKER_CLI_BUILD: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }).trim();
    compose(['build']);
  });

  /**
   * The image's VOLUME /data gives the containers that mount nothing there an anonymous volume,
   * which `down --volumes` removes only for the containers it removes: those of the first `up`
   * are remembered before its `down`, and removed at the end.
   */
  const anonymousVolumes = new Set<string>();
  const rememberAnonymousVolumes = () => {
    for (const id of compose(['ps', '--quiet']).split('\n').filter(Boolean)) {
      for (const name of inspect(id, '{{range .Mounts}}{{.Name}} {{end}}').split(' ')) if (/^[0-9a-f]{64}$/.test(name)) anonymousVolumes.add(name);
    }
  };

  after(() => {
    try {
      compose?.(['down', '--volumes', '--remove-orphans', '--timeout', '20']);
      if (anonymousVolumes.size > 0) spawnSync('docker', ['volume', 'rm', ...anonymousVolumes], { stdio: 'ignore' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const containerOf = (service: string) => compose(['ps', '--quiet', service]).split('\n').filter(Boolean);
  const inspect = (id: string, format: string) => execFileSync('docker', ['inspect', '--format', format, id], { encoding: 'utf8' }).trim();

  /** `up` alone, as a newcomer types it; then every server healthy and the set-up done. */
  async function up(): Promise<void> {
    compose(['up', '--detach']);
    const ids = SERVERS.map((service) => {
      const found = containerOf(service);
      assert.equal(found.length, 1, `one ${service} container`);
      return found[0]!;
    });
    await eventually('every server healthy', () => ids.map((id) => inspect(id, '{{.State.Health.Status}}')), (statuses) => statuses.every((status) => status === 'healthy'), 120_000);
    const setup = containerOf('setup');
    assert.equal(setup.length, 1);
    assert.equal(inspect(setup[0]!, '{{.State.Status}} {{.State.ExitCode}}'), 'exited 0', 'the set-up ran to its end before the proxy started');
  }

  /** The proxy's configuration as setup wrote it into the proxy-data volume, with its mode and owner. */
  function proxyConfigFile(): { mode: number; uid: number; config: { apiKey: string; secret: string } } {
    const volume = execFileSync('docker', ['volume', 'ls', '--quiet', '--filter', `label=com.docker.compose.project=${PROJECT}`, '--filter', 'label=com.docker.compose.volume=proxy-data'], { encoding: 'utf8' }).trim();
    assert.ok(volume && !volume.includes('\n'), `the project's proxy-data volume: ${volume}`);
    const read = "const fs = require('node:fs'); const { mode, uid } = fs.statSync('/data/proxy.config.json'); " +
      "process.stdout.write(JSON.stringify({ mode: mode & 0o777, uid, config: JSON.parse(fs.readFileSync('/data/proxy.config.json', 'utf8')) }))";
    return JSON.parse(execFileSync('docker', ['run', '--rm', '--network', 'none', '--volume', `${volume}:/data:ro`, '--entrypoint', 'node', 'petition-embed:local', '-e', read], { encoding: 'utf8' }));
  }

  /** Rows in the service's database, counted by PostgreSQL's own client in its container. */
  const rows = (table: 'consumers' | 'petitions') => Number(compose(['exec', '-T', 'postgres', 'psql', '--username', 'petitions', '--dbname', 'petitions', '--tuples-only', '--no-align', '--command', `SELECT count(*) FROM ${table}`]));

  const signatureCount = async (apiKey: string) =>
    ((await (await fetch(`http://localhost:4010/v1/petitions/1?api_key=${apiKey}`, { signal: AbortSignal.timeout(10_000) })).json()) as { signature_count: number }).signature_count;

  function assertNoCredentialInLogs(config: { apiKey: string; secret: string }): void {
    const logs = compose(['logs', '--no-color']);
    assert.ok(logs.includes('compose-setup:'), 'the logs of every container, the set-up\'s among them');
    assert.ok(!logs.includes(config.apiKey), 'the API key is in no container\'s log');
    assert.ok(!logs.includes(config.secret), 'the API secret is in no container\'s log');
  }

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
  /** The proxy's key for the demo petition as `proxy keys` shows it (its status, never the key). */
  const proxyKey = () =>
    (JSON.parse(compose(['exec', '-T', 'proxy', 'node', '/app/bin/petition-embed.js', 'proxy', 'keys', '--config', '/data/proxy.config.json'])) as Array<{ status: string; updated_at?: number }>)[0];

  let first: ReturnType<typeof proxyConfigFile>;
  let key: ReturnType<typeof proxyKey>;

  test('up on a fresh project: every container turns healthy, the demo page loads the elements from the proxy, a signature reaches the service', async () => {
    await up();
    first = proxyConfigFile();
    assert.equal(first.mode, 0o600, 'the key and secret are readable by their owner only');
    assert.equal(first.uid, 10001, "the image's user owns it");
    assert.match(first.config.apiKey, /^pk_/);
    assert.match(compose(['logs', '--no-color', 'setup']), /consumer "petition-embed compose demo" created, petition 1 created/);

    const page = await (await fetch(`${DEMO}/`, { signal: AbortSignal.timeout(10_000) })).text();
    assert.ok(page.includes('<script type="module" src="http://localhost:4020/petition-embed.js">'));
    assert.ok(page.includes('<petition-sign petition-id="1">'));

    await eventually('a signature accepted by the proxy', sign, (answer) => answer.status === 202, 90_000);
    await eventually('the signature at the service', () => signatureCount(first.config.apiKey), (n) => n === 1, 30_000);
    assert.equal(rows('consumers'), 1);
    assert.equal(rows('petitions'), 1);
    key = proxyKey();
    assert.equal(key?.status, 'granted');
    assertNoCredentialInLogs(first.config);
  });

  test('down and up again: the set-up finds its consumer and petition, the proxy keeps its key, the signature is kept', async () => {
    assert.ok(first, 'needs the first up');
    rememberAnonymousVolumes();
    assert.deepEqual([...anonymousVolumes], [], 'a container has an anonymous volume, which down leaves behind: name it in compose.yaml');
    compose(['down', '--timeout', '20']);
    await up();
    assert.match(compose(['logs', '--no-color', 'setup']), /consumer "petition-embed compose demo" found, petition 1 found/);
    const again = proxyConfigFile();
    assert.deepEqual(again, first, 'the same key and secret, still 0600');
    assert.equal(rows('consumers'), 1);
    assert.equal(rows('petitions'), 1);
    assert.equal(await signatureCount(again.config.apiKey), 1);
    // The key granted on the first up, not asked for again, and it still signs.
    assert.deepEqual(proxyKey(), key);
    await eventually('a second signature accepted by the proxy', sign, (answer) => answer.status === 202, 30_000);
    await eventually('both signatures at the service', () => signatureCount(again.config.apiKey), (n) => n === 2, 30_000);
    assertNoCredentialInLogs(again.config);
  });
});
