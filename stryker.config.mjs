// Mutation testing (`npm run test:mutation [area...]`, issues 17 and 31; not part of `npm test`):
// how much of what the rules of the count, the signers' privacy and the visitors' limits do is
// pinned down by a test. scripts/mutation.js runs one Stryker run per area, in turn, with
// MUTATION_AREA set; each area keeps its own incremental file, committed under test/mutation/, so a
// run after a change re-tests only the mutants the change touched (or whose tests changed).
// Scores: docs/benchmarks.md, "Mutation testing".

// Each area's test files are in the order a mutant meets them: a mutant runs only the files that
// executed it (coverage per file) and stops at the first failing one, so quick, focused files come
// first and the slow ones last.
const areas = {
  // src/shared: what browser, proxy and service share.
  shared: {
    mutate: [
      'src/shared/**/*.ts',
      // Generated address data (scripts/address-data/write.ts): one table per letter and the
      // browser's loader of each: data, not rules; test/shared/address-data.test.ts checks them
      // against their source.
      '!src/shared/addresses/countries/**',
    ],
    testFiles: [
      'test/shared/rsig-digest.test.ts',
      'test/shared/signing.test.ts',
      'test/shared/withdrawal-token.test.ts',
      'test/shared/client-network.test.ts',
      'test/shared/ip-address.test.ts',
      'test/shared/utc-time.test.ts',
      'test/shared/address-rules.test.ts',
      // Not address-data.test.ts: it compares the generated tables byte for byte with their render,
      // and Stryker's sandbox starts every TypeScript file with `// @ts-nocheck`.
      'test/shared/observability/logger.test.ts',
      'test/shared/observability/metrics-listener.test.ts',
      'test/shared/signature-schema.test.ts',
      'test/shared/opt-in-label.test.ts',
      'test/shared/subdivision-name.test.ts',
      'test/shared/reserved-space.test.ts',
      'test/shared/subdivision.test.ts',
      'test/shared/ip-address-parse.test.ts',
      'test/shared/signer-validation.test.ts',
      'test/shared/postal-code.test.ts',
      'test/shared/signer-fields.test.ts',
      'test/shared/signature-origin.test.ts',
      'test/shared/signature-opt-ins.test.ts',
      'test/shared/element-languages.test.ts',
      'test/shared/proof.test.ts',
      'test/shared/consent.test.ts',
      'test/shared/signing-rules.test.ts',
      'test/shared/address-check.test.ts',
      'test/shared/signed-body-limit.test.ts',
      'test/shared/list-query.test.ts',
      'test/shared/observability/request-id.test.ts',
      'test/shared/observability/log-redaction.test.ts',
      'test/shared/connection-limits.test.ts',
      'test/shared/malformed-http.test.ts',
      'test/shared/incoming-body.test.ts',
      'test/shared/observability/http-request-duration.test.ts',
      'test/proxy/visitors/origins.test.ts',
      'test/proxy/visitors/forwarded-for.test.ts',
      'test/proxy/http/web-body.test.ts',
      'test/proxy/outbox/submission-body.test.ts',
      'test/proxy/outbox/signature-origin.test.ts',
      'test/service/http/body-limits.test.ts',
      'test/service/signatures/listing.test.ts',
      'test/proxy/http/routes.test.ts',
      'test/proxy/proof/proof-of-work.test.ts',
      'test/service/http/hostile-input.test.ts',
      'test/service/confirmation/signer-withdrawal.test.ts',
      'test/proxy/webhooks/webhooks.test.ts',
      // Not test/proxy/visitors/connections.test.ts (14 s): connection-limits.test.ts has the caps
      // and deadlines on a bare server.
    ],
  },
  // The proxy's rules for visitors, proofs of work, embed pages and a signature's intake, in four
  // areas (`proxy` names all four), each mutated module with only its own tests. The proxy's tests
  // that start a whole proxy reach every module, and a mutant runs every file that reached it until
  // one fails: as one area, each survivor ran a dozen of them, and a run took two to three hours.
  // Here a module counts only what its own tests catch, which can only lower its score.
  'proxy-visitors': {
    mutate: ['src/proxy/visitors/**/*.ts'],
    testFiles: [
      'test/proxy/visitors/forwarded-headers.test.ts',
      'test/proxy/visitors/trusted-proxies.test.ts',
      'test/proxy/visitors/client-address.test.ts',
      'test/proxy/visitors/rate-limit.test.ts',
      'test/proxy/visitors/origin-policy.test.ts',
      'test/proxy/visitors/rate-counters.test.ts',
      'test/proxy/visitors/origins.test.ts',
      'test/proxy/visitors/client-networks.test.ts',
      'test/proxy/visitors/forwarded-for.test.ts',
    ],
  },
  'proxy-proof': {
    mutate: ['src/proxy/proof/**/*.ts'],
    testFiles: [
      'test/proxy/proof/issuer-id.test.ts',
      'test/proxy/proof/used-proof-store.test.ts',
      'test/proxy/proof/challenge-issuer.test.ts',
      'test/proxy/proof/proof-of-work-rules.test.ts',
      'test/proxy/proof/challenge-limit.test.ts',
      'test/proxy/proof/shared-secret.test.ts',
      'test/proxy/proof/difficulty.test.ts',
      'test/proxy/proof/proof-of-work.test.ts',
    ],
  },
  'proxy-embed': {
    mutate: ['src/proxy/embed/**/*.ts'],
    testFiles: [
      'test/proxy/embed/embed-titles.test.ts',
      'test/proxy/embed/embed-attributes.test.ts',
      'test/proxy/embed/embed-routes.test.ts',
    ],
  },
  'proxy-intake': {
    mutate: ['src/proxy/http/signature-intake.ts', 'src/proxy/outbox/consent-check.ts'],
    testFiles: [
      'test/proxy/outbox/consent-check.test.ts',
      'test/proxy/http/signature-intake.test.ts',
      'test/proxy/outbox/submission-body.test.ts',
      'test/proxy/outbox/opt-in-delivery.test.ts',
      'test/proxy/http/routes.test.ts',
      'test/proxy/http/submission-listener.test.ts',
    ],
  },
  // The service's rules of the count and the signers' privacy: block lists and invalidations, the
  // public breakdown, confirmation by mail and code, and the limits per network.
  service: {
    mutate: [
      'src/service/abuse/**/*.ts',
      'src/service/geography/**/*.ts',
      'src/service/confirmation/**/*.ts',
      // The service's own words in each signer language: text, not rules; the tests that read the
      // pages check the words they rely on.
      '!src/service/confirmation/signer-messages.ts',
      '!src/service/confirmation/signer-control-messages.ts',
      'src/service/limits/**/*.ts',
    ],
    testFiles: [
      'test/service/confirmation/signer-language.test.ts',
      'test/service/confirmation/mailer.test.ts',
      'test/service/confirmation/confirmation-mailer.test.ts',
      'test/service/confirmation/confirmation-pages.test.ts',
      'test/service/limits/rate-limit.test.ts',
      'test/service/confirmation/confirmation-code-rules.test.ts',
      'test/service/confirmation/signer-confirmation-rules.test.ts',
      'test/postgres/shared-rate-limit.test.ts',
      'test/service/abuse/invalidation-filter.test.ts',
      'test/service/geography/small-groups.test.ts',
      'test/service/abuse/block-list.test.ts',
      'test/service/abuse/screen-reload.test.ts',
      'test/service/abuse/bulk-invalidation-store.test.ts',
      'test/service/abuse/confirmation-recheck-store.test.ts',
      'test/service/limits/confirmation-code-limit.test.ts',
      'test/service/limits/sign-in-limit.test.ts',
      'test/service/limits/database-window.test.ts',
      'test/service/geography/signature-breakdown.test.ts',
      'test/service/abuse/screening.test.ts',
      'test/service/abuse/bulk-invalidation.test.ts',
      'test/service/limits/limits.test.ts',
      'test/service/confirmation/signer-withdrawal.test.ts',
      'test/service/confirmation/confirmation-code.test.ts',
      'test/service/abuse/confirmation-recheck.test.ts',
      'test/service/signatures/email-identity.test.ts',
      'test/service/signatures/moderation.test.ts',
      'test/service/limits/client-networks.test.ts',
      'test/service/confirmation/signer-confirmation.test.ts',
      // A silent mail server's 10 s wait: about 11 s.
      'test/service/confirmation/smtp-connections.test.ts',
    ],
  },
};

