// The submissions part of the proxy benchmark: signed submissions through the proxy (JSON from
// the "browser", signed and forwarded by the proxy) against the same kind of signed form bodies
// sent straight to the service (as bench/service/submissions.ts does), in alternating rounds of
// the same run, and through the least any signing proxy does (relay-server.ts), the proxy's own
// yardstick. Each body is used once: a second use would be a replay.
import { signFormBody } from '../../src/shared/signing.js';
import { grantedKey } from '../service/service-process.js';
import { eachBodyOnce, median, round, rounded, type Round } from './load.js';
import { realisticSigners, type BenchSigner } from '../realistic-signers.js';
import { startServer } from './processes.js';

const RELAY = new URL('./relay-server.ts', import.meta.url).pathname;

/** Submissions one round can send at most, per second of the round (the service takes about 5,500/s). */
const BODIES_PER_SECOND = 15_000;
/** As bench/service/submissions.ts. */
const CONNECTIONS = 64;

export interface SubmissionBench {
  serviceUrl: string;
  servicePid: number;
  proxyUrl: string;
  proxyPid: number;
  petitionId: number;
  apiKey: string;
  secret: string;
  durationSeconds: number;
  rounds: number;
  /**
   * Connections of the straight side (default 64, as the proxied side): fewer slow it to the
   * proxy's pace, to see what the service's CPU per submission is at that pace.
   */
  directConnections?: number | undefined;
  /** The proxy's count of upstream calls for a key such as `POST /v1/petitions/1/signatures`. */
  forwardedTo: (key: string) => Promise<number>;
}

/** A round's signers, realistic and in no order (bench/realistic-signers.ts), the sides' and rounds' addresses apart. */
const SIDES = { direct: 1, proxy: 2, relay: 3 } as const;
function signers(side: keyof typeof SIDES, round: number, count: number): BenchSigner[] {
  return realisticSigners(count, SIDES[side] * 1000 + round + 1);
}

