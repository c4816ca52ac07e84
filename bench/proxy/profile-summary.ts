// Reads a `node --cpu-prof` profile (run.ts --profile DIR writes the proxy's) and prints where the
// time went: self time per function and per file, the largest first.
// Usage: node --import tsx bench/proxy/profile-summary.ts FILE.cpuprofile [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const { values, positionals } = parseArgs({ options: { top: { type: 'string', default: '25' } }, allowPositionals: true });
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

function shortUrl(url: string): string {
  const nodeModules = url.lastIndexOf('node_modules/');
  if (nodeModules >= 0) return url.slice(nodeModules + 'node_modules/'.length);
  const source = url.indexOf('/src/');
  return source >= 0 ? url.slice(source + 1) : url || '(native)';
}

function table(title: string, keyOf: (node: ProfileNode) => string): void {
  const sums = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const key = keyOf(byId.get(id)!);
    sums.set(key, (sums.get(key) ?? 0) + us);
  }
  console.log(`\n${title}`);
  for (const [key, us] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`);
  }
}

/** Time under each function (itself and what it called), counted once per sample however deep the recursion. */
function inclusiveTable(title: string, keyOf: (node: ProfileNode) => string): void {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const sums = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const keys = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) keys.add(keyOf(byId.get(at)!));
    for (const key of keys) sums.set(key, (sums.get(key) ?? 0) + us);
  }
  console.log(`\n${title}`);
  for (const [key, us] of [...sums].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${key}`);
  }
}

const idle = (node: ProfileNode) => node.callFrame.functionName === '(idle)';
console.log(`${(total / 1e6).toFixed(2)} s sampled, ${(100 * [...selfUs].filter(([id]) => idle(byId.get(id)!)).reduce((a, [, us]) => a + us, 0) / total).toFixed(1)} % idle`);
table('self time by function', (n) => `${n.callFrame.functionName || '(anonymous)'}  ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`);
table('self time by file', (n) => shortUrl(n.callFrame.url));
inclusiveTable('total time by function (self and callees)', (n) => `${n.callFrame.functionName || '(anonymous)'}  ${shortUrl(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`);
