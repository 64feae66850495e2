import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { packageRoot } from '../lib/paths.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';
export type Unlisten = () => Promise<void>;

/**
 * The database behind the app: the same drizzle API and SQL on PGlite and PostgreSQL.
 * `listen`/`notify` carry events between server processes (LISTEN/NOTIFY; in-process on PGlite).
 */
export interface Database {
  kind: DatabaseKind;
  db: Db;
  /**
   * Applies the migrations, then runs `then` (seeding), holding a cross-process lock on PostgreSQL so that
   * several server processes starting together do not race.
   */
  prepare(then: (db: Db) => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<Unlisten>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(packageRoot, 'src/db/migrations');
/** Advisory lock key held while one process migrates and seeds. */
const STARTUP_LOCK = 7_241_001;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : openPglite(options.dataDir);
}

/**
 * PGlite is one process's database: a second process (the CLI while the server runs) would corrupt it.
 * A lock file with the owner's pid refuses that; a stale one (its process gone) is taken over.
 */
function isAlive(pid: number): boolean {
  if (!(pid > 0) || pid === process.pid) return false;
  try {
    return process.kill(pid, 0);
  } catch {
    return false;
  }
}

function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch {
      const owner = Number(readFileSync(file, 'utf8'));
      if (isAlive(owner))
        throw new Error(`The embedded database in ${dir} is in use by process ${owner}; stop it first.`);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Cannot lock ${dir}`);
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const dir = inMemory ? dataDir : path.resolve(dataDir, 'db');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  const unlock = inMemory ? () => {} : lockDataDir(dir);
  const client = await PGlite.create(dir, { extensions: { pg_trgm } }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    prepare: async (then) => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
      await then(db);
    },
    ping: async () => void (await client.query('select 1')),
    notify: async (channel, payload) =>
      void (await client.query('select pg_notify($1, $2)', [channel, payload])),
    listen: async (channel, onMessage) => client.listen(channel, onMessage),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners: pg.PoolClient[] = [];
  return {
    kind: 'postgres',
    db,
    prepare: async (then) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        const locked = drizzlePg(client, { schema });
        await migratePg(locked, { migrationsFolder });
        await then(locked as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
        client.release();
      }
    },
    ping: async () => void (await pool.query('select 1')),
    notify: async (channel, payload) =>
      void (await pool.query('select pg_notify($1, $2)', [channel, payload])),
    listen: async (channel, onMessage) => {
      const client = await pool.connect();
      listeners.push(client);
      client.on('notification', (msg) => {
        if (msg.channel === channel) onMessage(msg.payload ?? '');
      });
      await client.query(`LISTEN ${quoteIdent(channel)}`);
      return async () => {
        await client.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
        client.release();
        listeners.splice(listeners.indexOf(client), 1);
      };
    },
    close: async () => {
      for (const c of listeners.splice(0)) c.release();
      await pool.end();
    },
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad channel name: ${name}`);
  return `"${name}"`;
}

/** Whether an error means the database itself is unreachable (answered as 503, not 500). */
export function isDatabaseDown(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return [
    'ECONNREFUSED',
    'ECONNRESET',
    'ETIMEDOUT',
    'EPIPE',
    '57P01',
    '57P03',
    '53300',
    '08000',
    '08001',
    '08006',
  ].includes(code);
}

export { sql };
