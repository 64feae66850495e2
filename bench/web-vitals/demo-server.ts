// The built server on a fresh embedded database with the demo clinic loaded (`demo-cli`, about 30 s): what
// bench/web-vitals and its side-by-side comparison (compare.ts) open in the browser.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../shared/built-server.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ORG = 'demo';

export interface Session {
  token: string;
  user: unknown;
}

export interface DemoServer {
  base: string;
  api: <T>(method: string, url: string, token?: string, body?: object) => Promise<T>;
  /** Signs a demo user in (their password is read from the demo's output). */
  login: (username: string) => Promise<Session>;
  stop: () => Promise<void>;
}

/**
 * Starts the built server on a new demo clinic. `build` runs another build instead, made before a change: a web
 * build's `dist` (served by this checkout's server), or a whole checkout, built (its server and its web build, e.g. a
 * `git worktree` of the older commit with this one's node_modules linked in).
 */
export async function startDemoServer(build?: string): Promise<DemoServer> {
  const checkout =
    build && existsSync(path.join(build, 'packages/server/dist/main.js')) ? path.resolve(build) : root;
  const webDist = build && checkout === root ? path.resolve(build) : undefined;
  const env = {
    ...process.env,
    ADMIN_PASSWORD: 'bench-password-1',
    LOG_LEVEL: 'warn',
    ...(webDist ? { WEB_DIST_DIR: webDist } : {}),
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basira-bench-vitals-'));
  // The demo's passwords are printed once, so they are read from its output.
  const demo = spawnSync(process.execPath, [path.join(checkout, 'packages/server/dist/demo/demo-cli.js')], {
    cwd: checkout,
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  if (demo.status !== 0) throw new Error(`demo failed: ${demo.stderr}`);
  const password = (username: string) => {
    const match = new RegExp(`^\\s+\\S+\\s+${username.replace('.', '\\.')}\\s+(\\S+)\\s`, 'm').exec(
      demo.stdout,
    );
    if (!match) throw new Error(`no password for ${username} in the demo's output`);
    return match[1]!;
  };

  const port = await freePort();
  // SERVER_NODE_ARGS passes Node's own options to the server (`--cpu-prof --cpu-prof-dir=…` to profile its renders).
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const command = [process.execPath, ...nodeArgs, path.join(checkout, 'packages/server/dist/main.js')];
  // SERVER_CPU=<n> runs the server on that core alone (taskset), the bench run on the others (`taskset -c 0 npx tsx
  // …`): a server on a machine of its own, as a clinic's is, whose work does not take the browser's cores.
  const cpu = process.env.SERVER_CPU;
  const [file, ...args] = cpu ? ['taskset', '-c', cpu, ...command] : command;
  const server = spawn(file!, args, {
    cwd: checkout,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    // DEMO_LOG=<file> keeps the server's log: a page it failed to draw is logged there, and drawn by the browser.
    stdio: ['ignore', process.env.DEMO_LOG ? openSync(process.env.DEMO_LOG, 'w') : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, server);
  } catch (error) {
    await stop();
    throw error;
  }

  async function api<T>(method: string, url: string, token?: string, body?: object): Promise<T> {
    const res = await fetch(`${base}/api/${url}`, {
      method,
      headers: {
        'x-organization': ORG,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  }
  const login = (username: string) =>
    api<Session>('POST', 'login', undefined, { email: username, password: password(username) });
  return { base, api, login, stop };
}

/** A screen the bench opens: its address, the element that says its content is shown, and who opens it. */
export interface BenchScreen {
  name: string;
  url: string;
  ready: string;
  session: Session;
}

/**
 * /patients, /queue and /dashboard as reception; /doctor and a patient's board as a doctor with a visit today on the
 * worklist (reception may open neither).
 */
export async function benchScreens({ api, login }: Pick<DemoServer, 'api' | 'login'>) {
  const reception = await login('reception');
  let doctor: Session | undefined;
  let visit: { id: number; patientId: number } | undefined;
  for (const username of ['dr.ali', 'dr.sara']) {
    doctor = await login(username);
    const worklist = await api<{ entries: { id: number; patientId: number }[] }>(
      'GET',
      'mo/doctor/worklist',
      doctor.token,
    );
    visit = worklist.entries[0];
    if (visit) break;
  }
  if (!doctor || !visit) throw new Error("no visit today on the demo doctors' worklists");
  const screens: BenchScreen[] = [
    { name: '/patients', url: '/patients', ready: '[data-testid=patient-row]', session: reception },
    { name: '/queue', url: '/queue', ready: '[data-testid=queue-row]', session: reception },
    {
      name: '/doctor',
      url: '/doctor',
      ready: '[data-testid=doctor-row], [data-testid=doctor-next]',
      session: doctor,
    },
    { name: '/dashboard', url: '/dashboard', ready: '[data-testid=dashboard-by-status]', session: reception },
    {
      name: 'board',
      url: `/boards/${visit.patientId}/${visit.id}`,
      ready: '[data-testid=board-status]',
      session: doctor,
    },
  ];
  return { reception, doctor, visit, screens };
}
