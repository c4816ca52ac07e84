// The package's own folder, found from wherever this module runs: src/ under a TypeScript loader
// (tests), dist/server/ once compiled. The built elements (dist/) and the demo page are there.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function packageRootAbove(folder: string): string {
  for (let dir = folder; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${folder}`);
  }
}

export const PACKAGE_ROOT = packageRootAbove(dirname(fileURLToPath(import.meta.url)));