export async function submissionRounds(bench: SubmissionBench): Promise<Record<string, unknown>> {
  const source = 'https://bench.example/direct';
  // A key of its own for the direct side, requested over the API as any site would.
  const authKey = await grantedKey(bench.serviceUrl, bench.petitionId, bench.apiKey, bench.secret, source);
  const servicePath = `${new URL(bench.serviceUrl).pathname}/petitions/${bench.petitionId}/signatures`;
  const proxyPath = `/api/petitions/${bench.petitionId}/signatures`;
  const forwardKey = `POST ${servicePath}`;
  const relaySource = 'https://bench.example/relay';
  const relay = await startServer(
    ['--import', 'tsx', RELAY, `${new URL(bench.serviceUrl).origin}${servicePath}`, relaySource],
    /ready (\S+)/,
    {
      ...process.env,
      RELAY_API_KEY: bench.apiKey,
      RELAY_SECRET: bench.secret,
      RELAY_AUTH_KEY: await grantedKey(bench.serviceUrl, bench.petitionId, bench.apiKey, bench.secret, relaySource),
    },
  );

  const direct = async (n: number, seconds: number): Promise<Round> => {
    const timestamp = new Date().toISOString();
    const bodies: string[] = [];
    for (const signer of signers('direct', n, BODIES_PER_SECOND * seconds)) {
      const fields = Object.entries(signer).filter((field): field is [string, string] => typeof field[1] === 'string');
      bodies.push(
        await signFormBody(
          [['api_key', bench.apiKey], ['source', source], ...fields, ['timestamp', timestamp], ['endpoint', servicePath]],
          bench.secret,
          authKey,
        ),
      );
    }
    return round({
      origin: new URL(bench.serviceUrl).origin,
      connections: bench.directConnections ?? CONNECTIONS,
      durationSeconds: seconds,
      pids: [bench.servicePid],
      expectedStatus: 202,
      requests: eachBodyOnce(servicePath, 'application/x-www-form-urlencoded', bodies),
    });
  };
  let queued = 0;
  const proxied = async (n: number, seconds: number): Promise<Round> => {
    const bodies = signers('proxy', n, BODIES_PER_SECOND * seconds).map((signer) => JSON.stringify(signer));
    const before = await bench.forwardedTo(forwardKey);
    const result = await round({
      origin: bench.proxyUrl,
      connections: CONNECTIONS,
      durationSeconds: seconds,
      pids: [bench.proxyPid, bench.servicePid],
      expectedStatus: 202,
      requests: eachBodyOnce(proxyPath, 'application/json', bodies),
    });
    // A submission the service did not take at once goes to the outbox, and is answered 202 too.
    queued += Math.max(0, result.answered - ((await bench.forwardedTo(forwardKey)) - before));
    return result;
  };

  const relayed = async (n: number, seconds: number): Promise<Round> =>
    round({
      origin: relay.url,
      connections: CONNECTIONS,
      durationSeconds: seconds,
      pids: [relay.pid, bench.servicePid],
      expectedStatus: 202,
      requests: eachBodyOnce(proxyPath, 'application/json', signers('relay', n, BODIES_PER_SECOND * seconds).map((signer) => JSON.stringify(signer))),
    });

  // Warm-up, not counted.
  await proxied(-1, 2);
  await direct(-1, 2);
  await relayed(-1, 2);
  queued = 0;
  const viaProxy: Round[] = [];
  const straight: Round[] = [];
  const viaRelay: Round[] = [];
  try {
    for (let n = 0; n < bench.rounds; n++) {
      // The order turns each round, so that a drift in the machine's load hits all three alike.
      const order = [
        async () => viaProxy.push(await proxied(n, bench.durationSeconds)),
        async () => straight.push(await direct(n, bench.durationSeconds)),
        async () => viaRelay.push(await relayed(n, bench.durationSeconds)),
      ];
      for (let k = 0; k < order.length; k++) await order[(n + k) % order.length]!();
    }
  } finally {
    await relay.stop();
  }
  const proxyRate = median(viaProxy.map((r) => r.perSecond));
  const directRate = median(straight.map((r) => r.perSecond));
  const relayRate = median(viaRelay.map((r) => r.perSecond));
  return {
    connections: CONNECTIONS,
    straight_connections: bench.directConnections ?? CONNECTIONS,
    through_proxy_per_s: rounded(viaProxy.map((r) => r.perSecond)),
    straight_to_service_per_s: rounded(straight.map((r) => r.perSecond)),
    through_proxy_median: Math.round(proxyRate),
    straight_to_service_median: Math.round(directRate),
    throughput_ratio_median: Number((proxyRate / directRate).toFixed(2)),
    throughput_ratio_per_round: viaProxy.map((r, n) => Number((r.perSecond / straight[n]!.perSecond).toFixed(2))),
    via_proxy_proxy_cpu_us_per_submission: rounded(viaProxy.map((r) => r.cpuUsPerAnswer[0]!), 1),
    via_proxy_service_cpu_us_per_submission: rounded(viaProxy.map((r) => r.cpuUsPerAnswer[1]!), 1),
    straight_service_cpu_us_per_submission: rounded(straight.map((r) => r.cpuUsPerAnswer[0]!), 1),
    through_relay_per_s: rounded(viaRelay.map((r) => r.perSecond)),
    through_relay_median: Math.round(relayRate),
    relay_ratio_median: Number((relayRate / directRate).toFixed(2)),
    relay_ratio_per_round: viaRelay.map((r, n) => Number((r.perSecond / straight[n]!.perSecond).toFixed(2))),
    proxy_over_relay_median: Number((proxyRate / relayRate).toFixed(2)),
    via_relay_relay_cpu_us_per_submission: rounded(viaRelay.map((r) => r.cpuUsPerAnswer[0]!), 1),
    via_relay_service_cpu_us_per_submission: rounded(viaRelay.map((r) => r.cpuUsPerAnswer[1]!), 1),
    queued_instead_of_forwarded: queued,
  };
}
