// `petition-embed service …`: runs the service, or one of the operator's admin commands on
// its database file; admin commands print JSON on stdout.
import { parseArgs } from 'node:util';
import { openAdmin } from './admin.js';
import type { ServiceAdmin } from './admin.js';
import { startService } from './index.js';
import { DatabaseNotWritableError } from './store/engines/store-engine.js';
import { smtpSettingsProblem } from './confirmation/mailer.js';
import type { SmtpSettings } from './confirmation/mailer.js';
import type { PetitionFieldsText } from './petitions/petition-fields.js';
import { OperatorError } from './errors/operator-error.js';
import { checkCallbackUrl } from './auth-keys/callback-address.js';
import type { AlertWebhook } from './alerts/alert-delivery.js';
import { DEFAULT_IPV6_PREFIX, IPV6_PREFIX_RULE, isIpv6Prefix } from '../shared/client-network.js';

const DEFAULT_DB = 'data/service.db';

const PETITION_FLAGS =
  '[--overview TEXT] [--target NAME]… [--goal N|none] [--status open|closed] [--end-at ISO|none] [--url URL|none] [--image-url URL|none] [--confirm-signers]';

const USAGE = `usage:
  petition-embed service [--host 127.0.0.1] [--port 4010] [--db ${DEFAULT_DB} | --db postgres://USER@HOST:PORT/DB] [--auto-grant]
                         [--allow-private-callbacks] [--rate-limit 1000] [--auth-failure-limit 60] [--ipv6-prefix 64]
                         [--public-url https://petitions.example.org]
                         [--smtp smtp://user:password@mail.example.org:587] [--mail-from "Petitions <petitions@example.org>"]
                         [--alert-webhook https://ops.example.org/hooks/petitions] [--trend-window 60] [--trend-threshold 20] [--trend-share 20]
      (PETITION_SMTP_URL and PETITION_MAIL_FROM in the environment stand for --smtp and --mail-from;
       DATABASE_URL for --db, which keeps a database password off the command line;
       PETITION_ALERT_SECRET, at least 32 characters, signs the --alert-webhook posts and is required with it)
  petition-embed service admin create-operator --db DATABASE --email EMAIL [--password-stdin]
  petition-embed service admin reset-operator-password --db DATABASE --email EMAIL [--password-stdin]
  petition-embed service admin create-consumer --db DATABASE --name NAME
  petition-embed service admin create-petition --db DATABASE --title TEXT ${PETITION_FLAGS}
  petition-embed service admin update-petition --db DATABASE ID [--title TEXT] ${PETITION_FLAGS} [--no-confirm-signers] [--clear-targets]
  petition-embed service admin petition --db DATABASE ID
  petition-embed service admin seed --db DATABASE --petition N --count C
  petition-embed service admin delivery --db DATABASE PETITION_ID --out FILE.pdf
  petition-embed service admin hide-name|show-name --db DATABASE SIGNATURE_ID
  petition-embed service admin import-paper --db DATABASE PETITION_ID FILE [--confirm]
      (a CSV sheet of signatures gathered on paper, docs/paper-signatures.md: previewed; added as a batch with --confirm)
  petition-embed service admin remove-paper-batch --db DATABASE BATCH_ID
  petition-embed service admin auth-keys --db DATABASE
  petition-embed service admin grant|deny|revoke --db DATABASE ID
`;

class UsageError extends Error {}

/** `name`: a flag's, or an upper-case positional argument's (ID). */
function wholeNumber(name: string, text: string | undefined, min: number): number {
  if (text === undefined || !/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < min) {
    throw new UsageError(`${/^[A-Z_]+$/.test(name) ? name : `--${name}`}: must be a whole number from ${min}`);
  }
  return Number(text);
}

function portNumber(text: string | undefined): number {
  const value = wholeNumber('port', text, 0);
  if (value > 65535) throw new UsageError('--port: must be a whole number from 0 to 65535');
  return value;
}

