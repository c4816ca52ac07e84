// Debian's nginx as a caching reverse proxy in front of a server on loopback, for the tests that
// show what a shared cache makes of the proxy's public reads (test/proxy/shared-cache.test.ts):
// its own prefix, configuration, cache and temporary folders in a temporary directory, an
// ephemeral port, in the foreground as this process's child, stopped by its pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/dev/free-port.js';

const NGINX_PATH = '/usr/sbin/nginx';

/**
 * The cache settings of README.md's "Under a viral spike", word for word (its test checks that
 * they are there): stale answers while one request refreshes a copy in the background, and while
 * the proxy cannot answer; one request at a time fills an empty copy; a copy past its period is
 * refreshed with If-None-Match, which the proxy answers 304.
 */
export const CACHE_DIRECTIVES = [
  'proxy_cache petition_reads;',
  'proxy_cache_use_stale error timeout updating http_500 http_502 http_503 http_504;',
  'proxy_cache_background_update on;',
  'proxy_cache_lock on;',
  'proxy_cache_revalidate on;',
] as const;

/** Why the nginx tests cannot run here, or false. Under CI nginx must be there (.ci/run installs it): the test fails instead. */
export function nginxSkip(): string | false {
  if (existsSync(NGINX_PATH) || process.env.CI === 'true') return false;
  return `nginx is not installed (${NGINX_PATH}): apt-get install nginx, as .ci/run does`;
}

export interface CachingNginx {
  url: string;
  stop(): Promise<void>;
}

function configOf(dir: string, port: number, upstreamPort: number): string {
  // As root, nginx's workers would run as nobody, who cannot write this test's 0700 folder.
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
  return `${user}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client-body;
  proxy_temp_path ${dir}/proxy-temp;
  fastcgi_temp_path ${dir}/fastcgi-temp;
  uwsgi_temp_path ${dir}/uwsgi-temp;
  scgi_temp_path ${dir}/scgi-temp;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=petition_reads:10m max_size=100m inactive=1d use_temp_path=off;
  upstream petition_proxy { server 127.0.0.1:${upstreamPort}; keepalive 16; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://petition_proxy;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      ${CACHE_DIRECTIVES.join('\n      ')}
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

/** Resolves once the port takes connections; rejects when nginx cannot start, exits first, or 10 s pass. */
async function listening(child: ChildProcess, port: number, log: () => string): Promise<void> {
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (spawnError) throw new Error(`${NGINX_PATH} could not be started (${spawnError.message}): apt-get install nginx, as .ci/run does`);
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`nginx exited (${child.exitCode ?? child.signalCode}):\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port} within 10 s:\n${log()}`);
}

/** nginx on 127.0.0.1 and a free port, caching what the server at `upstreamPort` allows. */
export async function startCachingNginx(upstreamPort: number): Promise<CachingNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'caching-nginx-'));
  const port = await freePort();
  const configPath = join(dir, 'nginx.conf');
  writeFileSync(configPath, configOf(dir, port, upstreamPort));
  const log = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', configPath, '-e', join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // Its fast shutdown (SIGTERM), by pid; SIGKILL if that takes over 5 s.
      process.kill(child.pid!, 'SIGTERM');
      const timer = setTimeout(() => child.pid !== undefined && child.exitCode === null && process.kill(child.pid, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening(child, port, () => `${stderr}${log()}`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}
