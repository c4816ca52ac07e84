// Proxy benchmark (docs/benchmarks.md "Proxy"), three loads in one run, each in alternating
// rounds so that the machine's noise hits both sides alike:
//   reads:        cached GET …/signatures/recent through the proxy vs a bare node:http server
//                 sending the same bytes (throughput, and CPU per answer of each server process);
//   submissions:  signed submissions through the proxy vs signed form bodies straight to the
//                 service (throughput; CPU per submission of proxy and service);
//   stale:        the same cached read with the service up vs stopped (stale answers).
// Servers are child processes on 127.0.0.1 (processes.ts); autocannon runs in this process,
// which does nothing else while a round runs. Every loop and wait is bounded.
// Usage: node --import tsx bench/proxy/run.ts [--duration 3] [--rounds 5] [--connections 50]
//          [--only reads,submissions,stale] [--profile DIR  (the proxy, and the service into DIR/service, run under node --cpu-prof)]
//          [--direct-connections N  (the straight side's submissions on N connections instead of 64)]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../../src/dev/free-port.js';
import { openAdmin } from '../../src/service/admin.js';
import { loadAverage } from '../proc-stat.js';
import { startServer, stopAll, type ServerProcess } from './processes.js';
import { median, round, rounded, type Round } from './load.js';
import { submissionRounds } from './submissions.js';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string', default: 'reads,submissions,stale' },
    profile: { type: 'string' },
    'direct-connections': { type: 'string' },
  },
});
const durationSeconds = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const loads = new Set(values.only.split(','));
const CACHE_SECONDS = 2;
/** The longest a wait for the proxy to notice the service going or coming back may take. */
const SWITCH_WAIT_MS = 20_000;
const dir = mkdtempSync(join(tmpdir(), 'proxy-bench-'));

async function upstreamCalls(proxyUrl: string, key: string): Promise<number> {
  const calls = (await (await fetch(`${proxyUrl}/bench/upstream-calls`)).json()) as Record<string, number>;
  return calls[key] ?? 0;
}

