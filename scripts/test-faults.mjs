// `npm run test:faults [-- --short] [-- <vitest options>]`: the fault tests (`*.fault.test.ts`: PostgreSQL
// restarted, stopped, killed under a running server) against a PostgreSQL cluster of their own, made here in a
// temporary directory on a spare port (as `postgres`, with initdb and pg_ctl) and removed at the end whatever
// happened. Never the system cluster. `--short` runs one round of each fault (what `npm test` does); the
// default is FAULT_ROUNDS or 5. Without initdb it is skipped loudly, or fails with CI=true.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { root, run } from './lib.mjs';

const ci = process.env.CI === 'true' || process.env.CI === '1';
const args = process.argv.slice(2);
const short = args.includes('--short');
const vitestArgs = args.filter((a) => a !== '--short');
const rounds = short ? 1 : Number(process.env.FAULT_ROUNDS ?? 5);

/** The directory holding pg_ctl: FAULT_PG_BIN, initdb on PATH, or the newest /usr/lib/postgresql/<n>/bin. */
function findBinDir() {
  const has = (dir) => dir && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl'));
  if (process.env.FAULT_PG_BIN) return has(process.env.FAULT_PG_BIN) ? process.env.FAULT_PG_BIN : null;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter))
    if (existsSync(path.join(dir, 'initdb'))) {
      const real = path.dirname(realpathSync(path.join(dir, 'initdb')));
      if (has(real)) return real;
    }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(base, v, 'bin')).find(has) ?? null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const binDir = findBinDir();
if (!binDir) {
  const why = 'no initdb/pg_ctl (apt-get install postgresql, or set FAULT_PG_BIN)';
  if (ci) {
    console.error(`✗ fault tests: ${why}; CI must run them.`);
    process.exit(1);
  }
  console.log(`\n!!!!!!!! SKIPPED: fault tests: ${why} !!!!!!!!`);
  process.exit(0);
}

// initdb refuses to run as root: the cluster belongs to `postgres` then.
const asRoot = process.getuid?.() === 0;
const owner = asRoot
  ? {
      uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
      gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
    }
  : null;
const asPostgres = (command, argv) =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...argv]] : [command, argv];
function tool(name, argv, { check = true } = {}) {
  const [command, full] = asPostgres(path.join(binDir, name), argv);
  const result = spawnSync(command, full, { encoding: 'utf8', timeout: 120_000 });
  if (check && result.status !== 0)
    throw new Error(`${name} ${argv.join(' ')} failed:\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  return result;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'basira-faults-'));
const dataDir = path.join(dir, 'data');
const logFile = path.join(dir, 'postgres.log');
let started = false;

function cleanUp() {
  try {
    if (started || existsSync(path.join(dataDir, 'postmaster.pid')))
      tool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', '-t', '30', 'stop'], { check: false });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });

let code = 1;
try {
  if (owner) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o700);
  tool('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // Its own port and socket directory: nothing shared with a system cluster.
  appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [
      '',
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'max_connections = 200',
      'shared_buffers = 32MB',
      '',
    ].join('\n'),
  );
  started = true;
  tool('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', 'start']);
  const url = `postgres://postgres@127.0.0.1:${port}/basira_faults`;
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE basira_faults');
  await admin.end();
  console.log(`fault cluster: ${dataDir} on port ${port} (PostgreSQL in ${binDir}), ${rounds} round(s)`);

  code = await run('npx', ['vitest', 'run', '--project', 'faults', ...vitestArgs], {
    cwd: root,
    env: {
      FAULT_PG_URL: url,
      FAULT_PG_DATA: dataDir,
      FAULT_PG_BIN: binDir,
      FAULT_PG_LOG: logFile,
      FAULT_ROUNDS: String(rounds),
    },
  });
} catch (error) {
  console.error(`✗ fault tests: ${error instanceof Error ? error.message : String(error)}`);
  code = 1;
} finally {
  // The cluster goes with its directory: what PostgreSQL said goes to the output first, when something failed.
  if (code !== 0 && existsSync(logFile))
    console.error(
      `\nPostgreSQL's log (last lines):\n${readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n')}`,
    );
  cleanUp();
}
process.exit(code);
