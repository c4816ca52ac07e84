// The committed API reference (docs/openapi/service.yaml and proxy.yaml), loaded once: which
// document a request path belongs to, its operation by path template and method, and its schemas
// compiled with ajv's JSON Schema 2020-12 build (the dialect of OpenAPI 3.1).
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { parse } from 'yaml';

export type DocumentName = 'service' | 'proxy';
export type OpenApiNode = { [field: string]: unknown };

/** The methods a path item can describe; HEAD is checked as GET (answered as GET without a body). */
export const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'patch', 'trace'] as const;

interface PathEntry {
  template: string;
  pattern: RegExp;
  literalSegments: number;
  item: OpenApiNode;
}

export interface ApiDocument {
  name: DocumentName;
  file: string;
  root: OpenApiNode;
  /** The path of the document's first server, e.g. `/v1`; its path templates follow it. */
  basePath: string;
  /** The first segments (after basePath) of its paths: a request path starting so is its business. */
  firstSegments: Set<string>;
  paths: PathEntry[];
}

export interface OperationMatch {
  document: ApiDocument;
  template: string;
  /** Lower case, HEAD read as get. */
  method: string;
  /** Undefined when the path is documented but not this method. */
  operation: OpenApiNode | undefined;
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();
let documents: ApiDocument[] | undefined;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function load(name: DocumentName): ApiDocument {
  const file = `docs/openapi/${name}.yaml`;
  const root = parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8')) as OpenApiNode;
  ajv.addSchema(root, schemaId(name));
  const server = ((root.servers as OpenApiNode[])[0]!.url as string);
  const basePath = new URL(server).pathname.replace(/\/$/, '');
  const paths = Object.entries(root.paths as Record<string, OpenApiNode>).map(([template, item]) => {
    const segments = template.split('/').slice(1);
    const pattern = segments.map((segment) => (/^\{.+\}$/.test(segment) ? '[^/]+' : escapeRegExp(segment))).join('/');
    return {
      template,
      pattern: new RegExp(`^/${pattern}$`),
      literalSegments: segments.filter((segment) => !segment.startsWith('{')).length,
      item,
    };
  });
  // A literal segment wins over a template's parameter (`get_id` is not a petition_id).
  paths.sort((a, b) => b.literalSegments - a.literalSegments);
  const firstSegments = new Set(paths.map((entry) => entry.template.split('/')[1]!));
  return { name, file, root, basePath, firstSegments, paths };
}

function schemaId(name: DocumentName): string {
  return `urn:petition-embed:openapi:${name}`;
}

export function apiDocuments(): ApiDocument[] {
  documents ??= [load('service'), load('proxy')];
  return documents;
}

/** The document whose business a request path is, and the path relative to its basePath. */
export function documentFor(pathname: string): { document: ApiDocument; path: string } | undefined {
  for (const document of apiDocuments()) {
    if (document.basePath && !pathname.startsWith(`${document.basePath}/`)) continue;
    const path = pathname.slice(document.basePath.length);
    if (document.firstSegments.has(path.split('/')[1] ?? '')) return { document, path };
  }
  return undefined;
}

export function findOperation(document: ApiDocument, path: string, method: string): OperationMatch | undefined {
  const entry = document.paths.find((candidate) => candidate.pattern.test(path));
  if (!entry) return undefined;
  const lower = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  const operation = (OPERATION_METHODS as readonly string[]).includes(lower) ? (entry.item[lower] as OpenApiNode | undefined) : undefined;
  return { document, template: entry.template, method: lower, operation };
}

function pointerPart(text: string): string {
  return text.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Follows `$ref`s (local ones, as both documents use) from a node at `pointer`. */
export function resolve(document: ApiDocument, node: OpenApiNode, pointer: string): { node: OpenApiNode; pointer: string } {
  let current = { node, pointer };
  while (typeof current.node.$ref === 'string') {
    const target = (current.node.$ref as string).slice(1);
    let found: unknown = document.root;
    for (const part of target.split('/').slice(1)) {
      found = (found as OpenApiNode)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    }
    current = { node: found as OpenApiNode, pointer: target };
  }
  return current;
}

export function childPointer(pointer: string, ...parts: string[]): string {
  return [pointer, ...parts.map(pointerPart)].join('/');
}

export function operationPointer(match: OperationMatch): string {
  return childPointer('', 'paths', match.template, match.method);
}

/** A validator for the schema at `pointer` in the document (compiled once). */
export function schemaValidator(document: ApiDocument, pointer: string): ValidateFunction {
  const ref = `${schemaId(document.name)}#${pointer}`;
  let validate = validators.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    validators.set(ref, validate);
  }
  return validate;
}

/** Every (operation, status) a document lists, as `METHOD /template STATUS`. */
export function documentedAnswers(document: ApiDocument): string[] {
  return document.paths.flatMap(({ template, item }) =>
    OPERATION_METHODS.flatMap((method) => {
      const operation = item[method] as OpenApiNode | undefined;
      if (!operation) return [];
      return Object.keys(operation.responses as OpenApiNode).map((status) => `${method.toUpperCase()} ${template} ${status}`);
    }),
  );
}
