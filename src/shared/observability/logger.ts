// The one logger of a server process (service or proxy), built once in its composition root and
// passed down: an event name with fields, as JSON lines (`--log-format json`) or readable lines
// (`text`), filtered by level. Keys that name personal data or secrets are replaced before any
// line is written, wherever in the fields they are (log-redaction.ts).
import { pino, stdTimeFunctions } from 'pino';
import { redactFields } from './log-redaction.js';

export const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** What a log line carries beside its event: small, flat values; never personal data. */
type LogFields = Record<string, unknown>;

export interface Logger {
  debug(event: string, fields?: LogFields): void;
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
  /** A logger whose every line also carries these fields (a request id, a petition id). */
  child(bindings: LogFields): Logger;
}

export interface LoggerOptions {
  format: LogFormat;
  level: LogLevel;
  /** Default: stderr. A function receives each line without its newline. */
  destination?: NodeJS.WritableStream | ((line: string) => void);
}

export function createLogger(options: LoggerOptions): Logger {
  const out = lineWriter(options.destination ?? process.stderr);
  const write = options.format === 'json' ? out : (line: string) => out(textLine(line));
  return wrap(
    pino(
      {
        level: options.level,
        base: null,
        timestamp: stdTimeFunctions.isoTime,
        formatters: {
          level: (label) => ({ level: label }),
          log: (fields) => redactFields(fields),
        },
      },
      // pino's lines end with a newline; the writer adds its own.
      { write: (chunk: string) => write(chunk.endsWith('\n') ? chunk.slice(0, -1) : chunk) },
    ),
  );
}

/** For the callers that write one finished sentence (`log(line)`): each line is an info event. */
export function lineLog(logger: Logger): (line: string) => void {
  return (line) => logger.info(line);
}

export function isLogFormat(text: string): text is LogFormat {
  return (LOG_FORMATS as readonly string[]).includes(text);
}

export function isLogLevel(text: string): text is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(text);
}

function wrap(base: pino.Logger): Logger {
  const at = (level: LogLevel) => (event: string, fields?: LogFields) => {
    if (fields === undefined) base[level](event);
    else base[level](fields, event);
  };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    // pino's formatters never see a child's bindings: they are cleaned here.
    child: (bindings) => wrap(base.child(redactFields(bindings))),
  };
}

function lineWriter(destination: NodeJS.WritableStream | ((line: string) => void)): (line: string) => void {
  if (typeof destination === 'function') return destination;
  return (line) => void destination.write(`${line}\n`);
}

/** `2026-11-26T13:50:00.000Z INFO  callback failing petition_id=7 status=503`, from pino's JSON. */
function textLine(json: string): string {
  const { time, level, msg, ...fields } = JSON.parse(json) as Record<string, unknown>;
  const head = `${String(time)} ${String(level).toUpperCase().padEnd(5)} ${String(msg ?? '')}`;
  const rest = Object.entries(fields).map(([key, value]) => `${key}=${textValue(value)}`);
  return rest.length === 0 ? head : `${head} ${rest.join(' ')}`;
}

function textValue(value: unknown): string {
  if (typeof value === 'string') return /^[\w.:/@+-]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value);
}
