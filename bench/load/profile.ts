// The top of a CPU profile by self time (BENCH_PROFILE=1 writes one per server process to /tmp/prof).
// Run: npx tsx bench/load/profile.ts [file.cpuprofile] [count]   (default: the newest in /tmp/prof, top 15)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const dir = '/tmp/prof';
const file =
  process.argv[2] ??
  readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0]!;
const top = Number(process.argv[3] ?? 15);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = url
    ? `${url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/packages\//, '')}:${lineNumber + 1}`
    : '';
  const key = `${functionName || '(anonymous)'} ${where}`.trim();
  self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});
const total = (profile.endTime - profile.startTime) / 1000;
const idle = self.get('(idle)') ?? 0;
const busy = total - idle;
console.log(
  `${file}: ${(total / 1000).toFixed(1)} s, idle ${(idle / 1000).toFixed(1)} s, busy ${(busy / 1000).toFixed(1)} s`,
);
for (const [key, ms] of [...self.entries()]
  .filter(([k]) => k !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, top))
  console.log(`${ms.toFixed(0).padStart(7)} ms ${((ms / busy) * 100).toFixed(1).padStart(5)} %  ${key}`);
