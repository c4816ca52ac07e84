// How a value read from SQLite is written in PostgreSQL's COPY text format, by the PostgreSQL
// column's type. The stores write the same values on both engines today (times as milliseconds
// in integers, flags as 0 and 1, JSON as text: postgres-schema.ts), so most values pass as they
// are; the other conversions are for a column a later version types differently on PostgreSQL
// (boolean, bytea, a timestamp) while SQLite keeps its integer, text or blob.

/** A SQLite value (integers read as bigint, so none loses digits) as one COPY field; null is `\N`. */
export type ValueConverter = (value: unknown) => string;

const NULL = '\\N';

/** Backslash, newline, carriage return and tab are the characters COPY's text format escapes. */
function escapeText(text: string): string {
  if (!/[\\\n\r\t]/.test(text)) return text;
  return text.replace(/[\\\n\r\t]/g, (char) => ({ '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' })[char]!);
}

/** A blob in a column PostgreSQL does not type as bytea is not guessed at: the copy stops on it. */
function textOf(value: unknown): string {
  if (Buffer.isBuffer(value)) throw Object.assign(new Error('a blob in a text column'), { code: 'COPY_BLOB_IN_TEXT' });
  return String(value);
}

const asText: ValueConverter = (value) => (value === null ? NULL : escapeText(textOf(value)));

const asNumber: ValueConverter = (value) => (value === null ? NULL : textOf(value));

/** SQLite keeps a flag as 0 or 1. */
const asBoolean: ValueConverter = (value) => {
  if (value === null) return NULL;
  if (typeof value === 'bigint' || typeof value === 'number') return value === 0 || value === 0n ? 'f' : 't';
  return escapeText(textOf(value));
};

/** A blob as PostgreSQL's hex form, its backslash escaped for COPY. */
const asBytea: ValueConverter = (value) => {
  if (value === null) return NULL;
  const bytes = Buffer.isBuffer(value) ? value : Buffer.from(textOf(value), 'utf8');
  return `\\\\x${bytes.toString('hex')}`;
};

/** The stores keep a time as milliseconds since 1970 in an integer; a text time passes as written. */
const asTimestamp: ValueConverter = (value) => {
  if (value === null) return NULL;
  if (typeof value === 'bigint' || typeof value === 'number') return new Date(Number(value)).toISOString();
  return escapeText(textOf(value));
};

const CONVERTERS: Readonly<Record<string, ValueConverter>> = {
  smallint: asNumber,
  integer: asNumber,
  bigint: asNumber,
  numeric: asNumber,
  real: asNumber,
  'double precision': asNumber,
  text: asText,
  'character varying': asText,
  json: asText,
  jsonb: asText,
  boolean: asBoolean,
  bytea: asBytea,
  'timestamp with time zone': asTimestamp,
};

/** The conversion into a PostgreSQL type (information_schema's data_type), or undefined for a type the copy does not know. */
export function converterFor(dataType: string): ValueConverter | undefined {
  return CONVERTERS[dataType];
}

/** One row as a line of COPY's text format. */
export function copyLine(row: readonly unknown[], converters: readonly ValueConverter[]): string {
  let line = '';
  for (let i = 0; i < converters.length; i++) line += (i === 0 ? '' : '\t') + converters[i]!(row[i]);
  return `${line}\n`;
}
