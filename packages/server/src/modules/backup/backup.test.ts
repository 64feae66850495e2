import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EXAM_TYPES } from '@basira/shared/exams/exam-types';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, sql, type Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { demoLogoDataUrl } from '../../demo/demo-logo.ts';
import { FakeClock } from '../../lib/clock.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { openToOthers } from '../../test/file-modes.ts';
import { startFakeTelegram, type FakeTelegram } from '../../test/fake-telegram.ts';
import { dbKind, startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';
import { ArchiveWriter, readArchive, type Manifest } from './backup-archive.ts';
import type { BackupWritten } from './backup-files.ts';
import { copyToPostgres } from './copy-to-postgres.ts';
import { analyze, restoreBackup, RestoreRefused, type RestoreTarget } from './restore.ts';

/**
 * Backup and restore on the database the suite runs on (TEST_DB): a clinic seeded through the API, backed up,
 * restored into a fresh database, and compared table by table and file by file. PostgreSQL gets databases of
 * its own here (the suite's shared one changes under other test files).
 */
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(3000), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(500)]);

let t: TestApp;
let org: TestOrg;
let fake: FakeTelegram;
let work: string;
let adminPg: pg.Client | null = null;
const made: string[] = [];
const clock = new FakeClock(new Date(2026, 10, 20, 10, 0, 0));