/** Waits (bounded) until the proxy's answer is, or is no longer, marked stale. */
async function untilStale(url: string, stale: boolean): Promise<void> {
  const deadline = Date.now() + SWITCH_WAIT_MS;
  while (Date.now() < deadline) {
    const response = await fetch(url);
    await response.arrayBuffer();
    if (response.status === 200 && (response.headers.get('x-petition-stale') === '1') === stale) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the proxy's answers did not become ${stale ? 'stale' : 'fresh'} within ${SWITCH_WAIT_MS} ms`);
}

async function main(): Promise<Record<string, unknown>> {
  const dbPath = join(dir, 'service.sqlite');
  const admin = await openAdmin(dbPath);
  const credentials = await admin.createConsumer('benchmark');
  const { petition_id: petitionId } = await admin.createPetition('Benchmark petition');
  await admin.seed(petitionId, 200);
  await admin.close();

  // A fixed port, so that the service can be stopped and started again under the proxy.
  const servicePort = await freePort();
  // --allow-private-callbacks: the benchmark's own key request names a loopback callback.
  const serviceArgs = ['bin/petition-embed.js', 'service', '--port', String(servicePort), '--db', dbPath, '--auto-grant', '--allow-private-callbacks', '--rate-limit', '100000000'];
  // Under --profile the service is profiled too, into DIR/service: the half of a submission's cost it carries.
  const serviceProfile = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile, 'service')}`] : [];
  const startService = () => startServer([...serviceProfile, ...serviceArgs], /(http:\/\/[\d.]+:\d+\/v1)/);
  let service: ServerProcess = await startService();

  const proxyPort = await freePort();
  const configPath = join(dir, 'proxy.config.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      upstream: service.url,
      apiKey: credentials.api_key,
      secret: credentials.secret,
      publicUrl: `http://127.0.0.1:${proxyPort}`,
      // The proxy's own cost; what the proof of work adds is measured apart (npm run bench:pow).
      petitions: [{ id: petitionId, source: 'https://bench.example/petition', sourceDescription: 'benchmark', requesterEmail: 'bench@example.org', proofOfWork: 0 }],
      operator: { name: 'Bench', termsUrl: 'https://bench.example/terms', privacyUrl: 'https://bench.example/privacy' },
      dataDir: join(dir, 'proxy-data'),
      // Every request comes from 127.0.0.1: one client address, which must not be refused.
      rateLimit: { signaturesPerIpPerMinute: 100_000_000 },
      cacheSeconds: CACHE_SECONDS,
    }),
  );
  const profileFlags = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(values.profile)}`] : [];
  if (values.profile) mkdirSync(values.profile, { recursive: true });
  const proxy = await startServer([...profileFlags, '--import', 'tsx', 'bench/proxy/proxy-child.ts', configPath], /ready (http:\/\/\S+)/);

  const recentPath = `/api/petitions/${petitionId}/signatures/recent`;
  const body = await (await fetch(`${proxy.url}${recentPath}`)).text();
  writeFileSync(join(dir, 'recent.json'), body);
  const bare = await startServer(['--import', 'tsx', 'bench/proxy/bare-server.ts', join(dir, 'recent.json')], /ready (http:\/\/\S+)/);

  const summary: Record<string, unknown> = {
    duration_s: durationSeconds,
    rounds,
    read_connections: connections,
    cache_seconds: CACHE_SECONDS,
    load_average_at_start: loadAverage(),
  };
  const reading = (origin: string, pid: number, seconds = durationSeconds) =>
    round({ origin, path: recentPath, connections, durationSeconds: seconds, pids: [pid], expectedStatus: 200 });

  if (loads.has('reads')) {
    // Warm-up, not counted: the first seconds of a Node process run unoptimised code.
    await reading(proxy.url, proxy.pid, 2);
    await reading(bare.url, bare.pid, 2);
    const proxied: Round[] = [];
    const bared: Round[] = [];
    const upstreamPerRound: number[] = [];
    const recentKey = `GET /v1/petitions/${petitionId}/signatures/recent`;
    for (let n = 0; n < rounds; n++) {
      const before = await upstreamCalls(proxy.url, recentKey);
      // Alternating which goes first, so neither always follows the other's garbage.
      if (n % 2 === 0) {
        proxied.push(await reading(proxy.url, proxy.pid));
        bared.push(await reading(bare.url, bare.pid));
      } else {
        bared.push(await reading(bare.url, bare.pid));
        proxied.push(await reading(proxy.url, proxy.pid));
      }
      upstreamPerRound.push((await upstreamCalls(proxy.url, recentKey)) - before);
    }
    const proxyRate = median(proxied.map((r) => r.perSecond));
    const bareRate = median(bared.map((r) => r.perSecond));
    const proxyCpu = median(proxied.map((r) => r.cpuUsPerAnswer[0]!));
    const bareCpu = median(bared.map((r) => r.cpuUsPerAnswer[0]!));
    summary.reads = {
      proxy_rps: rounded(proxied.map((r) => r.perSecond)),
      bare_rps: rounded(bared.map((r) => r.perSecond)),
      proxy_rps_median: Math.round(proxyRate),
      bare_rps_median: Math.round(bareRate),
      throughput_ratio_median: Number((proxyRate / bareRate).toFixed(2)),
      throughput_ratio_per_round: proxied.map((r, n) => Number((r.perSecond / bared[n]!.perSecond).toFixed(2))),
      proxy_cpu_us_per_answer: rounded(proxied.map((r) => r.cpuUsPerAnswer[0]!), 1),
      bare_cpu_us_per_answer: rounded(bared.map((r) => r.cpuUsPerAnswer[0]!), 1),
      cpu_ratio_bare_over_proxy_median: Number((bareCpu / proxyCpu).toFixed(2)),
      // The upstream calls a round may make: one per cache period.
      upstream_recent_calls_per_round: upstreamPerRound,
    };
  }

  if (loads.has('submissions')) {
    summary.submissions = await submissionRounds({
      serviceUrl: service.url,
      servicePid: service.pid,
      proxyUrl: proxy.url,
      proxyPid: proxy.pid,
      petitionId,
      apiKey: credentials.api_key,
      secret: credentials.secret,
      durationSeconds,
      rounds,
      directConnections: values['direct-connections'] === undefined ? undefined : Number(values['direct-connections']),
      forwardedTo: (key) => upstreamCalls(proxy.url, key),
    });
  }

  if (loads.has('stale')) {
    const url = `${proxy.url}${recentPath}`;
    await reading(proxy.url, proxy.pid, 2);
    const cached: Round[] = [];
    const stale: Round[] = [];
    for (let n = 0; n < rounds; n++) {
      await untilStale(url, false);
      cached.push(await reading(proxy.url, proxy.pid));
      await service.stop();
      await untilStale(url, true);
      stale.push(await reading(proxy.url, proxy.pid));
      // Still stale at the end: the whole round was answered from the last good answer.
      await untilStale(url, true);
      service = await startService();
    }
    const cachedRate = median(cached.map((r) => r.perSecond));
    const staleRate = median(stale.map((r) => r.perSecond));
    summary.stale = {
      cached_rps: rounded(cached.map((r) => r.perSecond)),
      stale_rps: rounded(stale.map((r) => r.perSecond)),
      throughput_ratio_stale_over_cached_median: Number((staleRate / cachedRate).toFixed(2)),
      cached_cpu_us_per_answer: rounded(cached.map((r) => r.cpuUsPerAnswer[0]!), 1),
      stale_cpu_us_per_answer: rounded(stale.map((r) => r.cpuUsPerAnswer[0]!), 1),
      cpu_ratio_cached_over_stale_median: Number(
        (median(cached.map((r) => r.cpuUsPerAnswer[0]!)) / median(stale.map((r) => r.cpuUsPerAnswer[0]!))).toFixed(2),
      ),
    };
  }
  summary.load_average_at_end = loadAverage();
  return summary;
}

try {
  process.stdout.write(`${JSON.stringify(await main(), null, 2)}\n`);
} finally {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
}
