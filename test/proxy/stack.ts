// A real service and a real proxy on loopback for the proxy's tests, with a counting relay in
// between (relay.ts: tests count upstream calls, or answer some in the service's place) and a
// record of every response and log line the proxy produced (so tests can scan them for secrets
// and personal data).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { freePort } from '../../src/dev/free-port.js';
import { parseProxyConfig, startProxy, type ProxyConfig, type ProxyOptions, type RunningProxy } from '../../src/proxy/index.js';
import { ServiceSide, type ServiceSideOptions } from './service-side.js';
import { builtCli } from '../../support/built-cli.js';

export interface RecordedResponse {
  method: string;
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

export { freePort };

export interface StackOptions extends ServiceSideOptions {
  config?: Record<string, unknown>;
  proxy?: ProxyOptions;
}

export class Stack extends ServiceSide {
  readonly responses: RecordedResponse[] = [];
  readonly logs: string[] = [];
  /** Values that must never show up in a response or a log line. */
  readonly secrets: string[] = [];
  proxy: RunningProxy | undefined;
  config!: ProxyConfig;
  readonly #options: StackOptions;

  constructor(options: StackOptions = {}) {
    super('petition-proxy-test-', options);
    this.#options = options;
  }

  async start(): Promise<this> {
    await this.startServiceSide('proxy test');
    this.secrets.push(this.credentials.api_key, this.credentials.secret);
    const port = await freePort();
    this.config = parseProxyConfig({
      ...this.proxyConfig(`http://127.0.0.1:${port}`),
      apiKey: this.credentials.api_key,
      secret: this.credentials.secret,
      dataDir: join(this.dir, 'proxy-data'),
      ...this.#options.config,
    });
    await this.startProxy(port);
    return this;
  }

  async startProxy(port = this.proxy?.port ?? new URL(this.config.publicUrl).port): Promise<RunningProxy> {
    this.proxy = await startProxy(this.config, {
      port: Number(port),
      assetsDir: join(this.dir, 'assets'),
      log: (line) => this.logs.push(line),
      retry: { baseMs: 30, maxMs: 200 },
      keyPollMs: 100,
      ...this.#options.proxy,
    });
    return this.proxy;
  }

  async stopProxy(): Promise<void> {
    await this.proxy?.close();
  }

  /**
   * The proxy as an operator runs it (`petition-embed proxy`), in a child process on this
   * stack's port and data folder, for tests that kill it; `kill()` sends SIGKILL and waits.
   */
  async spawnProxy(extraArgs: string[] = []): Promise<{ kill(): Promise<void>; output(): string }> {
    const configPath = join(this.dir, 'proxy.config.json');
    writeFileSync(configPath, JSON.stringify(this.config), { mode: 0o600 });
    const child = spawn(process.execPath, [builtCli(), 'proxy', '--port', String(this.proxy!.port), '--config', configPath, ...extraArgs], {
      cwd: new URL('../..', import.meta.url).pathname,
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 20_000,
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        output += chunk;
        if (output.includes(this.proxy!.url)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`proxy exited (${code}):\n${output}`)));
    });
    return {
      output: () => output,
      kill: async () => {
        child.kill('SIGKILL');
        await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
      },
    };
  }

  /** The auth keys the proxy stored; added to `secrets` as a side effect. */
  storedKeys(): Array<{ petition_id: number; status: string; auth_key?: string }> {
    const path = join(this.config.dataDir, 'auth-keys.json');
    const keys = (JSON.parse(readFileSync(path, 'utf8')) as { keys: Array<{ petition_id: number; status: string; auth_key?: string }> }).keys;
    for (const key of keys) if (key.auth_key && !this.secrets.includes(key.auth_key)) this.secrets.push(key.auth_key);
    return keys;
  }

  /** A request to the proxy, recorded for the secrets scan. */
  async call(method: string, path: string, init: { headers?: Record<string, string | string[]>; body?: string; json?: unknown } = {}) {
    const headers = { ...init.headers };
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(init.json);
    }
    // A fresh connection per request: a pooled one may belong to a proxy a test has restarted.
    const recorded = await new Promise<RecordedResponse>((resolve, reject) => {
      const outgoing = request(`${this.proxy!.url}${path}`, { method, headers, agent: false }, (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () => {
          const flat: Record<string, string> = {};
          for (const [name, value] of Object.entries(incoming.headers)) flat[name] = String(value);
          resolve({ method, path, status: incoming.statusCode ?? 0, headers: flat, body: text });
        });
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
    this.responses.push(recorded);
    return { ...recorded, json: () => JSON.parse(recorded.body) as unknown };
  }

  /** Everything the proxy said, to be checked for `secrets`. */
  leaks(): string[] {
    const haystacks = [
      ...this.responses.map((r) => `${r.method} ${r.path} -> ${JSON.stringify(r.headers)} ${r.body}`),
      ...this.logs,
    ];
    return haystacks.filter((text) => this.secrets.some((secret) => secret && text.includes(secret)));
  }

  async close(): Promise<void> {
    await this.proxy?.close();
    await this.closeServiceSide();
  }
}

/** Waits for every petition's key to be decided; fails (rather than hangs) when it never is. */
/**
 * A signature's 202 from the proxy, its withdrawal link checked (a page of the service, by
 * default at the origin of `upstream`, with a 43-character token) and taken out.
 */
export function received(body: unknown): Record<string, unknown> {
  const { withdraw_url: withdrawUrl, ...rest } = body as Record<string, unknown>;
  assert.match(String(withdrawUrl), /^http:\/\/127\.0\.0\.1:\d+\/withdraw\/[A-Za-z0-9_-]{43}$/);
  return rest;
}

export async function keysDecided(proxy: RunningProxy, timeoutMs = 10_000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no decided key status after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([proxy.keysReady(), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `check` every 20 ms until it is truthy; fails after `timeoutMs`. */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let signerNumber = 0;

/** A valid signer with a unique email; its personal data goes into `stack.secrets`. */
export function signer(stack: Pick<Stack, 'secrets'>, overrides: Record<string, unknown> = {}) {
  signerNumber++;
  const fields = {
    first_name: 'Ada',
    last_name: `Tester${signerNumber}`,
    email: `ada.${signerNumber}.${Date.now()}@example.net`,
    address: `${signerNumber} Secret Lane`,
    city: 'Springfield',
    state_province: 'IL',
    postal_code: '62701',
    country_code: 'US',
    phone: `+1555000${String(signerNumber).padStart(4, '0')}`,
    ...overrides,
  };
  stack.secrets.push(fields.email as string, fields.address as string, fields.phone as string);
  return fields;
}
