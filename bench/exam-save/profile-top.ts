// The top self-time entries of a V8 CPU profile (the newest in /tmp/prof, or the file given), as a share of the
// busy time (not idle); socket writes are split by who wrote (the pg driver, or the HTTP answer).
// --group: self time by where the code lives (a package, our packages, Node's internals, native, GC) instead.
// --callers=NAME: who calls the function NAME (its self time charged to the nearest caller outside its module).
// Run: npx tsx bench/exam-save/profile-top.ts [file.cpuprofile] [--top=15] [--group] [--callers=is]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const top = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 15);
const group = args.includes('--group');
const callersOf = args.find((a) => a.startsWith('--callers='))?.slice(10);
const dir = '/tmp/prof';
const file =
  args.find((a) => !a.startsWith('--')) ??
  path.join(
    dir,
    readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .sort((a, b) => statSync(path.join(dir, b)).mtimeMs - statSync(path.join(dir, a)).mtimeMs)[0]!,
  );
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i + 1] ?? 0;
  self.set(id, (self.get(id) ?? 0) + delta / 1000);
});

const WRITES = new Set(['writev', 'writeUtf8String', 'writeBuffer', 'writeLatin1String', 'writeAsciiString']);
const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, '')
    .replace(/.*\/packages\//, '');
const writer = (id: number): string => {
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const url = byId.get(at)!.callFrame.url;
    if (/node_modules\/pg(-pool)?\//.test(url)) return 'pg';
  }
  return 'HTTP answer';
};

/** The package (or our workspace package) a frame belongs to. */
function where(functionName: string, url: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : 'native';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (dependency) return dependency[1]!;
  const ours = /\/packages\/([^/]+)\//.exec(url);
  if (ours) return `@basira/${ours[1]}`;
  return url.startsWith('node:') ? 'node internals' : short(url);
}

/** The nearest frame above `id` in another module than the function asked about. */
function caller(id: number): string {
  const own = byId.get(id)!.callFrame.url;
  for (let at = parent.get(id); at !== undefined; at = parent.get(at)) {
    const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
    if (url !== own) return `${functionName || '(anonymous)'} ${short(url)}:${lineNumber + 1}`;
  }
  return '(root)';
}

/** What a sample's self time is summed under, as the options ask. */
function entryName(id: number, functionName: string, url: string, lineNumber: number): string {
  if (callersOf !== undefined) return `called from ${caller(id)}`;
  if (WRITES.has(functionName))
    return group ? `socket writes (${writer(id)})` : `${functionName} (socket write: ${writer(id)})`;
  if (group) return where(functionName, url);
  return `${functionName || '(anonymous)'} ${url ? `${short(url)}:${lineNumber + 1}` : ''}`.trim();
}

const entries = new Map<string, number>();
let idle = 0;
let total = 0;
for (const [id, time] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  total += time;
  if (functionName === '(idle)') {
    idle += time;
    continue;
  }
  if (callersOf !== undefined && functionName !== callersOf) continue;
  const name = entryName(id, functionName, url, lineNumber);
  entries.set(name, (entries.get(name) ?? 0) + time);
}
const busy = total - idle;
console.log(
  `${path.basename(file)}: ${(total / 1000).toFixed(1)} s profiled, ${(idle / 1000).toFixed(1)} s idle, ` +
    `${(busy / 1000).toFixed(1)} s busy`,
);
const writes = [...entries].filter(([name]) => name.includes('socket write')).reduce((n, [, t]) => n + t, 0);
console.log(`socket writes: ${writes.toFixed(0)} ms, ${((writes / busy) * 100).toFixed(1)} % of busy`);
for (const [name, time] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${time.toFixed(0).padStart(7)} ms ${((time / busy) * 100).toFixed(1).padStart(5)} %  ${name}`);
