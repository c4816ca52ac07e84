// web-test-runner middleware answering the proxy's browser routes (/api/petitions/...) with
// their real response shapes, validating submissions with the shared signer schema. Each test
// creates its own petition through POST /__test/petitions, so tests running side by side never
// share state; /__test/petitions/:id/fail-next and /delay script failures and slow answers.
// Signatures need a solved proof of work, as from the real proxy (altcha v1, spent once), of a
// low difficulty unless the petition asks for another; `challengeDelayMs` holds its challenges back.
// Under /refusing-proxy/ the same routes behave as a proxy that refuses every page's origin (403
// without CORS), with the public embed status saying so, as the real proxy does.
import { randomBytes } from 'node:crypto';
import { tsImport } from 'tsx/esm/api';
import { createChallenge, verifySolution } from 'altcha-lib/v1';

const { validateSigner } = await tsImport('../../src/shared/signature-schema.ts', import.meta.url);
const { formatProblem } = await tsImport('../../src/shared/signer-fields.ts', import.meta.url);
const { everyCountry } = await tsImport('../../src/shared/addresses/every-country.ts', import.meta.url);

const OPERATOR = {
  name: 'Example Petitions',
  termsUrl: 'https://petitions.example.org/terms',
  privacyUrl: 'https://petitions.example.org/privacy',
};
const CITIES = [
  ['Lisbon', '', 'PT'],
  ['Austin', 'TX', 'US'],
  ['Lyon', '', 'FR'],
  ['Köln', '', 'DE'],
  ['Sevilla', '', 'ES'],
];

const petitions = new Map();
let nextPetitionId = 1000;

/**
 * A petition with `listed` signers a minute apart, the newest 30 s ago; or, with `signedSecondsAgo`,
 * one signer per age given (oldest first), for tests of how times read.
 */
function createPetition({
  listed = 25,
  signedSecondsAgo,
  hiddenCount = 0,
  accepting = true,
  keyStatus,
  operator = OPERATOR,
  resource = {},
  optIns = [],
  withdrawLinks = true,
  proofOfWork = 1000,
  challengeDelayMs = 0,
  breakdown,
} = {}) {
  const now = Date.now();
  const ages = signedSecondsAgo ?? Array.from({ length: listed }, (_, i) => 30 + (listed - 1 - i) * 60);
  const signatures = [];
  for (const [i, age] of ages.entries()) {
    const [city, state, code] = CITIES[i % CITIES.length];
    const at = now - age * 1000;
    signatures.push({ name: `Signer ${i + 1}`, city, state_province: state, country_name: code, country_code: code, signed_on: new Date(at).toISOString() });
  }
  const petition = {
    petition_id: nextPetitionId++,
    keyStatus: keyStatus ?? (accepting ? 'granted' : 'revoked'),
    operator,
    resource: {
      title: 'Save the park',
      overview: '',
      targets: [],
      goal: null,
      status: 'open',
      end_at: null,
      url: null,
      image_url: null,
      confirm_signers: false,
      ...resource,
    },
    hiddenCount,
    // The service's signatures by place, as given (its withholding is the service's own test).
    breakdown: breakdown ?? { signature_count: ages.length, minimum_group: 5, countries: [], other_count: ages.length },
    signatures, // oldest first
    emails: new Set(),
    failures: [], // [{status, messages, retryAfter, route}]
    delayMs: 0,
    requests: [],
    submissions: [], // the JSON bodies posted, as sent
    optIns,
    withdrawLinks,
    proofOfWork,
    challengeDelayMs,
    challenges: 0, // GET /challenge answered (kept out of `requests`: the form asks for one on its own)
  };
  petitions.set(petition.petition_id, petition);
  return petition;
}

function send(ctx, status, body, headers = {}) {
  ctx.status = status;
  ctx.type = 'application/json';
  for (const [name, value] of Object.entries(headers)) ctx.set(name, value);
  ctx.body = JSON.stringify(body);
}

const failure = (...messages) => ({ result: 'failure', messages });

async function readJson(ctx) {
  const chunks = [];
  for await (const chunk of ctx.req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.length > 16 * 1024) return { tooLarge: true };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { value: undefined };
  }
}

function parsePositiveInt(raw, fallback) {
  if (raw === null) return fallback;
  return /^\d+$/.test(raw) && Number(raw) >= 1 ? Number(raw) : NaN;
}

