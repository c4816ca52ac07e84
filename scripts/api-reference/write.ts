// `npm run api-reference`: writes docs/openapi/service.yaml and proxy.yaml from their sources here.
import { mkdirSync, writeFileSync } from 'node:fs';
import { DOCUMENTS_FOLDER, renderedDocuments } from './render.js';

mkdirSync(DOCUMENTS_FOLDER, { recursive: true });
for (const [name, text] of Object.entries(await renderedDocuments())) {
  writeFileSync(new URL(name, DOCUMENTS_FOLDER), text);
  console.log(`wrote docs/openapi/${name}`);
}
