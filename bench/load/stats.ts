// Answer times per call kind, errors, and the table the run prints.
import { summary } from '../shared/bench-app.ts';

export type Kind = 'read' | 'write';

export class Stats {
  private readonly times = new Map<string, { kind: Kind; ms: number[] }>();
  /** Call kinds held to a p95 of their own, tighter than their kind's (a payment: 50 ms). */
  private readonly ownTargets = new Map<string, number>();
  readonly errors: string[] = [];
  /** Calls answered (with any status) while recording. */
  completed = 0;
  recording = true;

  record(name: string, kind: Kind, ms: number): void {
    if (!this.recording) return;
    this.completed++;
    let entry = this.times.get(name);
    if (!entry) this.times.set(name, (entry = { kind, ms: [] }));
    entry.ms.push(ms);
  }

  /** Holds the calls named `name` to a p95 of `ms` instead of their kind's target. */
  target(name: string, ms: number): void {
    this.ownTargets.set(name, ms);
  }

  error(name: string, status: number, text: string): void {
    this.errors.push(`${name}: ${status} ${text.slice(0, 200)}`);
  }

  /** Per call kind: count, p50/p95/p99, and whether its p95 meets the target of its kind. */
  rows(targets: Record<Kind, number>) {
    return [...this.times.entries()]
      .sort(([a, x], [b, y]) => x.kind.localeCompare(y.kind) || a.localeCompare(b))
      .map(([name, { kind, ms }]) => {
        const s = summary(ms);
        const target = this.ownTargets.get(name) ?? targets[kind];
        return { name, kind, count: ms.length, ...s, target, pass: s.p95 <= target };
      });
  }

  /** Every call of a kind together. */
  all(kind: Kind) {
    return summary([...this.times.values()].filter((t) => t.kind === kind).flatMap((t) => t.ms));
  }

  print(targets: Record<Kind, number>, seconds: number): boolean {
    const rows = this.rows(targets);
    const pad = Math.max(...rows.map((r) => r.name.length), 10);
    console.log(`${'call'.padEnd(pad)}  kind   count  p50 ms  p95 ms  p99 ms  max ms  target`);
    for (const r of rows)
      console.log(
        `${r.name.padEnd(pad)}  ${r.kind.padEnd(5)} ${String(r.count).padStart(6)} ${[
          r.p50,
          r.p95,
          r.p99,
          r.max,
        ]
          .map((n) => n.toFixed(1).padStart(7))
          .join(' ')}  ${r.pass ? 'PASS' : 'FAIL'} (p95 ≤ ${r.target})`,
      );
    for (const kind of ['read', 'write'] as const) {
      const s = this.all(kind);
      console.log(
        `${`all ${kind}s`.padEnd(pad)}  ${kind.padEnd(5)} ${''.padStart(6)} ${[s.p50, s.p95, s.p99, s.max]
          .map((n) => n.toFixed(1).padStart(7))
          .join(' ')}`,
      );
    }
    console.log(`${this.completed} calls in ${seconds} s: ${(this.completed / seconds).toFixed(1)} calls/s`);
    return rows.every((r) => r.pass);
  }
}
