// `proxy doctor`'s check of the campaigns' webhook endpoints: that each resolves and answers
// HTTP at all. It sends a HEAD, never a delivery, so no signer data leaves; whether an endpoint
// accepts a signed delivery is what `proxy webhook test` finds out.
import type { ProxyConfig } from '../config/config.js';
import { fail, ok, printableUrl, type Finding } from './doctor-finding.js';

/** Node's connection errors that say why, in the operator's words. */
const CONNECTION_ERRORS: Record<string, string> = {
  ENOTFOUND: 'its host name does not resolve',
  EAI_AGAIN: 'its host name could not be resolved (DNS did not answer)',
  ECONNREFUSED: 'nothing listens there (connection refused)',
  ECONNRESET: 'the connection was reset before any answer',
  EHOSTUNREACH: 'its host cannot be reached',
  ENETUNREACH: 'its network cannot be reached',
};

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

async function checkEndpoint(petitionId: number, url: string, timeoutMs: number): Promise<Finding> {
  const subject = `webhook ${printableUrl(url)} (petition ${petitionId})`;
  try {
    // Redirects are not followed: deliveries do not follow them either.
    const response = await fetch(url, { method: 'HEAD', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    return ok(subject, `answers (HTTP ${response.status} to HEAD); \`proxy webhook test\` sends it a signed sample`);
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') return fail(subject, `no answer within ${timeoutMs} ms (upstreamTimeoutMs)`);
    const code = causeCode(error);
    return fail(subject, `unreachable: ${(code && CONNECTION_ERRORS[code]) ?? `no HTTP answer (${code ?? name})`}`);
  }
}

export async function checkWebhooks(config: ProxyConfig): Promise<Finding[]> {
  const endpoints = config.petitions.flatMap((petition) => petition.webhooks.map((webhook) => ({ petitionId: petition.id, url: webhook.url })));
  if (endpoints.length === 0) return [ok('webhooks', 'none configured')];
  return Promise.all(endpoints.map(({ petitionId, url }) => checkEndpoint(petitionId, url, config.upstreamTimeoutMs)));
}
