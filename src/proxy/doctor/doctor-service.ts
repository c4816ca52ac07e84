// `proxy doctor`'s checks against the petition service: that it answers, that it accepts the
// api_key (a read) and the secret (a signed request), and that each configured petition exists.
import { TIMESTAMP_WINDOW_MS } from '../../shared/signing.js';
import type { PetitionResource } from '../../shared/types.js';
import type { ProxyConfig } from '../config/config.js';
import { fail, KEY_REQUESTS, ok, printableUrl, warn, type Finding } from './doctor-finding.js';
import { callbackEndpointOf, callbackRefusals, keyRequestRemedy } from '../keys/key-request-refusal.js';
import { UpstreamClient, UpstreamUnavailable, upstreamMessages, type UpstreamAnswer } from '../upstream/upstream-client.js';


type Read = UpstreamAnswer | UpstreamUnavailable;

async function read(client: UpstreamClient, petitionId: number): Promise<Read> {
  try {
    return await client.get(`/petitions/${petitionId}`);
  } catch (error) {
    if (error instanceof UpstreamUnavailable) return error;
    throw error;
  }
}

function isApiJson(answer: UpstreamAnswer): boolean {
  if (!(answer.header('content-type') ?? '').includes('application/json')) return false;
  try {
    const body = JSON.parse(answer.body) as Record<string, unknown>;
    return typeof body === 'object' && body !== null && ('petition_id' in body || body.result === 'failure');
  } catch {
    return false;
  }
}

/** The service's messages, which name fields and never carry the values sent. */
function reasons(answer: UpstreamAnswer): string {
  const messages = upstreamMessages(answer.body);
  return messages.length > 0 ? `: ${messages.join('; ')}` : '';
}

/** "… (the service's clock is 412 s ahead of this machine's)" when the difference matters. */
function clockNote(answer: UpstreamAnswer): string {
  const date = Date.parse(answer.header('date') ?? '');
  if (Number.isNaN(date)) return '';
  const seconds = Math.round((date - Date.now()) / 1000);
  // Within a minute of the window in which the service refuses signed requests, it is worth saying.
  if (Math.abs(seconds) < TIMESTAMP_WINDOW_MS / 1000 - 60) return '';
  return ` (the service's clock is ${Math.abs(seconds)} s ${seconds > 0 ? 'ahead of' : 'behind'} this machine's: set both by NTP)`;
}

function petitionFinding(id: number, answer: Read): Finding {
  const subject = `petition ${id}`;
  if (answer instanceof UpstreamUnavailable) return warn(subject, `not checked at the service (${answer.reason})`);
  if (answer.status === 404) return fail(subject, `the service has no petition ${id}: check its id in the config`);
  if (answer.status !== 200) return warn(subject, `not checked at the service (HTTP ${answer.status}${reasons(answer)})`);
  const petition = JSON.parse(answer.body) as PetitionResource;
  return petition.status === 'open'
    ? ok(subject, `open at the service ("${petition.title}")`)
    : warn(subject, `closed at the service ("${petition.title}"): it refuses new signatures`);
}

/** The service's verdict on the proxy's callback URL, from the 400 that proved the secret. */
function callbackFinding(config: ProxyConfig, answer: UpstreamAnswer): Finding[] {
  const refused = callbackRefusals(upstreamMessages(answer.body));
  if (refused.length === 0) return [];
  const remedy = keyRequestRemedy(refused) ?? 'check publicUrl';
  return [fail(KEY_REQUESTS, `the service refuses them, and so every key: ${refused.join('; ')} (${printableUrl(callbackEndpointOf(config.publicUrl))}): ${remedy}`)];
}

/**
 * Proves the secret with a signed key request that carries only its callback_endpoint. The
 * service checks the api_key, the petition, the timestamp and the rsig before the fields, so it
 * answers 400 when the secret is right and 401 when not, and creates nothing: a complete key
 * request would create one (and, on an auto-granting service, a grant and a callback) when the
 * proxy never ran, which a check must not do. It sends no requester email either. The 400 names
 * every field it refuses, so it also says whether the service would take the callback URL.
 */
