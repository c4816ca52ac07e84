// `npm run test:mutation [area...]`: one Stryker run per area of stryker.config.mjs (shared, the four
// proxy areas, which `proxy` names together, service; all when none is named), in turn, each with its own incremental file under
// test/mutation/ so that a later run re-tests only what changed. Extra Stryker flags go after `--`,
// e.g. `npm run test:mutation -- service -- --force` for a full run of one area.
import { spawnSync } from 'node:child_process';

const AREAS = ['shared', 'proxy-visitors', 'proxy-proof', 'proxy-embed', 'proxy-intake', 'service'];
// A name for several areas at once.
const GROUPS = { proxy: ['proxy-visitors', 'proxy-proof', 'proxy-embed', 'proxy-intake'] };
const args = process.argv.slice(2);
const split = args.indexOf('--');
const named = (split === -1 ? args : args.slice(0, split)).flatMap((name) => GROUPS[name] ?? [name]);
const flags = split === -1 ? [] : args.slice(split + 1);
const unknown = named.filter((area) => !AREAS.includes(area));
if (unknown.length > 0) {
  console.error(`unknown area ${unknown.join(', ')}: choose from ${AREAS.join(', ')}`);
  process.exit(2);
}

let failed = false;
for (const area of named.length > 0 ? named : AREAS) {
  console.log(`\n== mutation testing: ${area}`);
  const run = spawnSync('npx', ['stryker', 'run', ...flags], { stdio: 'inherit', env: { ...process.env, MUTATION_AREA: area } });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
