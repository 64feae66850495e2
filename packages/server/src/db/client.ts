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
import { OwnerOnlyNodeFS } from './owner-only-fs.ts';
import { rowCounts, type RowCounts } from './row-counts.ts';
import { packageRoot } from '../lib/paths.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';
export type Unlisten = () => Promise<void>;

/** Where the database's own troubles (a lost connection, a reconnect) are told: the app's logger once it exists. */
export interface DatabaseLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

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
  /** Survives outages: on PostgreSQL the listening connection is re-established and its channels re-subscribed. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<Unlisten>;
  /**
   * Called after the listening connection came back from an outage: notifications sent meanwhile were missed,
   * so whatever was cached from them must be dropped. Never called on PGlite (nothing can be missed there).
   */
  onReconnect(callback: () => void): () => void;
  /** Sends the database's own messages to the app's logger (until then they go to stderr). */
  setLog(log: DatabaseLog): void;
  close(): Promise<void>;
  /** PGlite only: a consistent tar.gz of the data directory (backups; restorable with `loadDataDir`). */
  dumpDataDir?: () => Promise<EmbeddedDump>;
}

/** The embedded database's data directory, and every table's row count in it (a restore checks them). */
export interface EmbeddedDump {
  data: Blob;
  rows: RowCounts;
}
const migrationsFolder = path.join(packageRoot, 'src/db/migrations');
/** Advisory lock key held while one process migrates and seeds. */
const STARTUP_LOCK = 7_241_001;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /**
   * PostgreSQL: the longest a query may run (`statement_timeout`) or wait for an answer (a half-dead connection),
   * so that a request answers 503 rather than hanging. Default 15 s.
   */
  queryTimeoutMs?: number;
  /** PGlite: what happens when the embedded database itself fails. Default: log the cause and exit 1. */
  onFatal?: (error: unknown) => void;
  /**
   * PGlite in memory: start from this copy of a data directory (`dumpDataDir`) instead of an empty one. The API
   * tests start each file's database from one migrated copy: a new PGlite runs initdb, several times slower.
   */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10, options.queryTimeoutMs ?? 15_000)
    : openPglite(options.dataDir, options.onFatal, options.loadDataDir);
}

/** Until the app's logger is handed over: one JSON line on stderr, as the logger would write it. */
function stderrLog(level: number): DatabaseLog['warn'] {
  return (obj, msg) => {
    const { err, ...rest } = obj as { err?: unknown };
    const cause = err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : err;
    process.stderr.write(`${JSON.stringify({ level, time: Date.now(), ...rest, err: cause, msg })}\n`);
  };
}
const STDERR_LOG: DatabaseLog = { info: stderrLog(30), warn: stderrLog(40), error: stderrLog(50) };

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
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: PRIVATE_FILE_MODE });
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

/**
 * PGlite on a data directory with the app's extensions; on disk, through the file system that keeps every file its
 * user's alone (db/owner-only-fs.ts). Every opening of an embedded database goes through here: the server, the
 * commands, a restore.
 */
export function openEmbedded(dir: string, options: { loadDataDir?: Blob | undefined } = {}): Promise<PGlite> {
  return PGlite.create(dir, {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
    ...(dir.startsWith('memory://') ? {} : { fs: new OwnerOnlyNodeFS(dir) }),
  });
}

async function openPglite(
  dataDir: string,
  onFatal = exitOnEmbeddedFailure,
  loadDataDir?: Blob,
): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const dir = inMemory ? dataDir : path.resolve(dataDir, 'db');
  if (!inMemory) mkdirSync(path.dirname(dir), { recursive: true, mode: PRIVATE_DIR_MODE });
  const unlock = inMemory ? () => {} : lockDataDir(dir);
  const opened = await openEmbedded(dir, { loadDataDir }).catch((error: unknown) => {
    unlock();
    throw error;
  });
  let closing = false;
  const client = guardEmbedded(opened, onFatal, () => closing);
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
    onReconnect: () => () => {},
    setLog: () => {},
    dumpDataDir: async () => {
      let dump: EmbeddedDump | undefined;
      // One transaction holds every other query back until the dump is taken: the counts are of its very rows.
      await client.transaction(async (tx) => {
        const rows = await rowCounts(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
        await tx.query('checkpoint');
        dump = { data: await client.dumpDataDir('gzip'), rows };
      });
      return dump!;
    },
    close: async () => {
      // A query straggling after our own close is no failure of the database.
      closing = true;
      await opened.close();
      unlock();
    },
  };
}

/**
 * Whether an error is the embedded database itself failing (its WebAssembly runtime aborted or exited, its data
 * directory unreadable or full), as opposed to an SQL error, which carries a SQLSTATE and leaves it working.
 */
export function isEmbeddedFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return false;
  if (name === 'ExitStatus' || name === 'ErrnoError' || name === 'RuntimeError') return true;
  if (typeof code === 'string' && ['EIO', 'ENOSPC', 'EROFS', 'EDQUOT', 'EACCES', 'EPERM'].includes(code))
    return true;
  return typeof message === 'string' && /^(PGlite is closed|Aborted\()/.test(message);
}

