// Builds the elements' bundle when it is missing or older than its sources, so `npm start`
// works right after `npm install` and never serves a stale bundle.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE_DIRS = ['src/components', 'src/shared'];
const SOURCE_FILES = ['vite.config.ts', 'package.json'];

function newestSourceTime(root: string): number {
  let newest = 0;
  for (const dir of SOURCE_DIRS) {
    const path = join(root, dir);
    if (!existsSync(path)) continue;
    for (const name of readdirSync(path, { recursive: true }) as string[]) {
      newest = Math.max(newest, statSync(join(path, name)).mtimeMs);
    }
  }
  for (const file of SOURCE_FILES) {
    const path = join(root, file);
    if (existsSync(path)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function bundleIsStale(root: string): boolean {
  const bundle = join(root, 'dist', 'petition-embed.js');
  if (!existsSync(bundle)) return true;
  return statSync(bundle).mtimeMs < newestSourceTime(root);
}

export async function ensureBundle(root: string, log: (line: string) => void): Promise<void> {
  if (!bundleIsStale(root)) return;
  log('building dist/petition-embed.js …');
  const { build } = await import('vite');
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
}
