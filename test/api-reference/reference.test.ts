// The committed API reference is what its sources generate, its references resolve, and every
// example in it is valid against the schema beside it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { renderedDocuments } from '../../scripts/api-reference/render.js';
import { apiDocuments, childPointer, resolve, schemaValidator, type ApiDocument, type OpenApiNode } from './api-documents.js';

test('docs/openapi/*.yaml are what `npm run api-reference` writes', async () => {
  for (const [name, text] of Object.entries(await renderedDocuments())) {
    const committed = readFileSync(new URL(`../../docs/openapi/${name}`, import.meta.url), 'utf8');
    assert.ok(committed === text, `docs/openapi/${name} is out of date: run npm run api-reference and commit it`);
  }
});

/** Every node of the document with its JSON pointer. */
function* nodes(node: unknown, pointer = ''): Generator<{ node: OpenApiNode; pointer: string }> {
  if (typeof node !== 'object' || node === null) return;
  if (!Array.isArray(node)) yield { node: node as OpenApiNode, pointer };
  for (const [key, child] of Object.entries(node)) yield* nodes(child, childPointer(pointer, key));
}

test('every $ref in both documents points at something', () => {
  for (const document of apiDocuments()) {
    for (const { node, pointer } of nodes(document.root)) {
      if (typeof node.$ref !== 'string') continue;
      assert.ok(node.$ref.startsWith('#/'), `${document.file} ${pointer}: only local references`);
      assert.ok(resolve(document, node, pointer).node, `${document.file} ${pointer}: ${node.$ref} points at nothing`);
    }
  }
});

/** A form example is its pairs as an object, as the schema describes the parameters. */
function exampleValue(mediaType: string, value: unknown): unknown {
  return mediaType === 'application/x-www-form-urlencoded' ? Object.fromEntries(new URLSearchParams(value as string)) : value;
}

function checkExamples(document: ApiDocument): number {
  let checked = 0;
  for (const { node, pointer } of nodes(document.root)) {
    // Media type objects (in responses and request bodies) and parameters carry examples.
    const parts = pointer.split('/');
    const mediaType = parts.at(-2) === 'content' ? parts.at(-1)!.replaceAll('~1', '/') : undefined;
    if (!node.schema || !(node.examples || node.example !== undefined)) continue;
    const validate = schemaValidator(document, childPointer(pointer, 'schema'));
    const examples = node.examples && !Array.isArray(node.examples) ? Object.entries(node.examples as Record<string, { value: unknown }>) : [['example', { value: node.example }] as const];
    for (const [name, example] of examples) {
      const value = exampleValue(mediaType ?? '', example.value);
      assert.ok(validate(value), `${document.file} ${pointer} example "${name}": ${JSON.stringify(validate.errors)}`);
      checked++;
    }
  }
  return checked;
}

test('every example is valid against its schema', () => {
  for (const document of apiDocuments()) {
    assert.ok(checkExamples(document) > 20, `${document.file} has examples`);
  }
});