function listPage(petition, query) {
  const page = parsePositiveInt(query.get('page'), 1);
  if (Number.isNaN(page)) return [400, failure('page: must be an integer from 1')];
  let pageSize = parsePositiveInt(query.get('page_size'), 10);
  if (Number.isNaN(pageSize)) return [400, failure('page_size: must be an integer from 1')];
  pageSize = Math.min(pageSize, 100);
  const sort = query.get('sort') ?? 'time_asc';
  if (sort !== 'time_asc' && sort !== 'time_desc') return [400, failure('sort: must be time_asc or time_desc')];
  const ordered = sort === 'time_desc' ? [...petition.signatures].reverse() : petition.signatures;
  const totalPages = Math.max(1, Math.ceil(ordered.length / pageSize));
  const path = (p) => `/api/petitions/${petition.petition_id}/signatures?page=${p}&page_size=${pageSize}&sort=${sort}`;
  return [
    200,
    {
      signature_count: petition.signatures.length + petition.hiddenCount,
      prev_page_endpoint: page > 1 ? path(Math.min(page - 1, totalPages)) : null,
      next_page_endpoint: page < totalPages ? path(page + 1) : null,
      page,
      total_pages: totalPages,
      signatures: ordered.slice((page - 1) * pageSize, page * pageSize),
    },
  ];
}

/** The key the test proxy signs its challenges with. */
const CHALLENGE_KEY = 'wtr proof of work';
const spentProofs = new Set();

function challengeFor(petition) {
  return createChallenge({ hmacKey: CHALLENGE_KEY, maxNumber: petition.proofOfWork, params: { petition: String(petition.petition_id) } });
}

/** The real proxy's refusal of a proof (src/proxy/proof/proof-of-work.ts), or null when it is good. */
async function proofProblem(petition, proof) {
  const refused = (code) => ({ ...failure(`proof: ${code}`), problems: [{ field: 'proof', code }] });
  if (!proof) return refused('missing');
  if (!(await verifySolution(proof, CHALLENGE_KEY))) return refused('forged');
  if (!proof.salt.includes(`petition=${petition.petition_id}&`)) return refused('other_petition');
  if (spentProofs.has(proof.challenge)) return refused('used');
  spentProofs.add(proof.challenge);
  return null;
}

async function submit(ctx, petition) {
  if (!(ctx.get('content-type') ?? '').startsWith('application/json')) {
    return send(ctx, 415, failure('Content-Type: send the signature as application/json'));
  }
  const body = await readJson(ctx);
  if (body.tooLarge) return send(ctx, 413, failure('body: larger than 16 KiB'));
  petition.submissions.push(body.value);
  if (petition.keyStatus !== 'granted') return send(ctx, 403, failure('This website no longer accepts signatures for this petition.'));
  const validation = validateSigner(body.value, everyCountry);
  if (!validation.success) {
    const problems = validation.problems.map(({ field, code }) => ({ field, code }));
    return send(ctx, 400, { ...failure(...validation.problems.map(formatProblem)), problems });
  }
  const refusedProof = await proofProblem(petition, body.value.proof);
  if (refusedProof) return send(ctx, 400, refusedProof);
  const signer = validation.output;
  const email = signer.email.toLowerCase();
  if (petition.emails.has(email)) {
    return send(ctx, 409, { ...failure('email: This email address has already signed this petition'), ...withdrawal(petition) });
  }
  petition.emails.add(email);
  if (signer.hidden) petition.hiddenCount++;
  else {
    petition.signatures.push({
      name: `${signer.first_name} ${signer.last_name}`.trim(),
      city: signer.city,
      state_province: signer.state_province,
      country_name: signer.country_code,
      country_code: signer.country_code,
      signed_on: new Date().toISOString(),
    });
  }
  return send(ctx, 202, { result: 'success', messages: ['Your signature is queued.'], ...withdrawal(petition) });
}

/** The signer's withdrawal link, in a 202 and a duplicate's 409, as the proxy sends it (an older proxy sends none). */
function withdrawal(petition) {
  return petition.withdrawLinks ? { withdraw_url: `https://petitions.example.org/withdraw/${randomBytes(32).toString('base64url')}` } : {};
}

/** Routes that let a test set up its own petition and script what the proxy does next. */
async function controlRoute(ctx, segments) {
  if (ctx.method === 'POST' && segments.length === 0) {
    const { value } = await readJson(ctx);
    const petition = createPetition(value ?? {});
    return send(ctx, 201, { petition_id: petition.petition_id });
  }
  const petition = petitions.get(Number(segments[0]));
  if (!petition) return send(ctx, 404, failure('petition not found'));
  const { value } = await readJson(ctx);
  if (segments[1] === 'fail-next') petition.failures.push(value);
  else if (segments[1] === 'delay') petition.delayMs = Math.min(Number(value?.ms) || 0, 5_000);
  else if (segments[1] === 'requests') return send(ctx, 200, petition.requests);
  else if (segments[1] === 'submissions') return send(ctx, 200, petition.submissions);
  else if (segments[1] === 'challenges') return send(ctx, 200, petition.challenges);
  else return send(ctx, 404, failure('unknown control route'));
  return send(ctx, 204, null);
}

