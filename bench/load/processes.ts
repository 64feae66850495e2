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

/** CPU seconds used so far by every PostgreSQL process alive now (backends of closed connections are lost). */
export function postgresCpu(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d)))
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    } catch {
      // The process ended meanwhile.
    }
  return ticks / TICKS_PER_SECOND;
}

/** The whole machine's busy CPU seconds so far (every core; idle and iowait excluded). */
export function machineCpu(): number {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = values.map(Number);
  // user nice system idle iowait irq softirq steal guest guest_nice; guest time is counted in user already.
  const busy = n.slice(0, 8).reduce((a, b) => a + b, 0) - n[3]! - n[4]!;
  return busy / TICKS_PER_SECOND;
}
