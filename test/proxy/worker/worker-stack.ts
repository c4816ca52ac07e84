// A real service and the proxy's Cloudflare Worker on loopback, for the Worker's tests: the
// service in this process (SQLite in a temporary folder), the Worker under workerd through
// wrangler's unstable_startWorker, started from the deployment's own template
// (deploy/workers/wrangler.jsonc) with the tests' vars and secrets in place of its examples, and
// its Durable Object's storage in the same temporary folder. Nothing leaves the machine:
// wrangler's metrics and its download of the Request.cf object are turned off.
import { join } from 'node:path';
import { freePort } from '../../../src/dev/free-port.js';
import { ServiceSide, type ServiceSideOptions } from '../service-side.js';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);

/**
 * wrangler 4 runs on Node 22.12 or later only; CI's Node 20 run skips the Worker's tests with
 * this reason, its Node 24 run runs them.
 */
export const WORKER_SKIP: string | false =
  major > 22 || (major === 22 && minor >= 12) ? false : `wrangler (workerd) needs Node 22.12 or later; this is Node ${process.versions.node}`;

const TEMPLATE = new URL('../../../deploy/workers/wrangler.jsonc', import.meta.url).pathname;

export interface WorkerStackOptions extends Pick<ServiceSideOptions, 'autoGrant' | 'petitionConfig'> {
  /** Settings of the config var besides the defaults (service-side.ts). */
  config?: Record<string, unknown>;
  /** PROXY_TIMING (src/proxy/worker/worker-env.ts). */
  timing?: Record<string, number>;
  /** More secrets (webhook secrets by their secretName). */
  secrets?: Record<string, string>;
}

type StartedWorker = Awaited<ReturnType<(typeof import('wrangler'))['unstable_startWorker']>>;

export class WorkerStack extends ServiceSide {
  worker: StartedWorker | undefined;
  url = '';
  /** Personal data of the signers the tests made (stack.ts's signer()). */
  readonly secrets: string[] = [];
  readonly #options: WorkerStackOptions;
  /** Every answer of the Worker, for leaks(). */
  readonly #answers: string[] = [];
  #input: Parameters<(typeof import('wrangler'))['unstable_startWorker']>[0] | undefined;

  constructor(options: WorkerStackOptions = {}) {
    super('petition-worker-test-', options);
    this.#options = options;
  }

  async start(): Promise<this> {
    await this.startServiceSide('worker test');
    const port = await freePort();
    this.url = `http://127.0.0.1:${port}`;
    const config = { ...this.proxyConfig(this.url), upstreamTimeoutMs: 1000, ...this.#options.config };
    process.env.WRANGLER_SEND_METRICS = 'false';
    process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
    const { unstable_startWorker } = await import('wrangler');
    const secrets = { PETITION_API_KEY: this.credentials.api_key, PETITION_API_SECRET: this.credentials.secret, ...this.#options.secrets };
    this.#input = {
      config: TEMPLATE,
      bindings: {
        PROXY_CONFIG: { type: 'json', value: config },
        PROXY_TIMING: { type: 'json', value: { retryBaseMs: 100, retryMaxMs: 400, keyPollMs: 60_000, ...this.#options.timing } },
        ...Object.fromEntries(Object.entries(secrets).map(([name, value]) => [name, { type: 'secret_text', value }])),
      },
      dev: {
        server: { hostname: '127.0.0.1', port },
        inspector: false,
        persist: join(this.dir, 'worker-state'),
        watch: false,
        liveReload: false,
        // PETITION_WORKER_LOG=log shows the Worker's log lines while debugging a test.
        logLevel: process.env.PETITION_WORKER_LOG === 'log' ? 'log' : 'warn',
      },
    };
    this.worker = await unstable_startWorker(this.#input);
    await this.worker.ready;
    return this;
  }

  /** Stops workerd and starts it again on the same port and storage: every isolate and object anew. */
  async restartWorker(): Promise<void> {
    await this.worker?.dispose();
    const { unstable_startWorker } = await import('wrangler');
    this.worker = await unstable_startWorker(this.#input!);
    await this.worker.ready;
  }

  async call(method: string, path: string, init: { headers?: Record<string, string>; json?: unknown; body?: string } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(init.json);
    }
    const answer = await fetch(`${this.url}${path}`, { method, headers, ...(body !== undefined ? { body } : {}) });
    this.#answers.push(`${method} ${path} -> ${answer.status} ${JSON.stringify([...answer.headers])} ${await answer.clone().text()}`);
    return answer;
  }

  /** The answers the Worker gave that show a credential or a signer's data. */
  leaks(): string[] {
    const secrets = [this.credentials.api_key, this.credentials.secret, ...this.secrets];
    return this.#answers.filter((answer) => secrets.some((secret) => answer.includes(secret)));
  }

  async close(): Promise<void> {
    await this.worker?.dispose();
    await this.closeServiceSide();
  }
}
