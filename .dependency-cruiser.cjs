// The shape of the house (../shared/STYLE.md is the reasoning; each part's README.md its map),
// checked by `npm test` before any other test: `npx depcruise src test bench scripts support`.
// Type-only imports count: a cycle through a type is still a cycle for a reader.
/** Folders of src/service/ that hold rules of the spec (the domain): the store may not reach them. */
const SERVICE_DOMAIN = '(signatures|confirmation|auth-keys|petitions|operators|limits|seed|background|abuse|alerts|insight|delivery|paper|geography)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Modules import each other in one direction: move what both need (a type, a constant) to where both can import it.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'browser-code-stays-in-the-browser',
      severity: 'error',
      comment: 'The elements and what browser and servers share never reach a server part.',
      from: { path: '^src/(components|shared)/' },
      to: { path: '^src/(proxy|service|dev)/' },
    },
    {
      name: 'proxy-talks-to-the-service-over-http',
      severity: 'error',
      comment: 'The proxy runs on the site owner\'s server and knows the service only by its API.',
      from: { path: '^src/proxy/' },
      to: { path: '^src/service/' },
    },
    {
      name: 'proxy-domain-never-reaches-http',
      severity: 'error',
      comment:
        'Arrows point down: the proxy\'s rules throw ProxyError (src/proxy/errors/) and know nothing of HTTP; only routes and the Node listeners ahead of the app (*-routes.ts, *-listener.ts) share http/\'s pieces.',
      from: {
        path: '^src/proxy/(errors|outbox|reads|proof|keys|visitors|webhooks|upstream|background|config|assets|embed|doctor|metrics)/',
        pathNot: '-(routes|listener)\\.ts$',
      },
      to: { path: '^src/proxy/http/' },
    },
    {
      name: 'service-knows-no-proxy',
      severity: 'error',
      from: { path: '^src/service/' },
      to: { path: '^src/proxy/' },
    },
    {
      name: 'store-holds-sql-only',
      severity: 'error',
      comment: 'The store answers the domain; it never reaches up into HTTP, the console or a rule of the spec.',
      from: { path: '^src/service/store/' },
      to: { path: `^src/service/(http|console|${SERVICE_DOMAIN.slice(1, -1)})/` },
    },
    {
      name: 'routes-never-reach-an-engine',
      severity: 'error',
      comment: 'A route parses, calls a domain function and answers; the SQL engines are for the store.',
      from: { path: '^src/service/(http/|.*-routes\\.ts$)' },
      to: { path: '^src/service/store/(engines|migrations)/' },
    },
    {
      name: 'the-worker-runs-on-workers',
      severity: 'error',
      comment: 'src/proxy/worker/ runs in workerd without nodejs_compat: Web APIs only (tsconfig.worker.json checks what it imports, too).',
      from: { path: '^src/proxy/worker/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'src-never-imports-tests-or-benchmarks',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|bench)/' },
    },
    {
      name: 'benchmarks-never-import-tests',
      severity: 'error',
      comment: 'What both need (a PostgreSQL cluster, Chromium) lives in support/.',
      from: { path: '^bench/' },
      to: { path: '^test/' },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A module nothing imports is dead code (entry points and test files aside).',
      from: {
        orphan: true,
        pathNot: [
          '(^|/)\\.[^/]+\\.(js|cjs|mjs|ts|json)$',
          '\\.d\\.ts$',
          '(^|/)tsconfig\\.json$',
          '\\.test\\.ts$',
          '^bench/',
          '^scripts/',
          '^test/(reporters|chromium-options)',
          '^test/components/proxy-routes-middleware\\.js$',
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
