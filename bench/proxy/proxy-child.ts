// The proxy as the benchmark runs it: compiled, in a child process with a transport that counts calls to the
// service by path, readable at GET /bench/upstream-calls (mounted through extraRoutes). On
// SIGTERM it closes and exits normally, so that `node --cpu-prof` writes its profile.
// The compiled proxy (dist-server/, `npm run build:server`), as `petition-embed proxy` runs it:
// the TypeScript loader adds work of its own to every function made at run time.
const compiled = (path: string) => new URL(`../../dist-server/proxy/${path}`, import.meta.url).href;
const { httpTransport } = (await import(compiled('upstream/http-transport.js'))) as typeof import('../../src/proxy/upstream/http-transport.js');
const { loadProxyConfig, startProxy } = (await import(compiled('index.js'))) as typeof import('../../src/proxy/index.js');

const [configPath] = process.argv.slice(2);
const calls = new Map<string, number>();
const http = httpTransport();

const config = loadProxyConfig(configPath!, {});
const proxy = await startProxy(config, {
  port: Number(new URL(config.publicUrl).port),
  log: () => undefined,
  transport: {
    send(request) {
      const key = `${request.method} ${new URL(request.url).pathname}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
      return http.send(request);
    },
    close: () => http.close(),
  },
  extraRoutes: (app) => app.get('/bench/upstream-calls', (c) => c.json(Object.fromEntries(calls))),
});
process.once('SIGTERM', () => {
  void proxy.close().finally(() => process.exit(0));
});
await proxy.keysReady();
process.stdout.write(`ready ${proxy.url}\n`);