function percent(name: string, text: string | undefined): number {
  const value = wholeNumber(name, text, 1);
  if (value > 100) throw new UsageError(`--${name}: must be a whole number from 1 to 100`);
  return value;
}

function required(name: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${/^[A-Z_]+$/.test(name) ? name : `--${name}`}: is required`);
  return value;
}

export async function main(args: string[]): Promise<void> {
  try {
    if (args[0] === 'admin') await runAdmin(args.slice(1));
    else await runService(args);
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    // The command was understood and its value refused: the reason alone, one line a problem.
    if (error instanceof OperatorError) {
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 2;
      return;
    }
    if (error instanceof DatabaseNotWritableError) {
      process.stderr.write(`${args[0] === 'admin' ? 'admin command not run' : 'petition service not started'}: ${error.message}\n`);
      process.exitCode = 1;
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
      db: { type: 'string', default: process.env['DATABASE_URL'] ?? DEFAULT_DB },
      'auto-grant': { type: 'boolean', default: false },
      'allow-private-callbacks': { type: 'boolean', default: false },
      'rate-limit': { type: 'string', default: '1000' },
      'auth-failure-limit': { type: 'string', default: '60' },
      'ipv6-prefix': { type: 'string', default: String(DEFAULT_IPV6_PREFIX) },
      'public-url': { type: 'string' },
      smtp: { type: 'string' },
      'mail-from': { type: 'string' },
      'alert-webhook': { type: 'string' },
      'trend-window': { type: 'string', default: '60' },
      'trend-threshold': { type: 'string', default: '20' },
      'trend-share': { type: 'string', default: '20' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const service = await startService({
    publicUrl: publicUrl(values['public-url']),
    smtp: smtpSettings(values.smtp ?? process.env['PETITION_SMTP_URL'], values['mail-from'] ?? process.env['PETITION_MAIL_FROM']),
    dbPath: values.db,
    host: values.host,
    port: portNumber(values.port),
    autoGrant: values['auto-grant'],
    allowPrivateCallbacks: values['allow-private-callbacks'],
    rateLimitPerMinute: wholeNumber('rate-limit', values['rate-limit'], 1),
    authFailuresPerMinute: wholeNumber('auth-failure-limit', values['auth-failure-limit'], 1),
    alertWebhook: await alertWebhook(values['alert-webhook'], process.env['PETITION_ALERT_SECRET'], values['allow-private-callbacks']),
    trend: {
      windowMs: wholeNumber('trend-window', values['trend-window'], 1) * 60_000,
      minSignatures: wholeNumber('trend-threshold', values['trend-threshold'], 1),
      minSharePercent: percent('trend-share', values['trend-share']),
    },
    ipv6Prefix: ipv6Prefix(values['ipv6-prefix']),
  });
  const shutdown = () => {
    void service.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  // Only now: whoever waits for this line may stop the service at once, and must find it listening.
  process.stdout.write(`petition service listening on ${service.baseUrl}${values['auto-grant'] ? ' (auto-grant)' : ''}\n`);
  process.stdout.write(`operator console at ${service.consoleUrl}\n`);
}

function ipv6Prefix(text: string): number {
  const value = /^\d{1,3}$/.test(text) ? Number(text) : undefined;
  if (!isIpv6Prefix(value)) throw new UsageError(`--ipv6-prefix: ${IPV6_PREFIX_RULE}`);
  return value;
}

function publicUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
    throw new UsageError('--public-url: must be the http or https URL people reach the service at');
  }
  return new URL(text).origin;
}

function smtpSettings(url: string | undefined, from: string | undefined): SmtpSettings | undefined {
  if (url === undefined || url === '') {
    if (from) throw new UsageError('--mail-from: needs --smtp too');
    return undefined;
  }
  const settings = { url, from: from ?? '' };
  if (!from) throw new UsageError('--mail-from: is required with --smtp (the From of confirmation emails)');
  const problem = smtpSettingsProblem(settings);
  if (problem) throw new UsageError(problem);
  return settings;
}

/** The secret signs every post; the address obeys the callback rule (public unless --allow-private-callbacks). */
async function alertWebhook(url: string | undefined, secret: string | undefined, allowPrivate: boolean): Promise<AlertWebhook | undefined> {
  if (url === undefined) return undefined;
  if (secret === undefined || secret.length < 32) throw new UsageError('--alert-webhook: needs PETITION_ALERT_SECRET (at least 32 characters) in the environment');
  const problem = await checkCallbackUrl(url, { allowPrivate });
  // The rule's message names the API field; here it is about the flag.
  if (problem) throw new UsageError(`--alert-webhook: ${problem.slice(problem.indexOf(':') + 2)}`);
  return { url, secret };
}

/** A password piped in (`--password-stdin`), without the newline that ends it. */
async function passwordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

async function runAdmin(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    allowNegative: true,
    options: {
      db: { type: 'string', default: process.env['DATABASE_URL'] ?? DEFAULT_DB },
      name: { type: 'string' },
      email: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      'confirm-signers': { type: 'boolean' },
      title: { type: 'string' },
      overview: { type: 'string' },
      target: { type: 'string', multiple: true },
      'clear-targets': { type: 'boolean', default: false },
      goal: { type: 'string' },
      status: { type: 'string' },
      'end-at': { type: 'string' },
      url: { type: 'string' },
      'image-url': { type: 'string' },
      petition: { type: 'string' },
      count: { type: 'string' },
      out: { type: 'string' },
      confirm: { type: 'boolean', default: false },
    },
  });
  const [command, id, file] = positionals;
  const petitionText: PetitionFieldsText = {
    title: values.title,
    overview: values.overview,
    targets: values['clear-targets'] ? [] : values.target,
    goal: values.goal,
    status: values.status,
    end_at: values['end-at'],
    url: values.url,
    image_url: values['image-url'],
    confirm_signers: values['confirm-signers'] === undefined ? undefined : String(values['confirm-signers']),
  };
  const password = values['password-stdin'] ? await passwordFromStdin() : undefined;
  const actions: Record<string, (admin: ServiceAdmin) => unknown> = {
    'create-consumer': (admin) => admin.createConsumer(required('name', values.name)),
    'create-petition': (admin) => admin.createPetition({ ...petitionText, title: required('title', values.title) }),
    'update-petition': (admin) => admin.updatePetition(wholeNumber('ID', id, 1), petitionText),
    petition: (admin) => admin.petition(wholeNumber('ID', id, 1)),
    seed: (admin) => admin.seed(wholeNumber('petition', values.petition, 1), wholeNumber('count', values.count, 1)),
    delivery: (admin) => admin.delivery(wholeNumber('PETITION_ID', id, 1), required('out', values.out)),
    'hide-name': (admin) => admin.hideName(wholeNumber('SIGNATURE_ID', id, 1)),
    'show-name': (admin) => admin.showName(wholeNumber('SIGNATURE_ID', id, 1)),
    'import-paper': (admin) => admin.importPaper(wholeNumber('PETITION_ID', id, 1), required('FILE', file), values.confirm),
    'remove-paper-batch': (admin) => admin.removePaperBatch(wholeNumber('BATCH_ID', id, 1)),
    'auth-keys': (admin) => admin.listAuthKeys(),
    grant: (admin) => admin.grant(wholeNumber('ID', id, 1)),
    deny: (admin) => admin.deny(wholeNumber('ID', id, 1)),
    revoke: (admin) => admin.revoke(wholeNumber('ID', id, 1)),
    'create-operator': (admin) => admin.createOperator(required('email', values.email), password),
    'reset-operator-password': (admin) => admin.resetOperatorPassword(required('email', values.email), password),
  };
  const action = command ? actions[command] : undefined;
  if (!action) throw new UsageError(command ? `unknown admin command: ${command}` : 'admin: which command?');
  const admin = await openAdmin(values.db);
  try {
    process.stdout.write(`${JSON.stringify(await action(admin))}\n`);
  } finally {
    await admin.close();
  }
}
