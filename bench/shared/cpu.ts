// Where a phase's CPU went on this machine, read from /proc: PostgreSQL's processes (its backends and helpers),
// this process (the bench's own load: its HTTP client, or its direct replay of the SQL), and the machine's steal
// (time the hypervisor gave the cores to someone else: the shared host's noise). The server child reports its own.
// On two cores shared by all three, a phase runs at about 2 cores ÷ its CPU a unit of work, so two phases' rates
// compare as the inverse of their CPU totals (bench/history/list-pages.md).
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // CLK_TCK is 100 on Linux

/** CPU ticks so far of each process named `postgres`, by pid. */
function postgresTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    ticks.set(pid, Number(fields[11]) + Number(fields[12])); // utime and stime, the 14th and 15th fields
  }
  return ticks;
}

/** PostgreSQL's CPU since `before`, in ms: of the processes alive now (a backend that exited meanwhile is lost). */
function postgresMsSince(before: Map<string, number>): number {
  let ticks = 0;
  for (const [pid, now] of postgresTicks()) ticks += now - (before.get(pid) ?? 0);
  return ticks * TICK_MS;
}

/** The machine's total and stolen ticks so far (the first line of /proc/stat). */
function machineTicks(): { total: number; steal: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = values.slice(0, 8).map(Number); // user nice system idle iowait irq softirq steal
  return { total: ticks.reduce((a, b) => a + b, 0), steal: ticks[7]! };
}

export interface CpuSpent {
  /** ms of CPU per unit of work (a request, a round) */
  selfMs: number;
  postgresMs: number;
  /** share of the machine's time stolen by the host over the phase */
  steal: number;
}

/** Starts measuring; the returned function ends it and divides by the units of work done. */
export function measureCpu(): (units: number) => CpuSpent {
  const self0 = process.cpuUsage();
  const pg0 = postgresTicks();
  const machine0 = machineTicks();
  return (units) => {
    const self = process.cpuUsage(self0);
    const machine = machineTicks();
    return {
      selfMs: (self.user + self.system) / 1000 / units,
      postgresMs: postgresMsSince(pg0) / units,
      steal: (machine.steal - machine0.steal) / Math.max(1, machine.total - machine0.total),
    };
  };
}
