// The service's logger and metrics, built once from its options (index.ts) and passed down: with
// a `logger` (the command line's `--log-format`, `--log-level`), every line goes through it;
// with only a `log` function (tests, embedders), the existing lines reach it as they are and the
// new events as readable text lines.
import { createLogger, lineLog, type Logger } from '../../shared/observability/logger.js';
import { DeliveryWatch } from './delivery-watch.js';
import { LimitWatch } from './limit-watch.js';
import { ServiceMetrics } from './service-metrics.js';

export interface ObservabilityOptions {
  logger?: Logger;
  log?: (line: string) => void;
  /** Whether /metrics is served: only then are the process's own families collected. */
  metricsServed: boolean;
}

export interface ServiceObservability {
  logger: Logger;
  log: (line: string) => void;
  /**
   * For the lines of an outage and of its end (the database, its checkpoints, the queue worker):
   * both at warn, so that `--log-level warn` keeps them in pairs.
   */
  warnLog: (line: string) => void;
  metrics: ServiceMetrics;
  limitWatch: LimitWatch;
  deliveryWatch: DeliveryWatch;
}

export function serviceObservability(options: ObservabilityOptions): ServiceObservability {
  const log = options.logger ? lineLog(options.logger) : (options.log ?? ((line: string) => void process.stderr.write(`${line}\n`)));
  const logger = options.logger ?? createLogger({ format: 'text', level: 'info', destination: log });
  const metrics = new ServiceMetrics({ processMetrics: options.metricsServed });
  const warnLog = options.logger ? (line: string) => logger.warn(line) : log;
  return { logger, log, warnLog, metrics, limitWatch: new LimitWatch(metrics, logger), deliveryWatch: new DeliveryWatch(metrics, logger) };
}
