import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** The server's address once it listens (`http://127.0.0.1:PORT`); rejects if it exits first. */
  url: Promise<string>;
  /** Kills it (SIGKILL unless told otherwise) and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * A real server process (`packages/server/src/main.ts`, as `npm start` runs it) on a free loopback port, for the
 * tests that need several processes on one PostgreSQL database or a process to kill.
 */
export function spawnServer(env: Record<string, string>, options: { umask?: string } = {}): ServerProcess {
  const node = [
    process.execPath,
    '--conditions=source',
    '--import',
    'tsx',
    path.join(root, 'packages/server/src/main.ts'),
  ];
  // A umask is the shell's, as an operator's would be: the server is started under it, not handed it.
  const [command, ...args] = options.umask
    ? ['/bin/sh', '-c', `umask ${options.umask} && exec "$@"`, 'sh', ...node]
    : node;
  const child = spawn(command!, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'bootstrap-password',
      // Tests call as fast as the machine goes, far past a person (as in the harness).
      REQUESTS_PER_USER_PER_MINUTE: '1000000',
      // A child's no-show pass runs on the real clock and over every organization: in the shared PostgreSQL test
      // database it marked another test file's bookings (dated by its fake clock, so past) as no-shows, and a CI run
      // failed on it (queue.test.ts, the booked view). The no-show tests run the pass themselves (`runOnce`).
      NO_SHOW_WORKER: 'false',
      ...env,
    },
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /running at (http:\/\/[^\s]+)/.exec(output);
      if (found) resolve(found[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) =>
      reject(new Error(`the server exited (${code ?? signal}) before listening: ${output.slice(-2000)}`)),
    );
  });
  // A caller that never awaits the address must not see an unhandled rejection when it kills the process.
  url.catch(() => {});
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    url,
    kill: async (signal = 'SIGKILL') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
