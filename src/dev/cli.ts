// `petition-embed dev` (what `npm start` runs): the whole demo stack with no set-up.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { PACKAGE_ROOT } from '../package-root.js';
import { startDevStack } from './stack.js';
import { originProblem } from '../proxy/config/config.js';

const USAGE =
  'usage: petition-embed dev [--host 127.0.0.1] [--port 5173] [--data data/dev] [--allow-origin http://localhost:8080]…\n' +
  '  --allow-origin: a site of yours that may use the demo proxy (its elements or iframes), repeatable\n';

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
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

export async function main(args: string[]): Promise<void> {
  const { values } = parse(args);
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) {
    process.stderr.write(`--port: must be an integer from 0 to 65535\n${USAGE}`);
    process.exit(2);
  }
  for (const origin of values['allow-origin']) {
    const problem = originProblem(origin);
    if (problem) {
      process.stderr.write(`--allow-origin ${origin}: ${problem}\n${USAGE}`);
      process.exit(2);
    }
  }
  const stack = await startDevStack({
    root: PACKAGE_ROOT,
    dataDir: resolve(values.data),
    host: values.host,
    port,
    allowedOrigins: values['allow-origin'],
  });
  const stop = async () => {
    await stack.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
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
