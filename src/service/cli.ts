// `petition-embed service …`: runs the service, or one of the operator's admin commands on
// its database file; admin commands print JSON on stdout.
import { parseArgs } from 'node:util';
import { runAdmin } from './admin-command.js';
import { DEFAULT_DB, isParseArgsError, percent, portNumber, UsageError, wholeNumber } from './command-arguments.js';
import { startService, type RunningService } from './index.js';
import { DatabaseNotWritableError } from './store/engines/store-engine.js';
import { smtpSettingsProblem } from './confirmation/mailer.js';
import type { SmtpSettings } from './confirmation/mailer.js';
import { OperatorError } from './errors/operator-error.js';
import { readRetainDays, RETAIN_DAYS_RULE } from './retention/retention-period.js';
import { CopyFailedError } from './errors/copy-failed-error.js';
import { checkCallbackUrl } from './auth-keys/callback-address.js';
import type { AlertWebhook } from './alerts/alert-delivery.js';
import { DEFAULT_IPV6_PREFIX, IPV6_PREFIX_RULE, isIpv6Prefix } from '../shared/client-network.js';
import { createLogger, isLogFormat, isLogLevel, LOG_FORMATS, LOG_LEVELS, type Logger } from '../shared/observability/logger.js';
import { METRICS_ADDRESS_RULE, parseMetricsAddress, type MetricsAddress } from '../shared/observability/metrics-listener.js';


const PETITION_FLAGS =
  '[--overview TEXT] [--target NAME]… [--goal N|none] [--status open|closed] [--end-at ISO|none] [--url URL|none] [--image-url URL|none] [--confirm-signers]';

