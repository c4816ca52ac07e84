// Proxy benchmark (docs/benchmarks.md "Proxy"): cached GET …/signatures/recent through the proxy against a bare
// node:http server answering the same bytes, the upstream calls during those runs, and signed
// submissions per second through the proxy into the service. Proxy, service and bare server run
// as child processes on loopback; each figure is the median of 3 bounded autocannon runs.
// Usage: node --import tsx bench/proxy/run.ts [--duration 5] [--connections 50]
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '../../src/dev/free-port.js';
import { openAdmin } from '../../src/service/admin.js';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '5' }, connections: { type: 'string', default: '50' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const CACHE_SECONDS = 2;
const RUNS = 3;
const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'proxy-bench-'));
const children: ChildProcess[] = [];

function startChild(args: string[], pattern: RegExp): Promise<string> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/** CPU seconds (user + system) a process has used so far; clock ticks are 1/100 s on Linux. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)]!;

async function upstreamCalls(proxyUrl: string): Promise<Record<string, number>> {
  return (await (await fetch(`${proxyUrl}/bench/upstream-calls`)).json()) as Record<string, number>;
}

async function main(): Promise<void> {
  const dbPath = join(dir, 'service.sqlite');
  const admin = openAdmin(dbPath);
  const credentials = admin.createConsumer('benchmark');
  const { petition_id: petitionId } = admin.createPetition('Benchmark petition');
  admin.seed(petitionId, 200);
  admin.close();

  const serviceUrl = await startChild(
    ['bin/petition-embed.js', 'service', '--port', '0', '--db', dbPath, '--auto-grant', '--rate-limit', '100000000'],
    /(http:\/\/[\d.]+:\d+\/v1)/,
  );
  // The service posts the key to publicUrl, so the proxy listens on a port picked here.
  const proxyPort = await freePort();
  const configPath = join(dir, 'proxy.config.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      upstream: serviceUrl,
      apiKey: credentials.api_key,
      secret: credentials.secret,
      publicUrl: `http://127.0.0.1:${proxyPort}`,
      petitions: [{ id: petitionId, source: 'https://bench.example/petition', sourceDescription: 'benchmark', requesterEmail: 'bench@example.org' }],
      operator: { name: 'Bench', termsUrl: 'https://bench.example/terms', privacyUrl: 'https://bench.example/privacy' },
      dataDir: join(dir, 'proxy-data'),
      rateLimit: { signaturesPerIpPerMinute: 100_000_000 },
      cacheSeconds: CACHE_SECONDS,
    }),
  );
  const proxyUrl = await startChild(['--import', 'tsx', 'bench/proxy/proxy-child.ts', configPath], /ready (http:\/\/\S+)/);
  const proxyPid = children.at(-1)!.pid!;

  const recentPath = `/api/petitions/${petitionId}/signatures/recent`;
  const body = await (await fetch(`${proxyUrl}${recentPath}`)).text();
  writeFileSync(join(dir, 'recent.json'), body);
  const bareUrl = await startChild(['--import', 'tsx', 'bench/proxy/bare-server.ts', join(dir, 'recent.json')], /ready (http:\/\/\S+)/);
  const barePid = children.at(-1)!.pid!;

  // Warm-up, not counted: the first seconds of a Node process run unoptimised code.
  await autocannon({ url: `${proxyUrl}${recentPath}`, connections, duration: 2 });
  await autocannon({ url: `${bareUrl}${recentPath}`, connections, duration: 2 });

  const proxyRates: number[] = [];
  const bareRates: number[] = [];
  const upstreamPerRun: number[] = [];
  // Throughput on a shared 2-core machine swings with whatever else runs; the CPU each server
  // spends per answer does not, so it is reported too (bare / proxy: the share of the bare
  // server's throughput the proxy reaches when CPU is what limits both).
  const proxyCpuPerRequest: number[] = [];
  const bareCpuPerRequest: number[] = [];
  const recentKey = `GET /v1/petitions/${petitionId}/signatures/recent`;
  for (let run = 0; run < RUNS; run++) {
    const before = (await upstreamCalls(proxyUrl))[recentKey] ?? 0;
    const proxyCpuBefore = cpuSeconds(proxyPid);
    const proxied = await autocannon({ url: `${proxyUrl}${recentPath}`, connections, duration });
    proxyCpuPerRequest.push((cpuSeconds(proxyPid) - proxyCpuBefore) / proxied['2xx']);
    upstreamPerRun.push(((await upstreamCalls(proxyUrl))[recentKey] ?? 0) - before);
    const bareCpuBefore = cpuSeconds(barePid);
    const bare = await autocannon({ url: `${bareUrl}${recentPath}`, connections, duration });
    bareCpuPerRequest.push((cpuSeconds(barePid) - bareCpuBefore) / bare['2xx']);
    if (proxied.non2xx > 0 || proxied.errors > 0) throw new Error(`proxy GET run had ${proxied.non2xx} non-2xx, ${proxied.errors} errors`);
    proxyRates.push(proxied['2xx'] / proxied.duration);
    bareRates.push(bare['2xx'] / bare.duration);
  }

  let sequence = 0;
  const submissionRates: number[] = [];
  const postKey = `POST /v1/petitions/${petitionId}/signatures`;
  let queued = 0;
  for (let run = -1; run < RUNS; run++) {
    const before = (await upstreamCalls(proxyUrl))[postKey] ?? 0;
    const result = await autocannon({
      url: proxyUrl,
      connections,
      // Run -1 is the warm-up, not counted.
      duration: run < 0 ? 2 : duration,
      requests: [
        {
          method: 'POST',
          path: `/api/petitions/${petitionId}/signatures`,
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => {
            sequence++;
            request.body = JSON.stringify({
              first_name: 'Bench',
              last_name: `Signer ${sequence}`,
              email: `bench.${run}.${sequence}@example.net`,
              address: '1 Load Street',
              city: 'Springfield',
              state_province: 'IL',
              postal_code: '62701',
              country_code: 'US',
            });
            return request;
          },
        },
      ],
    });
    const forwarded = ((await upstreamCalls(proxyUrl))[postKey] ?? 0) - before;
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`submission run had ${result.non2xx} non-2xx, ${result.errors} errors`);
    // A submission answered from the outbox would be 202 too; count those that were not forwarded at once.
    queued += Math.max(0, result['2xx'] - forwarded);
    if (run >= 0) submissionRates.push(result['2xx'] / result.duration);
  }

  const proxyMedian = median(proxyRates);
  const bareMedian = median(bareRates);
  const summary = {
    duration_s: duration,
    connections,
    cache_seconds: CACHE_SECONDS,
    cached_get_proxy_rps: proxyRates.map(Math.round),
    cached_get_bare_rps: bareRates.map(Math.round),
    cached_get_ratio_median: Number((proxyMedian / bareMedian).toFixed(2)),
    cached_get_ratio_per_run: proxyRates.map((rate, run) => Number((rate / bareRates[run]!).toFixed(2))),
    cached_get_proxy_cpu_us_per_request: proxyCpuPerRequest.map((seconds) => Number((seconds * 1e6).toFixed(1))),
    cached_get_bare_cpu_us_per_request: bareCpuPerRequest.map((seconds) => Number((seconds * 1e6).toFixed(1))),
    cached_get_cpu_ratio_median: Number((median(bareCpuPerRequest) / median(proxyCpuPerRequest)).toFixed(2)),
    upstream_recent_calls_per_run: upstreamPerRun,
    upstream_calls_allowed_per_run: Math.ceil(duration / CACHE_SECONDS) + 1,
    submissions_rps: submissionRates.map(Math.round),
    submissions_rps_median: Math.round(median(submissionRates)),
    submissions_queued_instead_of_forwarded: queued,
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
}

try {
  await main();
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
