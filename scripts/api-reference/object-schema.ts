// JSON Schema (2020-12, as OpenAPI 3.1 uses it) for the API reference, and a typed way to write
// the schema of a shared TypeScript type: a field added to, removed from or made optional in the
// type (src/shared/types.ts) no longer compiles here until the schema says the same.

export type JsonSchema = { [keyword: string]: unknown };

/** The keys of T that may be left out (`auth_key?: string`), as opposed to `string | null`. */
type OptionalKey<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? K : never }[keyof T];
type RequiredKey<T> = Exclude<keyof T, OptionalKey<T>>;

export interface ObjectSchemaOptions {
  description?: string;
  /** Further keywords (`allOf` with if/then, say) that the two field lists cannot express. */
  extra?: JsonSchema;
  /** Other fields allowed too: a request body part that `allOf` joins with others. */
  open?: boolean;
}

/**
 * An object schema with exactly T's fields: `required` must name every field T always has and
 * `optional` every field it may leave out. Unless `open`, no other field is allowed, so a live
 * answer carrying one (a signer's email in a list, say) fails validation.
 */
export function objectSchema<T>(
  required: { [K in RequiredKey<T>]-?: JsonSchema },
  optional: { [K in OptionalKey<T>]-?: JsonSchema },
  options: ObjectSchemaOptions = {},
): JsonSchema {
  return {
    type: 'object',
    ...(options.description ? { description: options.description } : {}),
    properties: { ...required, ...optional },
    required: Object.keys(required),
    ...(options.open ? {} : { additionalProperties: false }),
    ...options.extra,
  };
}

/** A reference to a schema in the document's components. */
export function schemaRef(name: string): JsonSchema {
  return { $ref: `#/components/schemas/${name}` };
}

export function nullable(schema: JsonSchema): JsonSchema {
  return { anyOf: [schema, { type: 'null' }] };
}

/** UTC ISO 8601 to the second with `Z`, as every time in an answer is written. */
export const utcSeconds: JsonSchema = {
  type: 'string',
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$',
  examples: ['2026-11-22T10:00:00Z'],
};

export const petitionId: JsonSchema = { type: 'integer', minimum: 1, examples: [42] };
