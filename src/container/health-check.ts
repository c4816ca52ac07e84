// The container image's HEALTHCHECK (Dockerfile): finds the petition-embed server running in the
// container (the service, the proxy or a demo), asks its /healthz on the host and port it was
// started with, and exits 0 only on a 200. One image runs any of them on any port, and the
// runtime image may have no shell or curl (distroless): hence Node, reading the command line.
import { readFileSync, readdirSync } from 'node:fs';

/** Each server's default port (src/service/cli.ts, src/proxy/cli.ts, src/dev/cli.ts). */
const DEFAULT_PORTS: Record<string, string> = { service: '4010', proxy: '4020', dev: '5173', 'dev site': '8080' };
const TIMEOUT_MS = 3000;

/** The arguments after bin/petition-embed.js of the first process that runs it. */
function serverArguments(): string[] | undefined {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let words: string[];
    try {
      words = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      continue; // gone meanwhile
    }
    const bin = words.findIndex((word) => word.endsWith('petition-embed.js'));
    if (bin >= 0) return words.slice(bin + 1);
  }
  return undefined;
}

function flag(args: string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) return args[i + 1];
    if (args[i]!.startsWith(`--${name}=`)) return args[i]!.slice(name.length + 3);
  }
  return undefined;
}

/** The URL of the server's /healthz, or why there is none. */
function healthUrl(args: string[] | undefined): string | { problem: string } {
  const [part, next] = args ?? [];
  const command = part === 'dev' && next === 'site' ? 'dev site' : part;
  const defaultPort = command === undefined ? undefined : DEFAULT_PORTS[command];
  const rest = (args ?? []).slice(command === 'dev site' ? 2 : 1);
  // `service admin …`, `proxy doctor`, … are commands that end, not servers.
  if (defaultPort === undefined || (rest[0] !== undefined && !rest[0].startsWith('-'))) {
    return { problem: 'no petition-embed server runs in this container' };
  }
  const host = flag(rest, 'host') ?? '127.0.0.1';
  // A server on every address is reached on loopback from inside its container.
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${flag(rest, 'port') ?? defaultPort}/healthz`;
}

async function check(): Promise<number> {
  const url = healthUrl(serverArguments());
  if (typeof url !== 'string') {
    process.stderr.write(`${url.problem}\n`);
    return 1;
  }
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    process.stdout.write(`${url}: HTTP ${answer.status}\n`);
    return answer.status === 200 ? 0 : 1;
  } catch (error) {
    process.stderr.write(`${url}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

process.exitCode = await check();