const USAGE = `usage:
  petition-embed service [--host 127.0.0.1] [--port 4010] [--db ${DEFAULT_DB} | --db postgres://USER@HOST:PORT/DB] [--db-wait 300] [--auto-grant]
                         [--allow-private-callbacks] [--rate-limit 1000] [--auth-failure-limit 60] [--ipv6-prefix 64]
                         [--public-url https://petitions.example.org]
                         [--smtp smtp://user:password@mail.example.org:587] [--mail-from "Petitions <petitions@example.org>"]
                         [--alert-webhook https://ops.example.org/hooks/petitions] [--trend-window 60] [--trend-threshold 20] [--trend-share 20]
                         [--metrics 127.0.0.1:9464] [--log-format text|json] [--log-level debug|info|warn|error]
                         [--retain-days-after-close 180]
      (PETITION_SMTP_URL and PETITION_MAIL_FROM in the environment stand for --smtp and --mail-from;
       DATABASE_URL for --db, which keeps a database password off the command line;
       --db-wait: seconds to wait, retrying, for a PostgreSQL not reachable yet at start; 0 tries once;
       PETITION_ALERT_SECRET, at least 32 characters, signs the --alert-webhook posts and is required with it;
       --metrics: serve /metrics (Prometheus) on this address of its own, never on the public port; off by default;
       --retain-days-after-close (or PETITION_RETAIN_DAYS_AFTER_CLOSE): days after a petition closes when its signers'
       personal data is erased, 1 to 3650; off by default (kept until an operator erases); a petition's own period overrides it)
  petition-embed service admin create-operator --db DATABASE --email EMAIL [--password-stdin]
  petition-embed service admin reset-operator-password --db DATABASE --email EMAIL [--password-stdin]
  petition-embed service admin create-consumer --db DATABASE --name NAME
  petition-embed service admin create-petition --db DATABASE --title TEXT ${PETITION_FLAGS}
  petition-embed service admin update-petition --db DATABASE ID [--title TEXT] ${PETITION_FLAGS} [--no-confirm-signers] [--clear-targets]
                                               [--retain-days-after-close DAYS|default]
  petition-embed service admin petition --db DATABASE ID
  petition-embed service admin seed --db DATABASE --petition N --count C
  petition-embed service admin delivery --db DATABASE PETITION_ID --out FILE.pdf
  petition-embed service admin hide-name|show-name --db DATABASE SIGNATURE_ID
  petition-embed service admin import-paper --db DATABASE PETITION_ID FILE [--confirm]
      (a CSV sheet of signatures gathered on paper, docs/paper-signatures.md: previewed; added as a batch with --confirm)
  petition-embed service admin remove-paper-batch --db DATABASE BATCH_ID
  petition-embed service admin auth-keys --db DATABASE
  petition-embed service admin grant|deny|revoke --db DATABASE ID
  petition-embed service admin backup --db DATABASE.db --out NEW_FILE
  petition-embed service admin copy-to-postgres --db DATABASE.db [--to postgres://USER@HOST:PORT/NEW_EMPTY_DB, else DATABASE_URL]
      (the whole service into a new, empty PostgreSQL database, in one transaction: stop the service first, README "Moving to PostgreSQL")
`;

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
    // Rolled back: one line saying where, exit 1 as for a database that cannot be written.
    if (error instanceof CopyFailedError) {
      process.stderr.write(`admin copy-to-postgres: ${error.message}\n`);
      process.exitCode = 1;
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

function parseServiceArgs(args: string[]) {
  return parseArgs({
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
      'db-wait': { type: 'string', default: '300' },
      metrics: { type: 'string' },
      'log-format': { type: 'string', default: 'text' },
      'log-level': { type: 'string', default: 'info' },
      'retain-days-after-close': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
}

async function runService(args: string[]): Promise<void> {
  const { values } = parseServiceArgs(args);
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  // Taken before the start: a SIGTERM while the database is awaited (a `docker stop`, where PID 1
  // has no default handler) ends the wait and exits 0 instead of being ignored.
  const stopping = new AbortController();
  let service: RunningService | undefined;
  const shutdown = () => {
    if (service) void service.close().then(() => process.exit(0));
    else stopping.abort(new StoppedBeforeStart());
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  try {
    service = await start(values, stopping.signal);
  } catch (error) {
    if (!(error instanceof StoppedBeforeStart)) throw error;
    process.stderr.write('petition service stopped before it started\n');
    return;
  }
  if (stopping.signal.aborted) {
    await service.close();
    return;
  }
  // Only now: whoever waits for this line may stop the service at once, and must find it listening.
  process.stdout.write(`petition service listening on ${service.baseUrl}${values['auto-grant'] ? ' (auto-grant)' : ''}\n`);
  process.stdout.write(`operator console at ${service.consoleUrl}\n`);
  if (service.metricsUrl) process.stdout.write(`metrics at ${service.metricsUrl}\n`);
  process.stdout.write(`${service.retentionLine}\n`);
}

class StoppedBeforeStart extends Error {}

type ServiceValues = ReturnType<typeof parseServiceArgs>['values'];

async function start(values: ServiceValues, signal: AbortSignal): Promise<RunningService> {
  return startService({
    logger: logger(values['log-format'], values['log-level']),
    metrics: metricsAddress(values.metrics),
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
    databaseWait: { maxWaitMs: wholeNumber('db-wait', values['db-wait'], 0) * 1000, signal },
    retainDaysAfterClose: retainDaysAfterClose(values['retain-days-after-close'] ?? process.env['PETITION_RETAIN_DAYS_AFTER_CLOSE']),
  });
}

/** Unset (or empty in the environment): no period, personal data kept until an operator erases it. */
function retainDaysAfterClose(text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  const days = readRetainDays(text);
  if (days === undefined) throw new UsageError(`--retain-days-after-close: ${RETAIN_DAYS_RULE}`);
  return days;
}

function logger(format: string, level: string): Logger {
  if (!isLogFormat(format)) throw new UsageError(`--log-format: must be one of ${LOG_FORMATS.join(', ')}`);
  if (!isLogLevel(level)) throw new UsageError(`--log-level: must be one of ${LOG_LEVELS.join(', ')}`);
  return createLogger({ format, level });
}

function metricsAddress(text: string | undefined): MetricsAddress | undefined {
  if (text === undefined) return undefined;
  const address = parseMetricsAddress(text);
  if (!address) throw new UsageError(`--metrics: ${METRICS_ADDRESS_RULE}`);
  return address;
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