async function newPostgresDatabase(): Promise<string> {
  const name = `basira_backup_${randomBytes(4).toString('hex')}`;
  await adminPg!.query(`CREATE DATABASE ${name}`);
  made.push(name);
  const url = new URL(inject('databaseUrl')!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every table's row count and a checksum of its rows. */
async function fingerprint(database: Database): Promise<Record<string, string>> {
  const rows = async (text: string) =>
    ((await database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
  if (database.kind === 'postgres') await rows(`set timezone to 'UTC'`);
  const tables = await rows(
    `select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables as { name: string }[]) {
    const [row] = await rows(
      `select count(*)::int as n, md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as h from ${name} x`,
    );
    out[name] = `${row!.n} ${row!.h}`;
  }
  return out;
}

/** The tables of a PostgreSQL database that no `ANALYZE` has gathered statistics for (autovacuum's does not count). */
async function unanalyzed(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ relname: string }>(
      `select relname from pg_stat_user_tables where schemaname = 'public' and last_analyze is null order by 1`,
    );
    return rows.map((r) => r.relname);
  } finally {
    await client.end();
  }
}

function filesOf(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => {
        const file = path.join(e.parentPath, e.name);
        return [path.relative(dir, file), createHash('sha256').update(readFileSync(file)).digest('hex')];
      })
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );
}

/**
 * A copy of a backup with valid checksums throughout, but an entry's bytes replaced or its manifest changed: what a
 * damaged disk, a bug or a hand would make, and what the checksums alone cannot refuse.
 */
async function rewritten(
  from: string,
  change: {
    entry?: [string, (bytes: Buffer) => Buffer];
    manifest?: (manifest: Manifest) => Partial<Manifest>;
  },
): Promise<string> {
  const entries: [string, Buffer][] = [];
  let name = '';
  let chunks: Buffer[] = [];
  const manifest = await readArchive(from, {
    start: async (entry) => {
      name = entry;
      chunks = [];
    },
    chunk: async (bytes) => void chunks.push(Buffer.from(bytes)),
    end: async () => void entries.push([name, Buffer.concat(chunks)]),
  });
  const to = path.join(work, `rewritten-${randomBytes(4).toString('hex')}.tar`);
  const file = await open(to, 'wx');
  const writer = new ArchiveWriter(file, new Date());
  for (const [entry, bytes] of entries)
    await writer.addBuffer(entry, entry === change.entry?.[0] ? change.entry[1](bytes) : bytes);
  const { entries: _written, ...meta } = manifest;
  await writer.finish({ ...meta, ...change.manifest?.(manifest) });
  await file.close();
  return to;
}

/** A gzipped tar (the embedded database's dump) with one file's bytes set to zero. */
function withFileZeroed(gzipped: Buffer, name: string): Buffer {
  const tar = gunzipSync(gzipped);
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/[\0 ]/g, '') || '0', 8);
    if (header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '') === name) {
      tar.fill(0, at + 512, at + 512 + size);
      return gzipSync(tar);
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  throw new Error(`${name} is not in the archive`);
}

let target: RestoreTarget;
const openTarget = () =>
  openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, poolSize: 1, onFatal: () => {} });

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'basira-backup-'));
  fake = await startFakeTelegram();
  let source: string | undefined;
  if (dbKind === 'postgres') {
    adminPg = new pg.Client({ connectionString: inject('databaseUrl') });
    await adminPg.connect();
    source = await newPostgresDatabase();
  }
  t = await startTestApp({
    clock,
    env: {
      DATA_DIR: path.join(work, 'source'),
      BACKUP_KEEP: '2',
      TELEGRAM_BOT_TOKEN: '123456:TEST-token',
      TELEGRAM_API_BASE: fake.url,
      ...(source ? { DATABASE_URL: source } : {}),
    },
  });
  org = await t.newOrg();
  const c = clinic(t, org);
  for (let n = 0; n < 5; n++) {
    const patient = await c.patient({ name: `مريض رقم ${n} Hassan` });
    const visit = await c.queue(patient.id);
    for (const type of EXAM_TYPES)
      await c.ok('POST', `/api/mo/exam/${type}`, { patientId: patient.id, queueId: visit.id });
    for (const [name, bytes, type] of [
      ['report.pdf', PDF, 'application/pdf'],
      ['photo.png', PNG, 'image/png'],
    ] as const) {
      const boundary = '----basira-backup-test';
      const res = await t.request({
        method: 'POST',
        url: `/api/mo/patient/${patient.id}/document`,
        org: org.slug,
        token: org.adminToken,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    await c.ok('POST', '/api/telegram/user', { patientId: patient.id, telegram_id: String(7_000_000 + n) });
    await c.ok('POST', `/api/telegram/send/${patient.id}`, { message: `موعدك غداً ${n}` });
  }
  await c.ok('POST', '/api/mo/printSetting', {
    header: '<p>Basira</p>',
    footer: '<p>Baghdad</p>',
    logo: demoLogoDataUrl(),
  });
  target = {
    databaseUrl: dbKind === 'postgres' ? await newPostgresDatabase() : undefined,
    dataDir: path.join(work, 'restored'),
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
  for (const name of made) await adminPg?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminPg?.end();
  rmSync(work, { recursive: true, force: true });
});

let backup: BackupWritten;
let before: Record<string, string>;

describe(`backup and restore (${dbKind})`, () => {
  it('restores every row of every table and every document into a fresh database', async () => {
    before = await fingerprint(t.database);
    backup = await t.backups.create('cli');
    expect(backup.manifest.database).toBe(dbKind);
    expect(backup.manifest.entries.filter((e) => e.name.startsWith('uploads/'))).toHaveLength(10);

    const said: string[] = [];
    const result = await restoreBackup(backup.file, target, { force: false, say: (l) => said.push(l) });
    expect(result.replaced).toBeNull();
    expect(said.join('\n')).toMatch(/whole/);
    // pg_dump carries no planner statistics: the restore gathers them before any plan is made.
    if (target.databaseUrl) {
      expect(await unanalyzed(target.databaseUrl)).toEqual([]);
      expect(said.join('\n')).toMatch(/statistics gathered/);
    }

    const restored = await openTarget();
    try {
      const after = await fingerprint(restored);
      expect(Object.keys(after).length).toBeGreaterThan(20);
      expect(after).toEqual(before);
      expect(after['public.telegram_messages']).toMatch(/^5 /);
      expect(after['public.patient_documents']).toMatch(/^10 /);
      // The server starts on it, and the same password signs in.
      const config = loadConfig({ LOG_LEVEL: 'silent', TELEGRAM_WORKER: 'false', DATA_DIR: target.dataDir });
      const app = await buildApp(config, { database: restored, print: () => {} });
      const login = await app.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-organization': org.slug },
        payload: { email: org.adminEmail, password: org.adminPassword },
      });
      expect(login.statusCode, login.body).toBe(200);
      await app.close();
    } finally {
      await restored.close();
    }
    expect(filesOf(path.join(target.dataDir, 'uploads'))).toEqual(
      filesOf(path.join(work, 'source', 'uploads')),
    );
    // The restored database and documents are the restoring user's alone, as the server's own are.
    expect(openToOthers(target.dataDir)).toEqual([]);
  }, 120_000);

  it('refuses a truncated file or one flipped byte, with the target untouched (even with --force)', async () => {
    // The sign-in above wrote a session and an audit row into the target: that is its state now.
    const fingerprintOfTarget = async () => {
      const restored = await openTarget();
      try {
        return await fingerprint(restored);
      } finally {
        await restored.close();
      }
    };
    const now = await fingerprintOfTarget();
    expect(now['public.sessions']).not.toBe(before['public.sessions']);
    const untouched = async () => {
      const restored = await openTarget();
      try {
        expect(await fingerprint(restored)).toEqual(now);
      } finally {
        await restored.close();
      }
      expect(Object.keys(filesOf(path.join(target.dataDir, 'uploads')))).toHaveLength(10);
    };
    const bytes = readFileSync(backup.file);
    const damaged = path.join(work, 'damaged.tar');
    const cases: [Buffer, RegExp][] = [
      [bytes.subarray(0, Math.floor(bytes.length / 2)), /truncated/],
      [bytes.subarray(0, bytes.length - 1024), /truncated|no manifest/],
    ];
    // A byte in the database dump, in the first header, in a document, and in the manifest.
    const manifestAt = bytes.indexOf('"format": "basira-backup"');
    for (const at of [700, 100, bytes.length - 3000, manifestAt]) {
      const flipped = Buffer.from(bytes);
      flipped[at] = flipped[at]! ^ 0x01;
      cases.push([flipped, /damaged/]);
    }
    for (const [content, message] of cases) {
      writeFileSync(damaged, content);
      await expect(readArchive(damaged)).rejects.toThrow(message);
      await expect(restoreBackup(damaged, target, { force: true, say: () => {} })).rejects.toThrow(message);
    }
    await untouched();
    expect(readdirSync(target.dataDir).filter((n) => n.startsWith('.restore-'))).toEqual([]);
  }, 120_000);

  it('refuses a non-empty target without --force, saying what it holds; --force replaces it', async () => {
    const refused = restoreBackup(backup.file, target, { force: false, say: () => {} });
    await expect(refused).rejects.toThrow(RestoreRefused);
    await expect(refused).rejects.toThrow(
      /not empty \(\d+ patients, \d+ visits, \d+ exam records, 10 documents; 10 uploaded files\).*--force/,
    );
    const said: string[] = [];
    const result = await restoreBackup(backup.file, target, { force: true, say: (l) => said.push(l) });
    expect(said.join('\n')).toMatch(/Replacing: \d+ patients/);
    expect(result.keptAside.some((dir) => dir.includes('uploads.before-restore-'))).toBe(true);
    const restored = await openTarget();
    try {
      expect(await fingerprint(restored)).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 120_000);

  /** The target as it is: every table, every uploaded file, and what DATA_DIR holds beside them. */
  const stateOfTarget = async () => {
    const restored = await openTarget();
    try {
      return {
        tables: await fingerprint(restored),
        uploads: filesOf(path.join(target.dataDir, 'uploads')),
        dataDir: readdirSync(target.dataDir).sort(),
      };
    } finally {
      await restored.close();
    }
  };
  const databaseEntry = dbKind === 'pglite' ? 'database.pglite.tar.gz' : 'database.pgdump';

  it('a backup whose database cannot be restored leaves the target where it was, and says so', async () => {
    const now = await stateOfTarget();
    const damages: ((bytes: Buffer) => Buffer)[] = [() => randomBytes(4096)];
    // The embedded database's archive whole, but its control file zeroed: PGlite cannot open it.
    if (dbKind === 'pglite') damages.push((bytes) => withFileZeroed(bytes, '/global/pg_control'));
    for (const damage of damages) {
      const broken = await rewritten(backup.file, { entry: [databaseEntry, damage] });
      await expect(readArchive(broken)).resolves.toMatchObject({ database: dbKind });
      const failed = restoreBackup(broken, target, { force: true, say: () => {} });
      await expect(failed).rejects.toThrow(/Nothing was changed: .* is as it was/);
      expect(await stateOfTarget()).toEqual(now);
    }
  }, 120_000);

  it.skipIf(dbKind !== 'pglite')(
    'an embedded database whose rows do not match the manifest is not swapped in',
    async () => {
      const now = await stateOfTarget();
      expect(backup.manifest.rows?.['public.patients']).toBe(5);
      const short = await rewritten(backup.file, {
        manifest: (m) => ({ rows: { ...m.rows, 'public.patients': 6 } }),
      });
      const failed = restoreBackup(short, target, { force: true, say: () => {} });
      await expect(failed).rejects.toThrow(/public\.patients: 5 restored, 6 in the backup/);
      await expect(failed).rejects.toThrow(/Nothing was changed/);
      expect(await stateOfTarget()).toEqual(now);

      // A backup of an earlier Basira records no counts: it still restores, and the restore says what it checked.
      const older = await rewritten(backup.file, { manifest: () => ({ rows: undefined }) });
      const said: string[] = [];
      await restoreBackup(older, target, { force: true, say: (l) => said.push(l) });
      expect(said.join('\n')).toMatch(/records no row counts/);
      expect((await stateOfTarget()).tables).toEqual(before);
    },
    120_000,
  );
});

it('a restore whose statistics cannot be gathered is still a restore: it says to run ANALYZE', async () => {
  const said: string[] = [];
  await analyze('postgres://postgres@127.0.0.1:1/nowhere', (line) => said.push(line));
  expect(said).toEqual([expect.stringMatching(/^The data is restored, but .* run ANALYZE/)]);
});

describe('the administrator’s backup routes', () => {
  let installationAdmin: string;

  beforeAll(async () => {
    // Backups hold every organization: only the installation's own (default) organization manages them.
    await t.database.db
      .update(users)
      .set({ mustChangePassword: false })
      .where(eq(users.email, 'admin@basira.local'));
    installationAdmin = await t.login('default', 'admin@basira.local', 'bootstrap-password');
  });

  it('shows the last backup and the kept ones; another organization’s administrator is told nothing', async () => {
    const res = await t.request({ method: 'GET', url: '/api/backup', token: installationAdmin });
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json().data;
    expect(status).toMatchObject({
      database: dbKind,
      scheduled: dbKind === 'pglite',
      hour: 2,
      keep: 2,
      stale: false,
      last: { ok: true, trigger: 'cli', error: null },
    });
    expect(status.backups[0].file).toMatch(/^basira-\d{8}-\d{6}\.tar$/);

    const other = await t.request({
      method: 'GET',
      url: '/api/backup',
      org: org.slug,
      token: org.adminToken,
    });
    expect(other.statusCode).toBe(404);
    const clerk = await userWith(t, org, ['show patients']);
    expect(
      (await t.request({ method: 'GET', url: '/api/backup', org: org.slug, token: clerk.token })).statusCode,
    ).toBe(403);
  });

  it('downloads a fresh backup as an attachment; the local route wants the token from DATA_DIR', async () => {
    const res = await t.request({ method: 'POST', url: '/api/backup', token: installationAdmin });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="basira-.*\.tar"$/);
    const file = path.join(work, 'downloaded.tar');
    writeFileSync(file, res.rawPayload);
    expect(createHash('sha256').update(res.rawPayload).digest('hex')).toBe(res.headers['x-backup-sha256']);
    expect((await readArchive(file)).database).toBe(dbKind);

    expect((await t.request({ method: 'POST', url: '/api/backup/local' })).statusCode).toBe(401);
    const wrong = await t.request({
      method: 'POST',
      url: '/api/backup/local',
      headers: { 'x-backup-token': 'x'.repeat(64) },
    });
    expect(wrong.statusCode).toBe(401);
    const local = await t.request({
      method: 'POST',
      url: '/api/backup/local',
      headers: { 'x-backup-token': t.backups.localToken },
    });
    expect(local.statusCode).toBe(200);
  }, 60_000);

  it('backs up daily at BACKUP_HOUR by the injected clock, keeps BACKUP_KEEP, and warns after two days', async () => {
    const kept = () => readdirSync(t.backups.directory).filter((n) => n.endsWith('.tar'));
    // It is 10:00 on the 20th and a backup was made today: nothing is due until 02:00 tomorrow.
    expect(await t.scheduledBackups.check()).toBe(false);
    clock.advance(15 * 3600_000); // 01:00 on the 21st
    expect(await t.scheduledBackups.check()).toBe(false);
    // The embedded database is never analyzed but by the upkeep that follows the nightly backup.
    const analyzed = async () =>
      (
        (await t.database.db.execute(
          sql`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'organizations'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n > 0;
    if (dbKind === 'pglite') expect(await analyzed()).toBe(false);
    clock.advance(3600_000); // 02:00
    expect(await t.scheduledBackups.check()).toBe(true);
    if (dbKind === 'pglite') expect(await analyzed()).toBe(true);
    expect(await t.scheduledBackups.check()).toBe(false);
    expect(kept()).toHaveLength(2);
    expect(kept()).toContain('basira-20261121-020000.tar');
    const status = await t.backups.status();
    expect(status.last).toMatchObject({ ok: true, trigger: 'schedule', file: 'basira-20261121-020000.tar' });

    clock.advance(49 * 3600_000);
    expect((await t.backups.status()).stale).toBe(true);
  }, 60_000);
});

// The source is the embedded database the restore above wrote to disk; the target, an empty PostgreSQL database.
describe.skipIf(dbKind !== 'pglite')('moving the embedded database to PostgreSQL', () => {
  it('copies every table in foreign-key order, resets the sequences, and takes the uploads along', async () => {
    const serverUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    adminPg = new pg.Client({ connectionString: serverUrl.toString() });
    await adminPg.connect();
    const name = `basira_copy_${randomBytes(4).toString('hex')}`;
    await adminPg.query(`CREATE DATABASE ${name}`);
    made.push(name);
    serverUrl.pathname = `/${name}`;

    const lines: string[] = [];
    const report = await copyToPostgres({
      dataDir: target.dataDir,
      to: serverUrl.toString(),
      uploadsTo: path.join(work, 'moved'),
      say: (l) => lines.push(l),
    });
    expect(report.tables.find((x) => x.name === 'patients')?.rows).toBeGreaterThanOrEqual(5);
    expect(await unanalyzed(serverUrl.toString())).toEqual([]);
    const tables = report.tables.map((x) => x.name);
    expect(tables.indexOf('organizations')).toBeLessThan(tables.indexOf('patients'));
    expect(tables.indexOf('patients')).toBeLessThan(tables.indexOf('queue_entries'));
    expect(tables.indexOf('queue_entries')).toBeLessThan(tables.indexOf('exam_records'));

    const copied = await openDatabase({
      databaseUrl: serverUrl.toString(),
      dataDir: 'memory://',
      poolSize: 1,
    });
    try {
      expect(await fingerprint(copied)).toEqual(before);
      const next = await copied.db.execute(
        sql`insert into organizations (slug, name) values ('after-copy', 'After') returning id`,
      );
      const max = await copied.db.execute(
        sql`select max(id)::int as max from organizations where slug <> 'after-copy'`,
      );
      expect((next as unknown as { rows: { id: number }[] }).rows[0]!.id).toBe(
        (max as unknown as { rows: { max: number }[] }).rows[0]!.max + 1,
      );
    } finally {
      await copied.close();
    }
    expect(filesOf(path.join(work, 'moved', 'uploads'))).toEqual(
      filesOf(path.join(work, 'source', 'uploads')),
    );
    // A second copy into the same (now full) database is refused.
    await expect(
      copyToPostgres({ dataDir: target.dataDir, to: serverUrl.toString(), say: () => {} }),
    ).rejects.toThrow(/not empty/);
  }, 120_000);
});
