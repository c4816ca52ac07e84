// `petition-embed service …`: runs the service, or one of the operator's admin commands on
// its database file; admin commands print JSON on stdout.
import { parseArgs } from 'node:util';
import { openAdmin } from './admin.js';
import type { ServiceAdmin } from './admin.js';
import { startService } from './index.js';
import { OperatorError } from './operator-error.js';

const DEFAULT_DB = 'data/service.db';

const USAGE = `usage:
  petition-embed service [--host 127.0.0.1] [--port 4010] [--db ${DEFAULT_DB}] [--auto-grant] [--rate-limit 1000]
  petition-embed service admin create-consumer --db FILE --name NAME
  petition-embed service admin create-petition --db FILE --title TEXT
  petition-embed service admin seed --db FILE --petition N --count C
  petition-embed service admin auth-keys --db FILE
  petition-embed service admin grant|deny|revoke --db FILE ID
`;

class UsageError extends Error {}

function wholeNumber(name: string, text: string | undefined, min: number): number {
  if (text === undefined || !/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < min) {
    throw new UsageError(`--${name}: must be a whole number from ${min}`);
  }
  return Number(text);
}

function required(name: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`--${name}: is required`);
  return value;
}

export async function main(args: string[]): Promise<void> {
  try {
    if (args[0] === 'admin') runAdmin(args.slice(1));
    else await runService(args);
  } catch (error) {
    if (error instanceof UsageError || error instanceof OperatorError || isParseArgsError(error)) {
      process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    throw error;
  }
}

function isParseArgsError(error: unknown): boolean {
  return typeof (error as { code?: unknown })?.code === 'string' && String((error as { code: string }).code).startsWith('ERR_PARSE_ARGS');
}

async function runService(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '4010' },
      db: { type: 'string', default: DEFAULT_DB },
      'auto-grant': { type: 'boolean', default: false },
      'rate-limit': { type: 'string', default: '1000' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const service = await startService({
    dbPath: values.db,
    host: values.host,
    port: wholeNumber('port', values.port, 0),
    autoGrant: values['auto-grant'],
    rateLimitPerMinute: wholeNumber('rate-limit', values['rate-limit'], 1),
  });
  process.stdout.write(`petition service listening on ${service.baseUrl}${values['auto-grant'] ? ' (auto-grant)' : ''}\n`);
  const shutdown = () => {
    void service.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

function runAdmin(args: string[]): void {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      db: { type: 'string', default: DEFAULT_DB },
      name: { type: 'string' },
      title: { type: 'string' },
      petition: { type: 'string' },
      count: { type: 'string' },
    },
  });
  const [command, id] = positionals;
  const actions: Record<string, (admin: ServiceAdmin) => unknown> = {
    'create-consumer': (admin) => admin.createConsumer(required('name', values.name)),
    'create-petition': (admin) => admin.createPetition(required('title', values.title)),
    seed: (admin) => admin.seed(wholeNumber('petition', values.petition, 1), wholeNumber('count', values.count, 1)),
    'auth-keys': (admin) => admin.listAuthKeys(),
    grant: (admin) => admin.grant(wholeNumber('ID', id, 1)),
    deny: (admin) => admin.deny(wholeNumber('ID', id, 1)),
    revoke: (admin) => admin.revoke(wholeNumber('ID', id, 1)),
  };
  const action = command ? actions[command] : undefined;
  if (!action) throw new UsageError(command ? `unknown admin command: ${command}` : 'admin: which command?');
  const admin = openAdmin(values.db);
  try {
    process.stdout.write(`${JSON.stringify(action(admin))}\n`);
  } finally {
    admin.close();
  }
}
