// Mutation testing (`npm run test:mutation`, issue 17; not part of `npm test`): how much of what the
// shared modules and the proxy's client-address and origin modules do is pinned down by a test.
// Scores and run time: docs/benchmarks.md, "Mutation testing (issue 17)".

// The test files that reach the mutated modules, in the order a mutant meets them: a mutant runs
// only the files that executed it (coverage per file) and stops at the first failing one, so the
// quick and focused files come first.
const testFiles = [
  // The shared modules' own tests: rsig-digest.ts, signing.ts, signature-schema.ts, countries.ts.
  'test/shared/rsig-digest.test.ts',
  'test/shared/signing.test.ts',
  'test/shared/signature-schema.test.ts',
  // ip-address.ts's ranges, without a server.
  'test/shared/ip-address.test.ts',
  // origin-policy.ts: allowed and look-alike origins, CORS and preflight.
  'test/proxy/visitors/origins.test.ts',
  // client-address.ts, trusted-proxies.ts, forwarded-headers.ts: the trustProxy walk over
  // X-Forwarded-For and Forwarded, and the setting's parsing.
  'test/proxy/visitors/forwarded-for.test.ts',
  // signed-body-limit.ts and incoming-body.ts on the service: the largest valid signature, one byte over.
  'test/service/http/body-limits.test.ts',
  // signed-body-limit.ts and consent.ts on the proxy: the largest valid signature, the honeypot.
  'test/proxy/outbox/submission-body.test.ts',
  // list-query.ts on the service: page, page_size and sort, and their messages.
  'test/service/signatures/listing.test.ts',
  // list-query.ts on the proxy (bad list parameters), invalid fields, the rate limit per client.
  'test/proxy/http/routes.test.ts',
  // consent.ts: opt-ins, their words by language, attribution and the referrer, to the webhooks.
  'test/proxy/webhooks/webhooks.test.ts',
  // malformed-http.ts and incoming-body.ts (chunked bodies over the limit) on the service.
  'test/service/http/hostile-input.test.ts',
  // connection-limits.ts and malformed-http.ts on the proxy: deadlines, caps per address and in all.
  // Last: the slowest (about 20 s), and it only needs to run for what the others leave alive.
  'test/proxy/visitors/connections.test.ts',
];

export default {
  testRunner: 'tap',
  tap: {
    testFiles,
    // Each file runs in its own `node`, the TypeScript loaded by tsx; node:test prints TAP only
    // when asked on Node 20 (its default there depends on the terminal).
    nodeArgs: ['--import', 'tsx', '--test-reporter=tap'],
    // A failing file runs to its end: killing it at the first failure (the default) loses the
    // failure when it is inside a describe block, and the mutant is reported as an error.
    forceBail: false,
  },
  // The tap runner reports the mutants each file executed: a mutant runs only those files.
  coverageAnalysis: 'perTest',
  mutate: [
    'src/shared/**/*.ts',
    'src/proxy/visitors/client-address.ts',
    'src/proxy/visitors/trusted-proxies.ts',
    'src/proxy/visitors/forwarded-headers.ts',
    'src/proxy/visitors/origin-policy.ts',
  ],
  // The machine's 2 cores; the files under test start real servers, which need a core of their own.
  concurrency: 2,
  // A shared, noisy machine: a run that is merely slow must not be counted as a mutant's hang.
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
};