const area = process.env.MUTATION_AREA ?? 'shared';
const chosen = areas[area];
if (!chosen) throw new Error(`MUTATION_AREA must be one of ${Object.keys(areas).join(', ')}; got ${area}`);

export default {
  testRunner: 'tap',
  tap: {
    testFiles: chosen.testFiles,
    // Each file runs in its own `node`, the TypeScript loaded by tsx; node:test prints TAP only
    // when asked on Node 20 (its default there depends on the terminal).
    nodeArgs: ['--import', 'tsx', '--test-reporter=tap'],
    // A failing file runs to its end: killing it at the first failure (the default) loses the
    // failure when it is inside a describe block, and the mutant is reported as an error.
    forceBail: false,
  },
  // The tap runner reports the mutants each file executed: a mutant runs only those files.
  coverageAnalysis: 'perTest',
  mutate: chosen.mutate,
  incremental: true,
  incrementalFile: `test/mutation/${area}.incremental.json`,
  // The machine's 2 cores; the files under test start real servers, which need a core of their own.
  concurrency: 2,
  // A shared, noisy machine: a run that is merely slow must not be counted as a mutant's hang.
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${area}.html` },
  jsonReporter: { fileName: `reports/mutation/${area}.json` },
  tempDirName: `.stryker-tmp/${area}`,
};