/** CORS as the real proxy does it: this one allows every origin, the refusing one none. */
function applyOrigin(ctx, refusing) {
  const origin = ctx.get('origin');
  if (!origin) return true;
  if (refusing) return false;
  ctx.set('Access-Control-Allow-Origin', origin);
  ctx.set('Access-Control-Expose-Headers', 'Retry-After');
  if (ctx.method === 'OPTIONS') {
    ctx.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
    ctx.set('Access-Control-Allow-Headers', 'Content-Type');
    ctx.status = 204;
    return false;
  }
  return true;
}

export function proxyRoutesMiddleware() {
  return async function proxyRoutes(ctx, next) {
    const url = new URL(ctx.url, 'http://localhost');
    const control = /^\/__test\/petitions(?:\/(.*))?$/.exec(url.pathname);
    if (control) return controlRoute(ctx, (control[1] ?? '').split('/').filter(Boolean));
    const refusing = url.pathname.startsWith('/refusing-proxy/');
    const path = refusing ? url.pathname.slice('/refusing-proxy'.length) : url.pathname;
    if (path === '/embed-status') {
      ctx.set('Access-Control-Allow-Origin', '*');
      const origin = ctx.get('origin') || null;
      return send(ctx, 200, { origin, origin_allowed: !origin || !refusing });
    }
    const match = /^\/api\/petitions\/([^/]+)(\/signatures(?:\/recent)?|\/challenge|\/breakdown)?$/.exec(path);
    if (!match) return next();
    if (!applyOrigin(ctx, refusing)) {
      if (ctx.status !== 204) send(ctx, 403, failure('Origin: this website is not allowed to use this petition proxy'));
      return;
    }

    const petition = petitions.get(Number(match[1]));
    if (!petition) return send(ctx, 404, failure('petition not found'));
    const route = `${ctx.method} ${match[2] ?? ''}`;
    if (route === 'GET /challenge') {
      petition.challenges++;
      if (petition.challengeDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, petition.challengeDelayMs));
      const scriptedChallenge = petition.failures.findIndex((f) => f.route === route);
      if (scriptedChallenge >= 0) {
        const [{ status, messages = [] }] = petition.failures.splice(scriptedChallenge, 1);
        return send(ctx, status, failure(...messages));
      }
      ctx.set('Cache-Control', 'no-store');
      return send(ctx, 200, await challengeFor(petition));
    }
    petition.requests.push(`${route}${url.search}`);
    if (petition.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, petition.delayMs));

    const scripted = petition.failures.findIndex((f) => !f.route || f.route === route);
    if (scripted >= 0) {
      const [{ status, messages = [], retryAfter, network, problems }] = petition.failures.splice(scripted, 1);
      // A corrupt answer on the wire: the browser's fetch rejects, as on a network failure. (A bare
      // reset is not enough: Chromium silently retries a request whose reused socket was closed;
      // and it reads text that is not HTTP as an HTTP/0.9 answer.)
      if (network) {
        ctx.respond = false;
        ctx.req.socket.end('HTTP/1.1 202 Accepted\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n');
        return;
      }
      const body = problems ? { ...failure(...messages), problems } : failure(...messages);
      return send(ctx, status, body, retryAfter ? { 'Retry-After': String(retryAfter) } : {});
    }

    if (route === 'GET ') {
      return send(ctx, 200, {
        petition_id: petition.petition_id,
        ...petition.resource,
        signature_count: petition.signatures.length + petition.hiddenCount,
        accepting_signatures: petition.resource.status === 'open' && petition.keyStatus === 'granted',
        key_status: petition.keyStatus,
        operator: petition.operator,
        opt_ins: petition.optIns,
      });
    }
    if (route === 'GET /signatures') {
      const [status, body] = listPage(petition, url.searchParams);
      return send(ctx, status, body);
    }
    if (route === 'GET /breakdown') return send(ctx, 200, petition.breakdown);
    if (route === 'GET /signatures/recent') return send(ctx, 200, [...petition.signatures].reverse().slice(0, 10));
    if (route === 'POST /signatures') return submit(ctx, petition);
    return send(ctx, 405, failure('method not allowed'));
  };
}
