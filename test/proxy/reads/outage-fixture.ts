// What the outage tests share (outage.test.ts, last-good.test.ts): a real service behind the
// counting relay, the elements' three reads, and a fetch that makes the service fail on demand.
import type { ProxyOptions } from '../../../src/proxy/index.js';
import { Stack, keysDecided } from '../stack.js';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const STALE = 'x-petition-stale';
export const UNAVAILABLE = { result: 'failure', messages: ['The petition service is unavailable. Try again later.'] };

export const summaryPath = (petition: number) => `/api/petitions/${petition}`;
export const recentPath = (petition: number) => `/api/petitions/${petition}/signatures/recent`;
export const pagePath = (petition: number, page = 1) => `/api/petitions/${petition}/signatures?page=${page}&page_size=2`;
/** The three reads the elements make, each a separate last good answer. */
export const reads = (petition: number) => [summaryPath(petition), recentPath(petition), pagePath(petition)];

export interface Read {
  status: number;
  stale: boolean;
  body: Record<string, unknown>;
  retryAfter: string | undefined;
}

export async function read(stack: Stack, path: string): Promise<Read> {
  const answer = await stack.call('GET', path);
  return { status: answer.status, stale: answer.headers[STALE] === '1', body: answer.json() as Record<string, unknown>, retryAfter: answer.headers['retry-after'] };
}

/** Lets the service answer the proxy's reads about `petition` with `status` (and Retry-After), as a failing one would. */
export function failingFetch(state: { status: number | undefined; retryAfter?: string }): typeof fetch {
  return async (input, init) => {
    if (state.status === undefined || (init?.method ?? 'GET') !== 'GET') return fetch(input, init);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (state.retryAfter !== undefined) headers['retry-after'] = state.retryAfter;
    return new Response('{"result":"failure","messages":["Something went wrong."]}', { status: state.status, headers });
  };
}

/** What a read says that the service decides (the summary's own `stale` flag left out). */
export function content(body: Record<string, unknown>): unknown {
  const { stale: _stale, ...rest } = body;
  return rest;
}

export async function startedStack(config: Record<string, unknown> = {}, proxy: ProxyOptions = {}): Promise<Stack> {
  // cacheSeconds 0: every read reaches the upstream reads, so what is tested is the last good answers, not the memory cache.
  const stack = await new Stack({ seedPerPetition: 5, config: { cacheSeconds: 0, ...config }, proxy: { readPauseMs: 100, ...proxy } }).start();
  await keysDecided(stack.proxy!);
  stack.storedKeys();
  return stack;
}
