// The proof of work's benchmark (docs/benchmarks.md "Proof of work"), in one run against a real
// service and proxy on 127.0.0.1 (child processes, bench/proxy/processes.ts):
//   browser: how long the element's solver (src/components/petition-sign/proof-solver.ts, built
//            by Vite as the chunk is) takes for the proxy's challenges at the default difficulty
//            in headless Chromium, and the longest main-thread task while it works;
//   script:  what 1,000 accepted signatures cost a script without the proof (a petition with
//            proofOfWork 0) and with it (the default), the script solving in Node as fast as
//            Node allows (solveInNode); in alternating batches, so the machine's noise hits both.
// Usage: npm run bench:pow [-- --challenges 21 --signatures 1000 --batch 100]
// (runs compiled code for the service: `npx tsc -p tsconfig.server.json` first.)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'vite';
import { freePort } from '../../src/dev/free-port.js';
import { PROOF_OF_WORK_DEFAULT } from '../../src/proxy/config/config.js';
import { openAdmin } from '../../src/service/admin.js';
import type { Challenge, Proof } from '../../src/shared/proof.js';
import { launchChromium } from '../../support/chromium.js';
import { SaltedSha256 } from '../../src/components/petition-sign/sha256.js';
import { median } from '../median.js';
import { loadAverage } from '../proc-stat.js';
import { startServer, stopAll } from '../proxy/processes.js';

const { values } = parseArgs({
  options: {
    challenges: { type: 'string', default: '21' },
    signatures: { type: 'string', default: '1000' },
    batch: { type: 'string', default: '100' },
    difficulty: { type: 'string', default: String(PROOF_OF_WORK_DEFAULT) },
  },
});
const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'pow-bench-'));
const difficulty = Number(values.difficulty);

/** The solver as the chunk ships it: built by Vite, minified, one ES module. */
async function buildSolver(): Promise<string> {
  const outDir = join(dir, 'solver');
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      target: 'es2022',
      minify: true,
      lib: { entry: join(root, 'src/components/petition-sign/proof-solver.ts'), formats: ['es'], fileName: () => 'solver.js' },
    },
  });
  return readFileSync(join(outDir, readdirSync(outDir).find((name) => name.endsWith('.js'))!), 'utf8');
}

