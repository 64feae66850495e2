import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import {
  EMBEDDED_DURABILITY_WARNING,
  guardEmbedded,
  isDatabaseDown,
  isEmbeddedFailure,
  openDatabase,
  sql,
  startupWarnings,
} from './client.ts';

describe('embedded database lock', () => {
  it('refuses a data directory another live process holds, takes over a stale lock', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basira-lock-'));
    mkdirSync(path.join(dataDir, 'db'));
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dataDir, 'db.lock'), String(other.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(/in use by process/);
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once('exit', resolve));
    const database = await openDatabase({ dataDir });
    await database.ping();
    await database.close();
  });
});

describe('embedded database failure', () => {
  it('tells a failure of the database itself from an SQL error', () => {
    const named = (name: string, message = 'x') => Object.assign(new Error(message), { name });
    expect(isEmbeddedFailure(named('RuntimeError', 'Aborted(). Build with -sASSERTIONS'))).toBe(true);
    expect(isEmbeddedFailure(named('ExitStatus', 'Program terminated with exit(1)'))).toBe(true);
    expect(isEmbeddedFailure(named('ErrnoError'))).toBe(true);
    expect(isEmbeddedFailure(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(true);
    expect(isEmbeddedFailure(new Error('PGlite is closed'))).toBe(true);
    // SQL errors carry a SQLSTATE and leave the database working.
    expect(isEmbeddedFailure(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isEmbeddedFailure(Object.assign(new Error('Aborted(x)'), { code: '42P01' }))).toBe(false);
    expect(isEmbeddedFailure(new TypeError('cannot read x'))).toBe(false);
    expect(isEmbeddedFailure('Aborted(')).toBe(false);
  });

  // Two embedded databases start here: slow on a busy machine.
  it(
    'calls onFatal once when the embedded database fails, never for an SQL error or after our own close',
    { timeout: 180_000 },
    async () => {
      const fatal: unknown[] = [];
      const database = await openDatabase({ dataDir: 'memory://', onFatal: (e) => fatal.push(e) });
      await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
      await database.close();
      await expect(database.ping()).rejects.toThrow(/closed/);
      expect(fatal).toEqual([]);

      // The runtime gone under the app (as after a WebAssembly abort): every query fails, reported once.
      const embedded = await PGlite.create('memory://');
      const guarded = guardEmbedded(
        embedded,
        (e) => fatal.push(e),
        () => false,
      );
      await guarded.query('select 1');
      await embedded.close();
      await expect(guarded.query('select 1')).rejects.toThrow(/closed/);
      await expect(guarded.exec('select 1')).rejects.toThrow(/closed/);
      expect(fatal).toHaveLength(1);
    },
  );
});

describe('database down', () => {
  it('is read from the driver error or from its cause', () => {
    const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseDown(wrapped({ code: '57P01' }))).toBe(true);
    expect(isDatabaseDown(wrapped({ code: '08006' }))).toBe(true);
    expect(isDatabaseDown({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isDatabaseDown(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseDown(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseDown(wrapped({ code: '23505' }))).toBe(false);
    expect(isDatabaseDown(new Error('Connection refused by policy'))).toBe(false);
    expect(isDatabaseDown(null)).toBe(false);
  });
});

const onPostgres = process.env.TEST_DB === 'postgres' ? describe : describe.skip;
onPostgres('durability settings', () => {
  it('names each one that is off', async () => {
    const url = inject('databaseUrl')!;
    const name = new URL(url).pathname.slice(1);
    const admin = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const before = await startupWarnings(admin);
    await admin.db.execute(sql.raw(`ALTER DATABASE ${name} SET synchronous_commit = off`));
    try {
      // New connections to the database read the setting.
      const fresh = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
      expect((await startupWarnings(fresh)).sort()).toEqual(
        [
          ...before,
          "PostgreSQL's synchronous_commit is off: a crash or power cut can lose committed records",
        ].sort(),
      );
      await fresh.close();
    } finally {
      await admin.db.execute(sql.raw(`ALTER DATABASE ${name} RESET synchronous_commit`));
      await admin.close();
    }
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database at start', () => {
  it('is said not to flush its writes (PGlite runs with fsync off)', async () => {
    const opened = await openDatabase({ dataDir: 'memory://' });
    try {
      const { rows } = (await opened.db.execute(sql`SHOW fsync`)) as unknown as { rows: { fsync: string }[] };
      expect(rows).toEqual([{ fsync: 'off' }]);
      expect(await startupWarnings(opened)).toEqual([EMBEDDED_DURABILITY_WARNING]);
    } finally {
      await opened.close();
    }
  });
});

onPostgres('pool connections', () => {
  it('run with synchronized sequential scans off (stable table-order reads) and no parallel workers (pages stop at their LIMIT)', async () => {
    const opened = await openDatabase({ databaseUrl: inject('databaseUrl')!, dataDir: 'memory://' });
    try {
      const show = async (name: string) =>
        ((await opened.db.execute(sql.raw(`SHOW ${name}`))) as unknown as { rows: Record<string, string>[] })
          .rows;
      expect(await show('synchronize_seqscans')).toEqual([{ synchronize_seqscans: 'off' }]);
      expect(await show('max_parallel_workers_per_gather')).toEqual([
        { max_parallel_workers_per_gather: '0' },
      ]);
    } finally {
      await opened.close();
    }
  });
});
