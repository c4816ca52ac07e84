#!/usr/bin/env node
// The `petition-embed` command: the servers and the command line compiled to JavaScript under
// dist-server/ (`npm run build`, or `npm run build:server`; the published package ships them), so
// no TypeScript loader runs in production.
import { existsSync } from 'node:fs';

const cli = new URL('../dist-server/cli.js', import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write('petition-embed: the compiled servers are missing (dist-server/): run `npm run build:server` in the package first\n');
  process.exit(1);
}
await import(cli.href);