/** The default on a failure of the embedded database: nothing can be trusted to work after it, so stop. */
function exitOnEmbeddedFailure(error: unknown): void {
  STDERR_LOG.error(
    { err: error },
    'the embedded database failed; the server stops so that its supervisor restarts it',
  );
  process.exit(1);
}

/** The PGlite client with every query checked for a failure of the database itself (then `onFatal`). */
export function guardEmbedded(
  client: PGlite,
  onFatal: (error: unknown) => void,
  closing: () => boolean,
): PGlite {
  let failed = false;
  const check = (error: unknown): never => {
    if (!failed && !closing() && isEmbeddedFailure(error)) {
      failed = true;
      onFatal(error);
    }
    throw error;
  };
  return new Proxy(client, {
    get(target, property) {
      // The target as `this`: PGlite's getters read its private fields.
      const value: unknown = Reflect.get(target, property, target);
      if (
        typeof value !== 'function' ||
        !(property === 'query' || property === 'exec' || property === 'transaction')
      )
        return typeof value === 'function' ? value.bind(target) : value;
      return (...args: unknown[]) =>
        (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).catch(check);
    },
  });
}

/** Connections that fail to open give up after this long: a request answers 503 rather than waiting. */
const CONNECT_TIMEOUT_MS = 2_000;
/** The listening connection is retried at once, then every 100, 200, 400 … ms, at most every second. */
const RECONNECT_MAX_MS = 1_000;
const reconnectDelay = (attempt: number) => Math.min(100 * 2 ** attempt, RECONNECT_MAX_MS);

/**
 * The settings of every connection the app opens to PostgreSQL, set once per connection instead of `SET LOCAL` in a
 * transaction per statement (three round trips each):
 * - `synchronize_seqscans=off`: scans without ORDER BY (search stages, capped counts) read rows in table order; with
 *   synchronized scans a scan may start where a concurrent one is, and the same search could answer different rows.
 * - `max_parallel_workers_per_gather=0`: the app's statements are pages that stop at their LIMIT, and a parallel
 *   plan's workers do not stop with them: on a large clinic a search over a month was many times slower with two
 *   workers than without; under load the workers also take the cores that other requests wait for
 *   (docs/decisions.md, bench/history/list-pages.md).
 */
export const SESSION_OPTIONS = '-c synchronize_seqscans=off -c max_parallel_workers_per_gather=0';

const CONNECTION_LIFETIME_S = 3_600;