/** A page on 127.0.0.1 (a secure context, as an https campaign site is) serving the solver. */
async function solverPage(solver: string): Promise<{ url: string; close(): void }> {
  const server = createServer((request, response) => {
    if (request.url === '/solver.js') return response.writeHead(200, { 'content-type': 'text/javascript' }).end(solver);
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>solver</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/**
 * What a script does: every number from 0, one SHA-256 each, until the challenge's hash. With the
 * element's own hasher, which makes no garbage: in Node it tries about 1.6 times as many numbers a
 * second as node:crypto's createHash, whose objects cost more than the hash of so short a message.
 */
function solveInNode(challenge: Challenge): Proof {
  const hasher = new SaltedSha256(challenge.salt);
  const target = Buffer.from(challenge.challenge, 'hex');
  const words = Array.from({ length: 8 }, (_, i) => target.readUInt32BE(i * 4));
  for (let n = 0; n <= challenge.maxnumber; n++) {
    const hash = hasher.of(n);
    if (hash.every((word, i) => word === words[i])) {
      const { algorithm, salt, signature } = challenge;
      return { algorithm, challenge: challenge.challenge, number: n, salt, signature };
    }
  }
  throw new Error('unsolvable challenge');
}

let signerNumber = 0;
function signer() {
  signerNumber++;
  return {
    first_name: 'Bench',
    last_name: `Signer ${signerNumber}`,
    email: `bench.${signerNumber}.${process.pid}@example.net`,
    address: `${signerNumber} Bench Street`,
    city: 'Springfield',
    state_province: 'IL',
    postal_code: '62701',
    country_code: 'US',
  };
}

async function sign(proxyUrl: string, petitionId: number, proof?: Proof): Promise<void> {
  const response = await fetch(`${proxyUrl}/api/petitions/${petitionId}/signatures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(proof ? { ...signer(), proof } : signer()),
  });
  if (response.status !== 202) throw new Error(`signature refused: ${response.status} ${await response.text()}`);
}

const getChallenge = async (proxyUrl: string, petitionId: number) =>
  (await (await fetch(`${proxyUrl}/api/petitions/${petitionId}/challenge`)).json()) as Challenge;

async function main(): Promise<Record<string, unknown>> {
  const loadAtStart = loadAverage();
  const dbPath = join(dir, 'service.sqlite');
  const admin = await openAdmin(dbPath);
  const credentials = await admin.createConsumer('proof-of-work benchmark');
  const { petition_id: guarded } = await admin.createPetition('Guarded by the proof of work');
  const { petition_id: open } = await admin.createPetition('Without the proof of work');
  await admin.close();
  const service = await startServer(
    ['bin/petition-embed.js', 'service', '--port', String(await freePort()), '--db', dbPath, '--auto-grant', '--allow-private-callbacks', '--rate-limit', '100000000'],
    /(http:\/\/[\d.]+:\d+\/v1)/,
  );
  const proxyPort = await freePort();
  const configPath = join(dir, 'proxy.config.json');
  const petition = (id: number, proofOfWork: number) => ({ id, source: `https://bench.example/${id}`, sourceDescription: 'benchmark', requesterEmail: 'bench@example.org', proofOfWork });
  writeFileSync(
    configPath,
    JSON.stringify({
      upstream: service.url,
      apiKey: credentials.api_key,
      secret: credentials.secret,
      publicUrl: `http://127.0.0.1:${proxyPort}`,
      petitions: [petition(guarded, difficulty), petition(open, 0)],
      operator: { name: 'Bench', termsUrl: 'https://bench.example/terms', privacyUrl: 'https://bench.example/privacy' },
      dataDir: join(dir, 'proxy-data'),
      rateLimit: { signaturesPerIpPerMinute: 100_000_000, challengesPerIpPerMinute: 100_000_000 },
    }),
  );
  const proxy = await startServer(['--import', 'tsx', 'bench/proxy/proxy-child.ts', configPath], /ready (http:\/\/\S+)/);

  // The browser: the proxy's challenges, solved by the element's solver in headless Chromium.
  const page = await solverPage(await buildSolver());
  const browser = await launchChromium();
  const solveTimes: number[] = [];
  const longestTasks: number[] = [];
  try {
    const tab = await browser.newPage();
    await tab.goto(page.url);
    for (let i = 0; i < Number(values.challenges) + 1; i++) {
      const challenge = await getChallenge(proxy.url, guarded);
      const measured = await tab.evaluate(`(async () => {
        const { solveChallenge } = await import('/solver.js');
        const tasks = [];
        const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((entry) => entry.duration)));
        observer.observe({ type: 'longtask' });
        const started = performance.now();
        const proof = await solveChallenge(${JSON.stringify(challenge)});
        const ms = performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 20));
        observer.disconnect();
        if (!proof) throw new Error('unsolved');
        return { ms, longest: Math.max(0, ...tasks) };
      })()`) as { ms: number; longest: number };
      // The first round warms the page up (module load, JIT), not counted.
      if (i === 0) continue;
      solveTimes.push(measured.ms);
      longestTasks.push(measured.longest);
    }
  } finally {
    await browser.close();
    page.close();
  }

  // The script: alternating batches of signatures without and with the proof.
  const total = Number(values.signatures);
  const batch = Number(values.batch);
  const perSignature = { without: [] as number[], with: [] as number[] };
  const cpu = { without: 0, with: 0 };
  const wall = { without: 0, with: 0 };
  for (let i = 0; i < 20; i++) await sign(proxy.url, open); // warm-up, not counted
  for (let done = 0; done < total; done += batch) {
    for (const side of done % (2 * batch) === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const)) {
      const cpuBefore = process.cpuUsage();
      const wallBefore = performance.now();
      for (let n = 0; n < Math.min(batch, total - done); n++) {
        const started = performance.now();
        if (side === 'with') await sign(proxy.url, guarded, solveInNode(await getChallenge(proxy.url, guarded)));
        else await sign(proxy.url, open);
        perSignature[side].push(performance.now() - started);
      }
      wall[side] += performance.now() - wallBefore;
      const used = process.cpuUsage(cpuBefore);
      cpu[side] += (used.user + used.system) / 1000;
    }
  }
  await proxy.stop();
  await service.stop();

  const ms = (value: number) => Math.round(value * 10) / 10;
  return {
    difficulty,
    load_average_at_start: loadAtStart,
    browser: {
      challenges: solveTimes.length,
      median_ms: ms(median(solveTimes)),
      max_ms: ms(Math.max(...solveTimes)),
      longest_task_ms: ms(Math.max(...longestTasks)),
      median_longest_task_ms: ms(median(longestTasks)),
      // A task over 50 ms in a solve: on a machine busy with other work, its other processes can
      // stretch an 8 ms slice; how often that happened is the figure to read beside the longest.
      solves_with_a_long_task: longestTasks.filter((duration) => duration >= 50).length,
    },
    script: {
      signatures_each: total,
      without: { median_ms_per_signature: ms(median(perSignature.without)), wall_s: ms(wall.without / 1000), script_cpu_s: ms(cpu.without / 1000) },
      with: { median_ms_per_signature: ms(median(perSignature.with)), wall_s: ms(wall.with / 1000), script_cpu_s: ms(cpu.with / 1000) },
      ratio_median: ms(median(perSignature.with) / median(perSignature.without)),
      ratio_wall: ms(wall.with / wall.without),
    },
  };
}

try {
  console.log(JSON.stringify(await main(), null, 2));
} finally {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
}
