import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The PostgreSQL cluster of `npm run test:faults` (scripts/test-faults.mjs makes it in a temporary directory,
 * on a spare port, and removes it at the end), and the damage fault tests do to it. Unset outside that
 * script: fault tests then skip. Commands run as `postgres` when the tests run as root (initdb's rule).
 */
export interface FaultCluster {
  /** A database of the cluster, for the server under test. */
  url: string;
  dataDir: string;
  binDir: string;
  /** How many times each fault is repeated (`--short`: 1). */
  rounds: number;
  /** `pg_ctl restart -m fast`: every connection is terminated (57P01), then it accepts again. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGKILL to the postmaster (as a crash or the OOM killer would), then starts it again. */
  killPostmaster(): Promise<void>;
  /** Whether it accepts connections (`pg_isready`). */
  isReady(): Promise<boolean>;
  /** Polls `pg_isready` until it succeeds; resolves with that moment (ms since epoch). */
  waitReady(timeoutMs?: number): Promise<number>;
}

/** Running, and not a zombie. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc'))
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after its last ')'.
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // not a process, or gone
    }
  return children;
}

export const faultRounds = () => Math.max(1, Number(process.env.FAULT_ROUNDS ?? 1) || 1);

export function faultCluster(): FaultCluster | null {
  const url = process.env.FAULT_PG_URL;
  const dataDir = process.env.FAULT_PG_DATA;
  const binDir = process.env.FAULT_PG_BIN;
  if (!url || !dataDir || !binDir) return null;
  const logFile = process.env.FAULT_PG_LOG ?? path.join(path.dirname(dataDir), 'postgres.log');
  const { hostname, port } = new URL(url);
  const asPostgres = process.getuid?.() === 0;

  const tool = async (name: string, args: string[]) => {
    const bin = path.join(binDir, name);
    const [command, argv] = asPostgres ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
    return run(command, argv, { timeout: 120_000 });
  };
  const pgCtl = (...args: string[]) => tool('pg_ctl', ['-D', dataDir, '-l', logFile, ...args]);

  const isReady = async () => {
    try {
      await run(path.join(binDir, 'pg_isready'), ['-h', hostname, '-p', port, '-U', 'postgres', '-t', '1']);
      return true;
    } catch {
      return false;
    }
  };

  const start = async () => {
    // After a kill -9 the orphaned backends may still hold the shared memory for a moment: try again.
    for (let attempt = 0; ; attempt++) {
      try {
        await pgCtl('-w', '-t', '60', 'start');
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await sleep(250);
      }
    }
  };

  return {
    url,
    dataDir,
    binDir,
    rounds: faultRounds(),
    restart: async () => void (await pgCtl('-w', '-t', '60', '-m', 'fast', 'restart')),
    stop: async () => void (await pgCtl('-w', '-t', '60', '-m', 'fast', 'stop')),
    start,
    killPostmaster: async () => {
      const pidFile = path.join(dataDir, 'postmaster.pid');
      const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
      const children = childrenOf(pid);
      process.kill(pid, 'SIGKILL');
      // Its backends notice and exit; then it may start again.
      for (let i = 0; i < 400 && [pid, ...children].some(alive); i++) await sleep(25);
      // A zombie postmaster (a container's init may not reap it) would pass for a running one: its lock file goes.
      if (existsSync(`/proc/${pid}`) && !alive(pid)) rmSync(pidFile, { force: true });
      await start();
    },
    isReady,
    waitReady: async (timeoutMs = 60_000) => {
      const until = Date.now() + timeoutMs;
      while (!(await isReady())) {
        if (Date.now() > until) throw new Error('the fault cluster did not become ready');
        await sleep(50);
      }
      return Date.now();
    },
  };
}
