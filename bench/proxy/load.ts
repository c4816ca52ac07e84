// One bounded autocannon round against one server, with the CPU that server processes spent on
// it (from /proc/PID/stat), and the medians the benchmark reports.
import autocannon from 'autocannon';
import { cpuSeconds } from '../proc-stat.js';

type AutocannonRequest = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];

export interface Round {
  /** Answers with the expected status per second of the round. */
  perSecond: number;
  /** Answers with the expected status in the round. */
  answered: number;
  /** Per watched process: CPU microseconds per answered request. */
  cpuUsPerAnswer: number[];
}

export interface RoundOptions {
  origin: string;
  connections: number;
  durationSeconds: number;
  /** The server processes whose CPU is counted (the proxy and the service for a submission). */
  pids: number[];
  expectedStatus: number;
  path?: string;
  requests?: AutocannonRequest[];
}

export async function round(options: RoundOptions): Promise<Round> {
  const before = options.pids.map(cpuSeconds);
  const result = await autocannon({
    url: options.path ? `${options.origin}${options.path}` : options.origin,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.requests ? { requests: options.requests } : {}),
  });
  const cpu = options.pids.map((pid, index) => cpuSeconds(pid) - before[index]!);
  const answered = result.statusCodeStats[String(options.expectedStatus)]?.count ?? 0;
  const others = result['2xx'] + result.non2xx - answered;
  if (others > 0 || result.errors > 0) {
    throw new Error(`${options.path ?? options.origin}: ${others} answers other than ${options.expectedStatus}, ${result.errors} errors`);
  }
  return {
    perSecond: answered / result.duration,
    answered,
    cpuUsPerAnswer: cpu.map((seconds) => (seconds * 1e6) / Math.max(1, answered)),
  };
}

/** Requests that each send the next of `bodies` once; the caller makes more bodies than a round can send. */
export function eachBodyOnce(path: string, contentType: string, bodies: string[]): AutocannonRequest[] {
  let next = 0;
  return [
    {
      method: 'POST',
      path,
      headers: { 'content-type': contentType },
      setupRequest: (request: AutocannonRequest) => {
        if (next >= bodies.length) throw new Error(`more than ${bodies.length} submissions in one round: raise the body count`);
        return { ...request, body: bodies[next++]! };
      },
    },
  ];
}

export { median } from '../median.js';

export const rounded = (numbers: number[], digits = 0): number[] => numbers.map((n) => Number(n.toFixed(digits)));
