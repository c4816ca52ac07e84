// The checks the service's command line makes of its arguments, shared by the service's own
// flags (cli.ts) and the admin commands (admin-command.ts): each refusal is a UsageError, printed
// as one line and the usage.

/** Where the service keeps its data when neither --db nor DATABASE_URL says. */
export const DEFAULT_DB = 'data/service.db';

export class UsageError extends Error {}

/** `name`: a flag's, or an upper-case positional argument's (ID). */
export function wholeNumber(name: string, text: string | undefined, min: number): number {
  if (text === undefined || !/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < min) {
    throw new UsageError(`${/^[A-Z_]+$/.test(name) ? name : `--${name}`}: must be a whole number from ${min}`);
  }
  return Number(text);
}

export function portNumber(text: string | undefined): number {
  const value = wholeNumber('port', text, 0);
  if (value > 65535) throw new UsageError('--port: must be a whole number from 0 to 65535');
  return value;
}

export function percent(name: string, text: string | undefined): number {
  const value = wholeNumber(name, text, 1);
  if (value > 100) throw new UsageError(`--${name}: must be a whole number from 1 to 100`);
  return value;
}

export function required(name: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${/^[A-Z_]+$/.test(name) ? name : `--${name}`}: is required`);
  return value;
}

export function isParseArgsError(error: unknown): boolean {
  return typeof (error as { code?: unknown })?.code === 'string' && String((error as { code: string }).code).startsWith('ERR_PARSE_ARGS');
}
