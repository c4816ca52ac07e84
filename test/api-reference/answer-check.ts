// Checks one live answer against the API reference: the path is a documented template, the status
// is documented for the operation, the documented required headers are there and match, and a JSON
// body validates against its schema. Answers on paths no document describes are only held to the
// error body's shape. Every checked answer is recorded, for the test that covers every status.
import {
  apiDocuments,
  childPointer,
  documentFor,
  findOperation,
  operationPointer,
  resolve,
  schemaValidator,
  type ApiDocument,
  type OpenApiNode,
} from './api-documents.js';

export interface LiveAnswer {
  method: string;
  url: URL;
  status: number;
  headers: Headers;
  /** The body's text; undefined when it was not read (not JSON, or a stream left to the caller). */
  body: string | undefined;
}

export interface CheckedAnswer {
  /** `METHOD /template STATUS` in the document, or undefined for a path it does not describe. */
  documented: string | undefined;
  document: ApiDocument['name'] | undefined;
  problems: string[];
}

/** Every answer checked in this process, in order. */
export const checkedAnswers: CheckedAnswer[] = [];

export class ApiReferenceMismatch extends Error {
  override name = 'ApiReferenceMismatch';
}

function mediaType(headers: Headers): string {
  return (headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

function errorsOf(validate: ReturnType<typeof schemaValidator>): string[] {
  return (validate.errors ?? []).map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}

function parsedBody(answer: LiveAnswer, problems: string[]): { value: unknown } | undefined {
  if (answer.body === undefined) return undefined;
  try {
    return { value: JSON.parse(answer.body) };
  } catch {
    problems.push(`the body is not JSON: ${answer.body.slice(0, 200)}`);
    return undefined;
  }
}

/** A path no document describes: a 4xx JSON answer must still be the error body. */
function checkShapeOnly(answer: LiveAnswer): CheckedAnswer {
  const problems: string[] = [];
  if (answer.status >= 400 && answer.status < 500 && mediaType(answer.headers).endsWith('json')) {
    const body = parsedBody(answer, problems);
    // The two documents' Failure schemas are one (resource-schemas.ts).
    const service = apiDocuments().find((document) => document.name === 'service')!;
    const validate = schemaValidator(service, '/components/schemas/Failure');
    if (body && !validate(body.value)) problems.push(...errorsOf(validate));
  }
  return { documented: undefined, document: undefined, problems };
}

function headerValue(text: string, schema: OpenApiNode | undefined): unknown {
  return schema?.type === 'integer' && /^-?\d+$/.test(text) ? Number(text) : text;
}

function checkHeaders(document: ApiDocument, response: OpenApiNode, pointer: string, answer: LiveAnswer, problems: string[]): void {
  for (const [name, declared] of Object.entries((response.headers as OpenApiNode | undefined) ?? {})) {
    const header = resolve(document, declared as OpenApiNode, childPointer(pointer, 'headers', name));
    const value = answer.headers.get(name);
    if (value === null) {
      if (header.node.required === true) problems.push(`the required header ${name} is missing`);
      continue;
    }
    const validate = schemaValidator(document, childPointer(header.pointer, 'schema'));
    if (!validate(headerValue(value, header.node.schema as OpenApiNode | undefined))) {
      problems.push(`header ${name}: ${JSON.stringify(value)} ${errorsOf(validate).join('; ')}`);
    }
  }
}

function checkBody(document: ApiDocument, response: OpenApiNode, pointer: string, answer: LiveAnswer, problems: string[]): void {
  // HEAD, 204 and 304 answers have no body whatever their type says.
  if (answer.method.toUpperCase() === 'HEAD' || answer.status === 204 || answer.status === 304) return;
  const content = (response.content as OpenApiNode | undefined) ?? {};
  const type = mediaType(answer.headers);
  if (Object.keys(content).length === 0) {
    if (answer.body) problems.push(`a body was sent (${type}) where the document says none`);
    return;
  }
  if (!(type in content)) {
    problems.push(`content type "${type}" is not one of ${Object.keys(content).join(', ')}`);
    return;
  }
  const body = parsedBody(answer, problems);
  if (!body) return;
  const validate = schemaValidator(document, childPointer(pointer, 'content', type, 'schema'));
  if (!validate(body.value)) problems.push(...errorsOf(validate));
}

export function checkAnswer(answer: LiveAnswer): CheckedAnswer {
  const located = documentFor(answer.url.pathname);
  const match = located && findOperation(located.document, located.path, answer.method);
  let checked: CheckedAnswer;
  if (!located || !match || !match.operation) {
    // The proxy has no 405: a method a route lacks is its 404, held to the error body's shape.
    checked = checkShapeOnly(answer);
  } else {
    const { document } = located;
    const key = `${match.method.toUpperCase()} ${match.template}`;
    const responses = match.operation.responses as OpenApiNode;
    const status = String(answer.status);
    const family = `${status[0]}XX`;
    const statusKey = status in responses ? status : family in responses ? family : 'default' in responses ? 'default' : undefined;
    const problems: string[] = [];
    if (statusKey === undefined) {
      problems.push(`status ${status} is not documented (documented: ${Object.keys(responses).join(', ')})`);
    } else {
      const response = resolve(document, responses[statusKey] as OpenApiNode, childPointer(operationPointer(match), 'responses', statusKey));
      checkHeaders(document, response.node, response.pointer, answer, problems);
      checkBody(document, response.node, response.pointer, answer, problems);
    }
    checked = { documented: `${key} ${statusKey ?? status}`, document: document.name, problems };
  }
  checkedAnswers.push(checked);
  return checked;
}

/** The mismatch as one readable error, or undefined when the answer is as documented. */
export function mismatchOf(answer: LiveAnswer, checked: CheckedAnswer): ApiReferenceMismatch | undefined {
  if (checked.problems.length === 0) return undefined;
  const where = checked.document ? `docs/openapi/${checked.document}.yaml (${checked.documented})` : 'the error body';
  return new ApiReferenceMismatch(
    `${answer.method} ${answer.url.pathname}${answer.url.search} answered ${answer.status}, which does not match ${where}:\n  ${checked.problems.join('\n  ')}`,
  );
}