async function credentialsFindings(config: ProxyConfig, client: UpstreamClient, petitionId: number): Promise<Finding[]> {
  const subject = 'credentials';
  let answer: UpstreamAnswer;
  try {
    answer = await client.postSigned(`/petitions/${petitionId}/auth_keys`, [['callback_endpoint', callbackEndpointOf(config.publicUrl)]]);
  } catch (error) {
    if (!(error instanceof UpstreamUnavailable)) throw error;
    return [fail(subject, `the signed request got no answer (${error.reason})`)];
  }
  if (answer.status === 400) {
    return [ok(subject, 'the service accepts the api_key and the secret (a signed request it checked)'), ...callbackFinding(config, answer)];
  }
  if (answer.status === 401) {
    return [
      fail(subject, `the service refused a signed request${reasons(answer)}: the secret is not the one issued with this api_key${clockNote(answer)}`),
    ];
  }
  return [warn(subject, `the secret was not checked: the signed request was answered HTTP ${answer.status}${reasons(answer)}`)];
}

function clientFor(config: ProxyConfig, upstream = config.upstream): UpstreamClient {
  return new UpstreamClient({ upstream, apiKey: config.apiKey, secret: config.secret, timeoutMs: config.upstreamTimeoutMs });
}

/** The service's own 404 for a path outside its API, as against a petition it does not have. */
function isUnknownPath(answer: UpstreamAnswer): boolean {
  return answer.status === 404 && upstreamMessages(answer.body).some((message) => message.includes('no such path'));
}

/**
 * The service answered, but not its API: the commonest cause is an upstream without its `/v1`,
 * which the service's own 404 would otherwise let through as "answers" and "has no petition".
 */
async function wrongPathFinding(config: ProxyConfig, petitionId: number): Promise<Finding> {
  const service = printableUrl(config.upstream);
  const withV1 = `${config.upstream.replace(/\/+$/, '')}/v1`;
  const retry = await read(clientFor(config, withV1), petitionId);
  if (!(retry instanceof UpstreamUnavailable) && isApiJson(retry) && !isUnknownPath(retry)) {
    return fail('service', `the petition service answers at ${printableUrl(withV1)}, not at ${service}: set upstream to "${printableUrl(withV1)}"`);
  }
  return fail('service', `the petition service answers at ${service} but has no such path: check upstream, with its /v1`);
}

export async function checkService(config: ProxyConfig): Promise<Finding[]> {
  const client = clientFor(config);
  const service = printableUrl(config.upstream);
  const [first, ...rest] = config.petitions;
  const started = Date.now();
  const firstAnswer = await read(client, first!.id);
  if (firstAnswer instanceof UpstreamUnavailable) {
    const why = firstAnswer.reason === 'timeout' ? `no answer within ${config.upstreamTimeoutMs} ms (upstreamTimeoutMs)` : 'cannot connect';
    return [
      fail('service', `${why} at ${service}: is it running, and is upstream right?`),
      ...config.petitions.map((petition) => petitionFinding(petition.id, firstAnswer)),
    ];
  }
  if (!isApiJson(firstAnswer)) {
    return [fail('service', `something answers at ${service} (HTTP ${firstAnswer.status}) but not the petition service's API: check upstream, with its /v1`)];
  }
  if (isUnknownPath(firstAnswer)) return [await wrongPathFinding(config, first!.id)];
  const findings: Finding[] = [ok('service', `answers at ${service} (HTTP ${firstAnswer.status} in ${Date.now() - started} ms)`)];
  if (firstAnswer.status === 401) {
    findings.push(fail('credentials', `the service does not know this api_key${reasons(firstAnswer)}: use the one its operator issued (service admin create-consumer)`));
    return findings;
  }
  const answers = [firstAnswer, ...(await Promise.all(rest.map((petition) => read(client, petition.id))))];
  const existing = config.petitions.find((_, index) => {
    const answer = answers[index];
    return !(answer instanceof UpstreamUnavailable) && answer?.status === 200;
  });
  findings.push(
    ...(existing
      ? await credentialsFindings(config, client, existing.id)
      : [warn('credentials', 'the secret was not checked: it needs a petition the service has')]),
  );
  findings.push(...config.petitions.map((petition, index) => petitionFinding(petition.id, answers[index]!)));
  return findings;
}
