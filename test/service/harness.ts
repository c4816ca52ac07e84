// Shared test harness for the service: a real service on an ephemeral port over a temporary
// SQLite file, a consumer and a petition, and helpers that sign requests as a client would.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAdmin } from '../../src/service/admin.js';
import type { ServiceAdmin } from '../../src/service/admin.js';
import { startService } from '../../src/service/index.js';
import type { RunningService, ServiceOptions } from '../../src/service/index.js';
import { signFormBody } from '../../src/shared/signing.js';
import { newTestDatabase } from './test-database.js';

export interface TestService {
  service: RunningService;
  baseUrl: string;
  dir: string;
  dbPath: string;
  admin: ServiceAdmin;
  consumer: { api_key: string; secret: string };
  petitionId: number;
  logs: string[];
  close(): Promise<void>;
}

export async function startTestService(options: Partial<ServiceOptions> = {}): Promise<TestService> {
  const dir = mkdtempSync(join(tmpdir(), 'service-test-'));
  // On PostgreSQL (test-database.ts) a database URL, not a path.
  const dbPath = options.dbPath ?? (await newTestDatabase(dir));
  const admin = await openAdmin(dbPath);
  const consumer = await admin.createConsumer('test consumer');
  const { petition_id: petitionId } = await admin.createPetition('Test petition');
  const logs: string[] = [];
  // Callback receivers in these tests listen on loopback; the address rule has its own tests.
  const service = await startService({ dbPath, port: 0, allowPrivateCallbacks: true, log: (line) => logs.push(line), ...options });
  return {
    service,
    baseUrl: service.baseUrl,
    dir,
    dbPath,
    admin,
    consumer,
    petitionId,
    logs,
    async close() {
      await service.close();
      await admin.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Pairs = [string, string][];

/** The service's origin plus a path from the version on, e.g. '/v1/petitions/1/signatures'. */
export function urlOf(t: TestService, path: string): string {
  // Concatenated, not resolved: a path like '//host' must stay a path on this service.
  return `${new URL(t.baseUrl).origin}${path}`;
}

export function signaturesPath(petitionId: number): string {
  return `/v1/petitions/${petitionId}/signatures`;
}

export function authKeysPath(petitionId: number): string {
  return `/v1/petitions/${petitionId}/auth_keys`;
}

export async function postForm(t: TestService, path: string, body: string, contentType = 'application/x-www-form-urlencoded'): Promise<Response> {
  return fetch(urlOf(t, path), { method: 'POST', headers: { 'Content-Type': contentType }, body });
}

/**
 * Pairs in the order a client sends them: api_key first, then the fields, then timestamp and
 * endpoint. The timestamp carries milliseconds (accepted) so that two equal requests in the
 * same second are not one replayed request.
 */
export function signedPairs(t: TestService, path: string, fields: Pairs, when = new Date()): Pairs {
  return [['api_key', t.consumer.api_key], ...fields, ['timestamp', when.toISOString()], ['endpoint', path]];
}

export async function signedPost(t: TestService, path: string, fields: Pairs, authKey = '', when = new Date()): Promise<Response> {
  const body = await signFormBody(signedPairs(t, path, fields, when), t.consumer.secret, authKey);
  return postForm(t, path, body);
}

export function keyRequestFields(source: string, callback = 'http://127.0.0.1:9/callback'): Pairs {
  return [
    ['source_description', 'campaign website'],
    ['source', source],
    ['requester_email', 'team@example.org'],
    ['callback_endpoint', callback],
  ];
}

/** Requests a key for `source` and has the operator grant it; returns the key (read via the API). */
export async function grantedKey(t: TestService, source: string, callback?: string): Promise<string> {
  const first = await signedPost(t, authKeysPath(t.petitionId), keyRequestFields(source, callback));
  if (first.status !== 202) throw new Error(`key request answered ${first.status}`);
  const request = (await t.admin.listAuthKeys()).find((row) => row.source === source && row.petition_id === t.petitionId)!;
  if (request.status === 'pending') await t.admin.grant(request.id);
  const again = await signedPost(t, authKeysPath(t.petitionId), keyRequestFields(source, callback));
  const payload = (await again.json()) as { auth_key?: string };
  if (!payload.auth_key) throw new Error('no auth_key after grant');
  return payload.auth_key;
}

let signerNumber = 0;

export function signerFields(overrides: Record<string, string> = {}): Pairs {
  signerNumber++;
  const fields: Record<string, string> = {
    first_name: 'Ada',
    last_name: `Lovelace${signerNumber}`,
    email: `ada${signerNumber}.${process.pid}@example.org`,
    address: '12 St James Square',
    city: 'London',
    state_province: '',
    postal_code: 'SW1Y 4JH',
    country_code: 'GB',
    ...overrides,
  };
  return Object.entries(fields);
}

export async function submitSignature(t: TestService, source: string, authKey: string, fields: Pairs, sendKey = false): Promise<Response> {
  const pairs: Pairs = [...(sendKey ? ([['auth_key', authKey]] as Pairs) : []), ['source', source], ...fields];
  return signedPost(t, signaturesPath(t.petitionId), pairs, authKey);
}

/**
 * Polls until `check` holds, and returns the value that passed; fails the test when the bound
 * runs out, with the last value read, so that a wait that expires can never pass unnoticed.
 */
export async function eventually<T>(read: () => Promise<T> | T, check: (value: T) => boolean, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() >= until) assert.fail(`still not so after ${timeoutMs} ms; the last value read: ${describe(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

/** A value for a failure message, short: a response by its status and body. */
function describe(value: unknown): string {
  const text = (() => {
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  })();
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

export async function getJson(t: TestService, path: string, query: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const url = new URL(urlOf(t, path));
  url.searchParams.set('api_key', t.consumer.api_key);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const response = await fetch(url);
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** A failure answer: `status`, the spec's error body with at least one message; its messages. */
export async function failureMessages(response: Response, status: number): Promise<string[]> {
  assert.equal(response.status, status);
  const body = (await response.json()) as { result: string; messages: string[] };
  assert.equal(body.result, 'failure');
  assert.ok(Array.isArray(body.messages) && body.messages.length > 0);
  return body.messages;
}
