#!/usr/bin/env node
// The `petition-embed` command. Node 20 cannot run TypeScript itself, so tsx compiles the
// sources on the fly: the command works right after `npm install`, with no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
