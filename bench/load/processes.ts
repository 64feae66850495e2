// The bench's child processes (the servers, the proxy) and the CPU time of everything on the machine.
import { fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { PROFILE } from './config.ts';
import type { ServerMemory } from './server.ts';

export interface Child {
  base: string;
  /** One question at a time over IPC: the child answers each with one message. */
  ask<T>(question: object): Promise<T>;
  close(): Promise<void>;
}

async function start(file: string, args: string[], execArgv: string[]): Promise<Child> {
  const child: ChildProcess = fork(new URL(file, import.meta.url), args, {
    execArgv: ['--conditions=source', '--import', 'tsx', ...execArgv],
  });
  const base = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { base: string }).base));
    child.once('exit', (code) => reject(new Error(`${file} exited (${code})`)));
  });
  return {
    base,
    ask: <T>(question: object) =>
      new Promise<T>((resolve) => {
        child.once('message', (m) => resolve(m as T));
        child.send(question);
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

/** A server process (BENCH_PROFILE=1: with a CPU profile written to /tmp/prof when it exits). */
export const startServer = () =>
  start('./server.ts', [], ['--expose-gc', ...(PROFILE ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [])]);

export const startProxy = (backends: string[]) => start('./proxy.ts', backends, []);

export const memoryOf = async (server: Child) =>
  (await server.ask<{ memory: ServerMemory }>({ ask: 'memory' })).memory;

/** CPU seconds (user + system) a child has used so far. */
export const cpuOf = async (child: Child) => {
  const { cpu } = await child.ask<{ cpu: NodeJS.CpuUsage }>({ ask: 'cpu' });
  return (cpu.user + cpu.system) / 1e6;
};

const TICKS_PER_SECOND = 100;

/** Every `postgres` process's CPU ticks so far (utime + stime), by pid. */
function postgresTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d)))
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended meanwhile.
    }
  return ticks;
}

/**
 * PostgreSQL's CPU seconds since the meter started, every process sampled twice a second. Summing the processes
 * alive at the start and at the end lost the time of a backend that exited in between (a pool's idle connection
 * closed): the clinic day once read PostgreSQL at −0.13 cores. A backend now keeps what it had used at its last
 * sample.
 */
export function postgresCpuMeter(): { seconds(): number; stop(): void } {
  const base = postgresTicks();
  const last = new Map(base);
  const sample = () => {
    for (const [pid, ticks] of postgresTicks()) last.set(pid, ticks);
  };
  const timer = setInterval(sample, 500).unref();
  return {
    seconds() {
      sample();
      let ticks = 0;
      for (const [pid, now] of last) {
        const from = base.get(pid);
        // A pid seen only since the start (or reused by a new process) counts from zero.
        ticks += from !== undefined && now >= from ? now - from : now;
      }
      return ticks / TICKS_PER_SECOND;
    },
    stop: () => clearInterval(timer),
  };
}

/** The whole machine's busy CPU seconds so far (every core; idle and iowait excluded). */
export function machineCpu(): number {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  // user nice system idle iowait irq softirq steal guest guest_nice; guest time is counted in user already.
  const busy = n.slice(0, 8).reduce((a, b) => a + b, 0) - n[3]! - n[4]!;
  return busy / TICKS_PER_SECOND;
}
