// Two proxies with one secret (the attack of issue 31: one solution bought a signature at each,
// since each remembers only its own spent proofs in its state.sqlite). Until the service
// remembers spent proofs per consumer, the rule is one Node proxy per secret (README.md "One
// proxy per secret"); what a proxy can see of a breach of it, it says: each challenge carries its
// issuer's id under the HMAC, a proof another proxy issued is counted when it is spent here and
// logged once per issuer, and `proxy doctor` warns with the count and the remedy.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ProxyConfig } from '../../../src/proxy/config/config.js';
import { checkSpentProofs } from '../../../src/proxy/doctor/doctor-proofs.js';
import { runDoctor } from '../../../src/proxy/doctor/doctor.js';
import { formatFinding } from '../../../src/proxy/doctor/doctor-finding.js';
import { startProxy, type RunningProxy } from '../../../src/proxy/index.js';
import type { Proof } from '../../../src/shared/proof.js';
import { Stack, freePort, keysDecided, signer } from '../stack.js';
import { challengeFor, solve } from './solve.js';

const issuerOf = (salt: string) => /[?&]issuer=([0-9a-f]{12})&/.exec(salt)?.[1];

describe('two proxies sharing a secret', () => {
  let stack: Stack;
  let second: RunningProxy;
  let secondConfig: ProxyConfig;
  const secondLogs: string[] = [];
  let petition: number;

  before(async () => {
    stack = new Stack({ petitionConfig: () => ({ proofOfWork: 50 }), config: { rateLimit: { signaturesPerIpPerMinute: 1000, challengesPerIpPerMinute: 1000 } } });
    await stack.start();
    await keysDecided(stack.proxy!);
    petition = stack.petitionIds[0]!;
    const port = await freePort();
    secondConfig = { ...stack.config, publicUrl: `http://127.0.0.1:${port}`, dataDir: join(stack.dir, 'second-proxy-data') };
    second = await startProxy(secondConfig, { port, assetsDir: join(stack.dir, 'assets'), log: (line) => secondLogs.push(line), keyPollMs: 100 });
    await keysDecided(second);
  });
  after(async () => {
    await second?.close();
    await stack.close();
  });

  const signAt = async (proxy: RunningProxy, proof: Proof) => {
    const answer = await fetch(`${proxy.url}/api/petitions/${petition}/signatures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...signer(stack), proof }),
    });
    await answer.text();
    return answer.status;
  };
  const secondChallenge = async () => solve(await (await fetch(`${second.url}/api/petitions/${petition}/challenge`)).json());
  const otherIssuerLines = () => secondLogs.filter((line) => line.startsWith('proof of work: a proof issued by another proxy'));

  test('each proxy marks its challenges with an issuer id of its own, kept across a restart', async () => {
    const first = issuerOf((await challengeFor(stack, petition)).salt);
    const other = issuerOf((await secondChallenge()).salt);
    assert.ok(first && other && first !== other, `${first} ${other}`);
    await stack.stopProxy();
    await stack.startProxy();
    await keysDecided(stack.proxy!);
    assert.equal(issuerOf((await challengeFor(stack, petition)).salt), first);
  });

  test('before any proof crosses over, the doctor says spent proofs are this proxy\'s alone', () => {
    assert.deepEqual(checkSpentProofs(secondConfig).map(formatFinding), [
      'ok    spent proofs: kept by this proxy alone; none issued by another proxy has been spent here (another proxy with this secret would not know this one\'s: README.md "One proxy per secret")',
    ]);
  });

  test('a solution from the first, spent at both (the documented weakness): the second counts it and logs it once; its own are not counted', async () => {
    const proof = await solve(await challengeFor(stack, petition));
    assert.equal(await signAt(stack.proxy!, proof), 202);
    assert.equal(await signAt(second, proof), 202, 'each proxy remembers only its own spent proofs');
    assert.equal(otherIssuerLines().length, 1);
    assert.match(otherIssuerLines()[0]!, /run one Node proxy per secret \(README\.md "One proxy per secret"\)$/);
    assert.equal(await signAt(second, await solve(await challengeFor(stack, petition))), 202);
    assert.equal(otherIssuerLines().length, 1, 'once per issuer');
    assert.equal(await signAt(second, await secondChallenge()), 202, 'its own proof');
  });

  test('the doctor of the second warns with the count and the remedy; the first\'s sees nothing of it', async () => {
    const [finding] = checkSpentProofs(secondConfig).map(formatFinding);
    assert.match(
      finding!,
      /^warn {2}spent proofs: 2 proofs of work issued by another proxy with this secret were spent here \(last \d{4}-\d\d-\d\dT[\d:.]+Z\): each proxy remembers only its own spent proofs, so one solution can buy a signature at each; run one Node proxy per secret \(README\.md "One proxy per secret"\)$/,
    );
    assert.match(checkSpentProofs(stack.config).map(formatFinding)[0]!, /^ok {4}spent proofs: kept by this proxy alone/);
    // The whole doctor, as `proxy doctor --config` runs it: the line is among its findings, a warning (exit 0).
    const path = join(stack.dir, 'second.config.json');
    writeFileSync(path, JSON.stringify(secondConfig), { mode: 0o600 });
    const findings = await runDoctor(path, {});
    assert.equal(findings.filter((f) => f.subject === 'spent proofs' && f.level === 'warn').length, 1);
  });

  test('nothing secret or personal in any log line', () => {
    stack.logs.push(...secondLogs);
    assert.deepEqual(stack.leaks(), []);
  });
});
