// A proxy started before its service (one machine, a compose file): its key request gets no
// answer, so it asks again after 1 s, doubling, never later than its poll period, and has its key
// as soon as the service is up instead of a whole period later.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { parseProxyConfig, startProxy, type RunningProxy } from '../../../src/proxy/index.js';
import { Stack, eventually, keysDecided } from '../stack.js';

let stack: Stack;
before(async () => {
  stack = await new Stack({ autoGrant: true }).start();
  await keysDecided(stack.proxy!);
});
after(() => stack.close());

/** Another proxy with no stored key, so it asks at start; its log lines in `logs`. */
async function freshProxy(name: string, keyPollMs: number, logs: string[]): Promise<RunningProxy> {
  const config = parseProxyConfig({ ...stack.config, dataDir: `${stack.dir}/${name}` });
  return startProxy(config, { port: 0, log: (line) => logs.push(line), assetsDir: stack.dir, keyPollMs });
}

const retries = (logs: string[]) => logs.map((line) => / will ask again in (\S+) s$/.exec(line)?.[1]).filter((s) => s !== undefined).map(Number);

test('the service comes up after the proxy: asked again after 1 s, then 2 s, and the key comes within seconds, not a poll period', async (t) => {
  await stack.stopService();
  const logs: string[] = [];
  const proxy = await freshProxy('before-the-service', 60_000, logs);
  t.after(() => proxy.close());
  await eventually(() => retries(logs).length >= 2, 5000, 'two unanswered requests');
  assert.deepEqual(retries(logs).slice(0, 2), [1, 2], logs.join('\n'));
  assert.match(logs[0]!, /^auth key for petition \d+: .+, will ask again in 1 s$/);
  await stack.startService();
  await keysDecided(proxy, 8000);
  assert.ok(logs.includes(`auth key for petition ${stack.petitionIds[0]}: granted`), logs.join('\n'));
});

test('the quick retries never wait longer than the poll period', async (t) => {
  await stack.stopService();
  t.after(() => stack.startService());
  const logs: string[] = [];
  const proxy = await freshProxy('short-period', 1500, logs);
  t.after(() => proxy.close());
  await eventually(() => retries(logs).length >= 3, 8000, 'three unanswered requests');
  assert.deepEqual(retries(logs).slice(0, 3), [1, 1.5, 1.5], logs.join('\n'));
});
