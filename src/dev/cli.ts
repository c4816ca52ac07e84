// `petition-embed dev` (what `npm start` runs): the whole demo stack with no set-up;
// `petition-embed dev site --proxy URL --petition ID`: the demo page alone, for a proxy and a
// service that run elsewhere (compose.yaml);
// `petition-embed dev compose-setup --template FILE --out FILE`: compose.yaml's one-shot set-up
// (compose-setup.ts).
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';
import { startDevStack } from './stack.js';
import { startDemoSite } from './demo-site.js';
import { originProblem } from '../proxy/config/config.js';
import { ComposeSetupError, composeSetup } from './compose-setup.js';

const USAGE =
  'usage: petition-embed dev [--host 127.0.0.1] [--port 5173] [--data data/dev] [--allow-origin http://localhost:8080]…\n' +
  '       petition-embed dev site --proxy http://localhost:4020 --petition ID [--host 127.0.0.1] [--port 8080]\n' +
  '       petition-embed dev compose-setup --template compose/proxy.config.json --out /data/proxy.config.json [--db URL]\n' +
  '  --allow-origin: a site of yours that may use the demo proxy (its elements or iframes), repeatable\n';

function usageError(message: string): never {
  process.stderr.write(`${message}\n${USAGE}`);
  process.exit(2);
}

function portOf(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) usageError('--port: must be an integer from 0 to 65535');
  return port;
}

/** Stops on SIGINT or SIGTERM (a container's stop), with exit status 0 once closed. */
function stopOnSignals(close: () => Promise<void>): void {
  const stop = async () => {
    await close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function site(args: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        proxy: { type: 'string' },
        petition: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '8080' },
      },
    }));
  } catch (error) {
    usageError((error as Error).message);
  }
  if (!values.proxy || !URL.canParse(values.proxy) || !/^https?:$/.test(new URL(values.proxy).protocol)) {
    usageError('--proxy: must be the http or https URL browsers reach the proxy at');
  }
  if (!values.petition || !/^[1-9]\d*$/.test(values.petition)) usageError('--petition: must be a petition id of the proxy');
  const demo = await startDemoSite({
    root: PACKAGE_ROOT,
    proxyUrl: values.proxy,
    petitionId: Number(values.petition),
    host: values.host,
    port: portOf(values.port),
  });
  stopOnSignals(demo.close);
  process.stdout.write(`petition-embed demo page at ${demo.url} (its origin must be in the proxy's allowedOrigins; for \`npm start\`'s proxy: npm start -- --allow-origin ${new URL(demo.url).origin})\n`);
}

async function setup(args: string[]): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        // DATABASE_URL keeps the database's password off the command line (as the service's --db).
        db: { type: 'string', default: process.env['DATABASE_URL'] },
        template: { type: 'string' },
        out: { type: 'string' },
      },
    }));
  } catch (error) {
    usageError((error as Error).message);
  }
  if (!values.db) usageError('--db (or DATABASE_URL): the service\'s database is required');
  if (!values.template || !values.out) usageError('--template and --out are required');
  try {
    await composeSetup({ database: values.db, template: values.template, out: values.out });
  } catch (error) {
    if (!(error instanceof ComposeSetupError)) throw error;
    process.stderr.write(`petition-embed dev compose-setup: ${error.message}\n`);
    process.exit(1);
  }
}

function parse(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '5173' },
        data: { type: 'string', default: 'data/dev' },
        'allow-origin': { type: 'string', multiple: true, default: [] },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    usageError((error as Error).message);
  }
}

export async function main(args: string[]): Promise<void> {
  if (args[0] === 'site') return site(args.slice(1));
  if (args[0] === 'compose-setup') return setup(args.slice(1));
  const { values } = parse(args);
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const port = portOf(values.port);
  for (const origin of values['allow-origin']) {
    const problem = originProblem(origin);
    if (problem) usageError(`--allow-origin ${origin}: ${problem}`);
  }
  const stack = await startDevStack({
    root: PACKAGE_ROOT,
    dataDir: resolve(values.data),
    host: values.host,
    port,
    allowedOrigins: values['allow-origin'],
  });
  stopOnSignals(() => stack.close());
  // After the handlers: whoever waits for these lines may stop the stack at once.
  process.stdout.write(`petition-embed demo running at ${stack.url}\n`);
  process.stdout.write(`  proxy ${stack.proxy.url}, service ${stack.service.baseUrl}, petition ${stack.petitionId}\n`);
  process.stdout.write(`  operator console ${stack.console.url}: sign in as ${stack.console.email} with ${stack.console.password}\n`);
  if (values['allow-origin'].length > 0) {
    // What a newcomer pastes into their own page: the demo proxy answers it from those origins.
    process.stdout.write(`  on your page at ${values['allow-origin'].join(' or ')}:\n`);
    process.stdout.write(`    <script type="module" src="${stack.proxy.url}/petition-embed.js"></script>\n`);
    process.stdout.write(`    <petition-sign petition-id="${stack.petitionId}"></petition-sign>\n`);
    process.stdout.write(`    <petition-signatures petition-id="${stack.petitionId}"></petition-signatures>\n`);
  }
}
