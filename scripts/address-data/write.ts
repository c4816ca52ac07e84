// `npm run address-data`: writes src/shared/addresses/countries/ from the
// address metadata package (render.ts), after that package is updated.
import { mkdirSync, writeFileSync } from 'node:fs';
import { DATA_FOLDER, renderedData } from './render.js';

mkdirSync(DATA_FOLDER, { recursive: true });
for (const [name, text] of Object.entries(renderedData())) writeFileSync(new URL(name, DATA_FOLDER), text);
console.log(`wrote src/shared/addresses/countries/ (${Object.keys(renderedData()).length} files)`);
