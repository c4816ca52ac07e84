// The petition's own fields as the operator writes them (admin commands and the console): their
// rules, and the text forms they arrive in ("none" clears an optional one).
import * as v from 'valibot';
import { OperatorError } from '../errors/operator-error.js';
import type { PetitionStatus } from '../store/store-rows.js';

export const PETITION_TITLE_MAX_LENGTH = 255;
export const PETITION_OVERVIEW_MAX_LENGTH = 10_000;
export const PETITION_TARGETS_MAX = 50;
export const PETITION_URL_MAX_LENGTH = 2048;
export const PETITION_GOAL_MAX = 1_000_000_000;

/** What the operator sets; `signature_count` and `created_at` are the service's own. */
export interface PetitionFields {
  title: string;
  overview: string;
  targets: string[];
  goal: number | null;
  status: PetitionStatus;
  /** Unix milliseconds, or null for no end. */
  end_at: number | null;
  url: string | null;
  image_url: string | null;
  /** Signers confirm by email before their signature counts (signer-confirmation.ts). */
  confirm_signers: boolean;
}

/** The fields as text, as a command line or a form gives them; absent ones are left as they are. */
export interface PetitionFieldsText {
  title?: string;
  overview?: string;
  targets?: string[];
  goal?: string;
  status?: string;
  end_at?: string;
  url?: string;
  image_url?: string;
  /** 'true' or 'false'. */
  confirm_signers?: string;
}

/** One field's problem, for a form to show at the field. */
export interface PetitionFieldProblem {
  field: keyof PetitionFields;
  message: string;
}

/** The fields were refused: one line per problem in the message, and each problem by its field. */
export class PetitionFieldsError extends OperatorError {
  constructor(readonly problems: PetitionFieldProblem[]) {
    super(problems.map(({ field, message }) => `${field}: ${message}`).join('\n'));
  }
}

const CLEAR = 'none';

const GOAL_RANGE = `must be a whole number from 1 to ${PETITION_GOAL_MAX.toLocaleString('en-GB')}`;

const isHttpUrl = (text: string) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol);

/**
 * An address typed without its scheme (www.example.org/old-bridge) is the likeliest slip: the
 * message then shows the address it most likely meant, for the operator to confirm by typing it.
 */
function urlMessage(typed: string): string {
  const withScheme = `https://${typed}`;
  if (!/^https?:/i.test(typed) && isHttpUrl(withScheme) && new URL(withScheme).hostname.includes('.')) {
    return `must start with https:// (or http://), like ${new URL(withScheme).href}`;
  }
  return 'must be a full web address starting with https:// (or http://), like https://www.example.org/save-the-park';
}

function isCalendarDate(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === day;
}

const httpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(PETITION_URL_MAX_LENGTH, `must be at most ${PETITION_URL_MAX_LENGTH} characters`),
  // Checks after a failed one still run (valibot): this one must never throw on what it is given.
  v.check(isHttpUrl, (issue) => urlMessage(String(issue.input))),
  // Stored as the URL parser writes it, so get_id finds it however the host's case was typed.
  v.transform((text) => new URL(text).href),
);

/** Control characters: never in a line of text (PostgreSQL cannot even store U+0000). */
const CONTROL = /[\u0000-\u001F\u007F]/;
/** The same, but an overview keeps its line breaks and tabs. */
const CONTROL_IN_PARAGRAPHS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const noControl = (pattern: RegExp) => v.check((text: string) => !pattern.test(text), 'must not contain control characters');

const fieldSchemas = {
  title: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('is required'),
    v.maxLength(PETITION_TITLE_MAX_LENGTH, `must be at most ${PETITION_TITLE_MAX_LENGTH} characters`),
    noControl(CONTROL),
  ),
  overview: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(PETITION_OVERVIEW_MAX_LENGTH, `must be at most ${PETITION_OVERVIEW_MAX_LENGTH} characters`),
    noControl(CONTROL_IN_PARAGRAPHS),
  ),
  targets: v.pipe(
    v.array(
      v.pipe(
        v.string(),
        v.trim(),
        v.nonEmpty('must not be empty'),
        v.maxLength(PETITION_TITLE_MAX_LENGTH, `must be at most ${PETITION_TITLE_MAX_LENGTH} characters each`),
        noControl(CONTROL),
      ),
    ),
    v.maxLength(PETITION_TARGETS_MAX, `must be at most ${PETITION_TARGETS_MAX}`),
  ),
  goal: v.nullable(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,10}$/, GOAL_RANGE),
      v.transform(Number),
      v.minValue(1, GOAL_RANGE),
      v.maxValue(PETITION_GOAL_MAX, GOAL_RANGE),
    ),
  ),
  status: v.picklist(['open', 'closed'], 'must be open or closed'),
  end_at: v.nullable(
    v.pipe(
      v.string(),
      // A date alone would leave open whether the day is in or out: a time and offset are required.
      v.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/, 'must be an ISO 8601 date-time with its offset, like 2026-12-31T23:59:59Z'),
      // Date.parse rolls 2026-02-30 over into March: the day typed must be the day parsed.
      v.check((text) => isCalendarDate(text.slice(0, 10)), 'must be a real date'),
      v.transform((text) => Date.parse(text)),
      v.check((time) => Number.isFinite(time), 'must be a real date'),
    ),
  ),
  url: v.nullable(httpUrl),
  image_url: v.nullable(httpUrl),
  confirm_signers: v.pipe(
    v.picklist(['true', 'false'], 'must be true or false'),
    v.transform((text) => text === 'true'),
  ),
};

type FieldName = keyof typeof fieldSchemas;

const CLEARABLE: ReadonlySet<FieldName> = new Set(['goal', 'end_at', 'url', 'image_url']);

/**
 * The fields given in `text`, checked; every problem is one `field: message` line in the
 * PetitionFieldsError. Returns only the fields that were given.
 */
export function parsePetitionFields(text: PetitionFieldsText): Partial<PetitionFields> {
  const problems: PetitionFieldProblem[] = [];
  const output: Record<string, unknown> = {};
  for (const name of Object.keys(fieldSchemas) as FieldName[]) {
    let value: unknown = text[name];
    if (value === undefined) continue;
    if (CLEARABLE.has(name) && value === CLEAR) value = null;
    const result = v.safeParse(fieldSchemas[name] as v.GenericSchema, value);
    if (result.success) output[name] = result.output;
    else problems.push({ field: name, message: result.issues[0]!.message });
  }
  if (problems.length > 0) throw new PetitionFieldsError(problems);
  return output as Partial<PetitionFields>;
}

/** A new petition's fields: the title is required, the rest default to empty and open. */
export function newPetitionFields(text: PetitionFieldsText): PetitionFields {
  if (text.title === undefined) throw new PetitionFieldsError([{ field: 'title', message: 'is required' }]);
  return {
    overview: '',
    targets: [],
    goal: null,
    status: 'open',
    end_at: null,
    url: null,
    image_url: null,
    confirm_signers: false,
    ...parsePetitionFields(text),
  } as PetitionFields;
}
