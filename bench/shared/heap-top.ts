// The top allocation sites of a sampling heap profile (bench/shared/heap-sampling.ts), by the bytes allocated in
// each function itself, or with --incl by everything allocated under it. --requests=N adds KB a request.
// Run: npx tsx bench/shared/heap-top.ts file.heapprofile [--incl] [--top=30] [--requests=N]
import { readFileSync } from 'node:fs';

interface Node {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: Node[];
}

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
if (!file) throw new Error('usage: heap-top.ts file.heapprofile [--incl] [--top=30] [--requests=N]');
const inclusive = args.includes('--incl');
const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 30);
const requests = Number(args.find((a) => a.startsWith('--requests='))?.slice(11) ?? 0);

const { head } = JSON.parse(readFileSync(file, 'utf8')) as { head: Node };
const name = ({ callFrame: f }: Node) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/packages\//, '')}:${f.lineNumber + 1}`;

const bytes = new Map<string, number>();
let total = 0;
/** Adds each node's bytes to its function (once per stack for --incl, so recursion is not counted twice). */
function walk(node: Node, onStack: Set<string>): number {
  const key = name(node);
  let below = node.selfSize;
  const stack = inclusive ? new Set(onStack).add(key) : onStack;
  for (const child of node.children) below += walk(child, stack);
  total += node.selfSize;
  const counted = inclusive ? (onStack.has(key) ? 0 : below) : node.selfSize;
  bytes.set(key, (bytes.get(key) ?? 0) + counted);
  return below;
}
walk(head, new Set());

console.log(
  `${file}: ${(total / 1e6).toFixed(1)} MB sampled${requests ? `, ${(total / 1e3 / requests).toFixed(1)} KB a request` : ''}`,
);
for (const [key, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, top)) {
  const perRequest = requests ? `${(size / 1e3 / requests).toFixed(1).padStart(7)} KB/req ` : '';
  console.log(
    `${(size / 1e6).toFixed(1).padStart(8)} MB ${((100 * size) / total).toFixed(1).padStart(5)} % ${perRequest} ${key}`,
  );
}
