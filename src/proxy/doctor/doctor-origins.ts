// `proxy doctor`'s check of the addresses browsers and the service use: publicUrl and each
// allowed origin. The config already refused what is not a URL or not an origin; this warns
// about what parses but works badly.
import type { ProxyConfig } from '../config/config.js';
import { ok, warn, type Finding } from './doctor-finding.js';

/** Hosts on this machine, which browsers treat as secure even over http. */
function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname) ||
    hostname === '[::1]'
  );
}

/** Signers' personal data crosses the network: in clear over http, unless it stays on this machine. */
function cleartextProblem(url: URL): string | undefined {
  if (url.protocol !== 'http:' || isLoopbackHost(url.hostname)) return undefined;
  return 'http:// on a host that is not this machine: signers\' personal data would cross the network unencrypted; use https://';
}

function publicUrlFindings(config: ProxyConfig): Finding[] {
  const url = new URL(config.publicUrl);
  const problems: string[] = [];
  const cleartext = cleartextProblem(url);
  if (cleartext) problems.push(cleartext);
  if (url.pathname !== '/') {
    problems.push(
      `has a path (${url.pathname}): the proxy answers at / (the service calls ${url.pathname}/callbacks/auth-keys), so a reverse proxy in front must remove it`,
    );
  }
  if (url.search || url.hash) problems.push('has a query or fragment, which every address built from it would carry: remove it');
  // The service calls the proxy back at publicUrl: from another machine, a loopback one is itself.
  if (isLoopbackHost(url.hostname) && !isLoopbackHost(new URL(config.upstream).hostname)) {
    problems.push('is on this machine while the service is not: the service cannot call back a loopback address, so keys arrive only by asking again');
  }
  if (problems.length === 0) return [ok('publicUrl', `${url.origin}${url.pathname === '/' ? '' : url.pathname}`)];
  return problems.map((problem) => warn('publicUrl', problem));
}

export function checkOrigins(config: ProxyConfig): Finding[] {
  const findings = publicUrlFindings(config);
  for (const origin of config.allowedOrigins) {
    const problem = cleartextProblem(new URL(origin));
    findings.push(problem ? warn(`origin ${origin}`, problem) : ok(`origin ${origin}`, 'allowed to call the API'));
  }
  if (config.allowedOrigins.length === 0) {
    findings.push(ok('origins', `only publicUrl's own origin may call the API (allowedOrigins is empty)`));
  }
  return findings;
}