async function openPostgres(url: string, max: number, queryTimeoutMs: number): Promise<Database> {
  let log = STDERR_LOG;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // A connection lasts an hour at most: the statements it has prepared go with it, among them each day's own of
    // today's pages (lib/prepared.ts, `literalInstant`), which a connection kept busy for days would pile up.
    maxLifetimeSeconds: CONNECTION_LIFETIME_S,
    options: SESSION_OPTIONS,
    // The server cancels a statement past it; the client gives up on a connection that no longer answers.
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + 1_000,
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => log.warn({ err: error }, 'database: an idle connection was lost'));
  // pg-pool listens for errors on idle clients only: one in use between two queries (a transaction) would
  // otherwise throw an unhandled 'error'. Its next query fails, and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listener = new ListenConnection(url, () => log);
  return {
    kind: 'postgres',
    db,
    prepare: async (then) => {
      // A connection of its own, without the statement timeout: a migration may take long.
      const client = new pg.Client({
        connectionString: url,
        keepAlive: true,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      client.on('error', (error) => log.warn({ err: error }, 'database: the migration connection was lost'));
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
        const locked = drizzlePg(client, { schema });
        await migratePg(locked, { migrationsFolder });
        await then(locked as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    ping: async () => void (await pool.query('select 1')),
    notify: async (channel, payload) =>
      void (await pool.query('select pg_notify($1, $2)', [channel, payload])),
    listen: (channel, onMessage) => listener.listen(channel, onMessage),
    onReconnect: (callback) => listener.onReconnect(callback),
    setLog: (next) => {
      log = next;
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}

/**
 * The one connection of a process that holds its LISTENs, outside the pool (a pooled client would be handed out
 * to queries). When it is lost (PostgreSQL restarted, stopped, killed), it is opened again with backoff and
 * every channel is listened to again; then the `onReconnect` callbacks run, since notifications were missed.
 */
class ListenConnection {
  private readonly channels = new Map<string, Set<(payload: string) => void>>();
  private readonly reconnected = new Set<() => void>();
  /** The client being connected or in use. */
  private current: pg.Client | null = null;
  private ready: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private attempt = 0;
  private wasConnected = false;
  private lostAt = 0;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly log: () => DatabaseLog,
  ) {}

  async listen(channel: string, onMessage: (payload: string) => void): Promise<Unlisten> {
    quoteIdent(channel);
    let handlers = this.channels.get(channel);
    const isNew = !handlers;
    if (!handlers) this.channels.set(channel, (handlers = new Set()));
    const handler = (payload: string) => onMessage(payload);
    handlers.add(handler);
    if (!this.current && !this.retry && !this.closed) this.connecting = this.connect();
    await this.connecting;
    // A channel added while connected; one added while down is listened to on the reconnect.
    if (isNew && this.ready) await this.ready.query(`LISTEN ${quoteIdent(channel)}`).catch(() => {});
    return async () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.channels.get(channel) !== handlers) return;
      this.channels.delete(channel);
      await this.ready?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => {});
    };
  }

  onReconnect(callback: () => void): () => void {
    this.reconnected.add(callback);
    return () => void this.reconnected.delete(callback);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.connecting;
    const client = this.current;
    this.current = this.ready = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS * 2,
    });
    this.current = client;
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      for (const handler of this.channels.get(message.channel) ?? []) {
        try {
          handler(message.payload ?? '');
        } catch (error) {
          this.log().warn(
            { err: error, channel: message.channel },
            'database: a notification handler failed',
          );
        }
      }
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.current !== client) return;
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.ready = client;
    this.attempt = 0;
    if (!this.wasConnected) {
      this.wasConnected = true;
      return;
    }
    this.log().info(
      { downMs: Date.now() - this.lostAt, channels: [...this.channels.keys()] },
      'database: the listening connection is back; cached data is dropped',
    );
    for (const callback of this.reconnected)
      try {
        callback();
      } catch (error) {
        this.log().error({ err: error }, 'database: a reconnect callback failed');
      }
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.current !== client) return;
    if (this.ready === client || this.attempt === 0) {
      this.lostAt = this.ready === client ? Date.now() : this.lostAt || Date.now();
      this.log().warn({ err: error }, 'database: the listening connection was lost; reconnecting');
    }
    this.current = this.ready = null;
    client.removeAllListeners('notification');
    client.end().catch(() => {});
    if (this.closed) return;
    const delay = reconnectDelay(this.attempt++);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (!this.closed && !this.current) this.connecting = this.connect();
    }, delay);
    this.retry.unref();
  }
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad channel name: ${name}`);
  return `"${name}"`;
}

/** Driver errors without a SQLSTATE that mean the connection, not the query, failed. */
const CONNECTION_LOST =
  /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Client was closed|Query read timeout)/;

/** Whether an error (or its cause: drizzle wraps driver errors) means the database itself is unreachable: 503. */
export function isDatabaseDown(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null, depth = 0;
    e && depth < 5;
    depth++
  ) {
    const { code, message } = e;
    if (typeof code === 'string') {
      if (code.startsWith('08')) return true;
      if (
        [
          'ECONNREFUSED',
          'ECONNRESET',
          'ETIMEDOUT',
          'EPIPE',
          'EHOSTUNREACH',
          'ENETUNREACH',
          'ENOTFOUND',
          'EAI_AGAIN',
          '57P01',
          '57P02',
          '57P03',
          '57014',
          '53300',
        ].includes(code)
      )
        return true;
    }
    if (typeof message === 'string' && CONNECTION_LOST.test(message)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** The durability settings that must be on; one off can lose committed data in a power cut. */
const DURABILITY_SETTINGS = ['fsync', 'synchronous_commit', 'full_page_writes'];

/**
 * PGlite runs PostgreSQL with `fsync` off, and its Node file system has no flush (electric-sql/pglite#1107): under
 * strace, committed inserts and a CHECKPOINT make many `pwrite64` and not one `fsync`. A killed server loses
 * nothing (the operating system still holds the writes); a power cut can.
 */
export const EMBEDDED_DURABILITY_WARNING =
  'The embedded database does not flush its writes to disk: a crash of the server loses nothing, but a power cut ' +
  'or an operating-system crash can lose the latest records or leave the database to be restored from a backup. ' +
  'Run it on a UPS with BACKUP_DIR on another disk, or use PostgreSQL (docs/operations.md, Durability).';

/** Which of the named PostgreSQL settings are off (PGlite's are its own: see EMBEDDED_DURABILITY_WARNING). */
async function settingsOff(database: Database, names: readonly string[]): Promise<string[]> {
  const result = await database.db.execute(sql`select name, setting from pg_settings where name in ${names}`);
  // Both drivers answer `{ rows }`.
  const { rows } = result as unknown as { rows: { name: string; setting: string }[] };
  return rows.filter((r) => r.setting === 'off').map((r) => r.name);
}

/**
 * What the server says at start about its database (app.ts logs each as a warning): each setting that can lose
 * confirmed records in a crash or a power cut, and autovacuum off. Without autovacuum nothing reclaims dead rows
 * or refreshes the planner's statistics, and stale statistics once sent the doctor's worklist through the
 * patients' whole primary key, seconds a call (bench/history/load.md). The embedded database vacuums itself each
 * night (db/upkeep.ts) but cannot flush.
 */
export async function startupWarnings(database: Database): Promise<string[]> {
  if (database.kind === 'pglite') return [EMBEDDED_DURABILITY_WARNING];
  return (await settingsOff(database, [...DURABILITY_SETTINGS, 'autovacuum'])).map((name) =>
    name === 'autovacuum'
      ? "PostgreSQL's autovacuum is off: turn it on, or run VACUUM (ANALYZE) on this database every night"
      : `PostgreSQL's ${name} is off: a crash or power cut can lose committed records`,
  );
}

export { sql };
