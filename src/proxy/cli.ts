// `petition-embed proxy [--host H] [--port P] [--metrics HOST:PORT] [--log-format F] [--log-level L]
// --config FILE` runs the proxy;
// `petition-embed proxy keys --config FILE` prints each petition's key status (never the key);
// `petition-embed proxy webhook test --config FILE [--petition ID]` sends each webhook a sample;
// `petition-embed proxy doctor --config FILE` checks the setup, one line per finding.
import { parseArgs } from 'node:util';
import { createLogger, isLogFormat, isLogLevel, LOG_FORMATS, LOG_LEVELS, type Logger } from '../shared/observability/logger.js';
import { METRICS_ADDRESS_RULE, parseMetricsAddress, type MetricsAddress } from '../shared/observability/metrics-listener.js';
import { loadProxyConfig } from './config/config-file.js';
import { ProxyConfigError, type ProxyConfig } from './config/config.js';
import { exitStatusOf, formatFinding } from './doctor/doctor-finding.js';
import { runDoctor } from './doctor/doctor.js';
import { createKeyFile } from './keys/key-file.js';
import { startProxy } from './index.js';
import { sendWebhookSamples } from './webhooks/webhook-test.js';
import { UnusableFileError } from '../unusable-file.js';

const USAGE =
  'usage: petition-embed proxy [--host 127.0.0.1] [--port 4020] --config proxy.config.json\n' +
  '                            [--metrics 127.0.0.1:9465] [--log-format text|json] [--log-level debug|info|warn|error]\n' +
  '       petition-embed proxy keys --config proxy.config.json\n' +
  '       petition-embed proxy webhook test --config proxy.config.json [--petition ID]\n' +
  '       petition-embed proxy doctor --config proxy.config.json\n' +
  'PETITION_API_KEY and PETITION_API_SECRET in the environment override the file.\n' +
  '--metrics: serve /metrics (Prometheus) on this address of its own, never on the public port; off by default.\n';

function readConfig(path: string | undefined): ProxyConfig {
  if (!path) {
    process.stderr.write(`--config is required\n${USAGE}`);
    process.exit(2);
  }
  try {
    return loadProxyConfig(path, process.env);
  } catch (error) {
    if (!(error instanceof ProxyConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

async function printKeys(config: ProxyConfig): Promise<void> {
  let records;
  try {
    records = await createKeyFile(config.dataDir).read();
  } catch (error) {
    if (!(error instanceof UnusableFileError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const statuses = config.petitions.map((petition) => {
    const record = records.find((r) => r.petition_id === petition.id && r.source === petition.source);
    return {
      petition_id: petition.id,
      source: petition.source,
      status: record?.status ?? 'not requested',
      ...(record ? { updated_at: record.updated_at } : {}),
    };
  });
  process.stdout.write(`${JSON.stringify(statuses, null, 2)}\n`);
}

/** One line per endpoint; exit status 1 unless every endpoint answered 2xx. */
async function testWebhooks(config: ProxyConfig, petition: string | undefined): Promise<void> {
  const petitionId = petition === undefined ? undefined : Number(petition);
  if (petitionId !== undefined && !config.petitions.some((p) => p.id === petitionId)) {
    process.stderr.write(`--petition: ${petition} is not a petition of this configuration\n`);
    process.exit(2);
  }
  const results = await sendWebhookSamples(config, petitionId);
  if (results.length === 0) process.stdout.write('no webhooks configured\n');
  for (const { petitionId: id, url, outcome } of results) {
    process.stdout.write(`petition ${id}: ${new URL(url).origin}${new URL(url).pathname} ${outcome}\n`);
  }
  process.exitCode = results.every(({ outcome }) => outcome.startsWith('HTTP 2')) ? 0 : 1;
}

/** Exit status 1 when any check failed; a config that does not load is reported like the rest. */
async function doctor(path: string | undefined): Promise<void> {
  if (!path) {
    process.stderr.write(`--config is required\n${USAGE}`);
    process.exit(2);
  }
  const findings = await runDoctor(path, process.env);
  process.stdout.write(findings.map((finding) => `${formatFinding(finding)}\n`).join(''));
  process.exitCode = exitStatusOf(findings);
}

export async function main(args: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        config: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string', default: '4020' },
        help: { type: 'boolean' },
        petition: { type: 'string' },
        metrics: { type: 'string' },
        'log-format': { type: 'string', default: 'text' },
        'log-level': { type: 'string', default: 'info' },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
  const webhookTest = positionals.length === 2 && positionals[0] === 'webhook' && positionals[1] === 'test';
  const command = positionals.length === 1 && ['keys', 'doctor'].includes(positionals[0]!);
  if (positionals.length > 0 && !webhookTest && !command) {
    process.stderr.write(`unknown command: ${positionals.join(' ')}\n${USAGE}`);
    process.exit(2);
  }
  if (positionals[0] === 'doctor') return doctor(values.config);
  const config = readConfig(values.config);
  if (positionals[0] === 'keys') return printKeys(config);
  if (webhookTest) return testWebhooks(config, values.petition);

  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`--port: must be an integer from 0 to 65535\n`);
    process.exit(2);
  }
  const logger = loggerOf(values['log-format'], values['log-level']);
  const metrics = metricsAddressOf(values.metrics);
  const proxy = await startProxy(config, { host: values.host, port, logger, ...(metrics ? { metrics } : {}) });
  const stop = () => void proxy.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The proxy's lines go to stdout, as they always have (its start line names its URL there). */
function loggerOf(format: string, level: string): Logger {
  if (!isLogFormat(format)) usage(`--log-format: must be one of ${LOG_FORMATS.join(', ')}`);
  if (!isLogLevel(level)) usage(`--log-level: must be one of ${LOG_LEVELS.join(', ')}`);
  return createLogger({ format, level, destination: process.stdout });
}

function metricsAddressOf(text: string | undefined): MetricsAddress | undefined {
  if (text === undefined) return undefined;
  return parseMetricsAddress(text) ?? usage(`--metrics: ${METRICS_ADDRESS_RULE}`);
}

function usage(message: string): never {
  process.stderr.write(`${message}\n${USAGE}`);
  process.exit(2);
}
