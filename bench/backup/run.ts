// Backup and restore sizes and times (docs/operations.md): the demo clinic, and 100,000 patients, on each database.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '@basira/server/src/app.ts';
import { loadConfig } from '@basira/server/src/config.ts';
import { openDatabase, sql } from '@basira/server/src/db/client.ts';
import { loadDemo } from '@basira/server/src/demo/demo.ts';
import { writeBackup } from '@basira/server/src/modules/backup/backup-files.ts';
import { databaseSource } from '@basira/server/src/modules/backup/backup.service.ts';
import { restoreBackup } from '@basira/server/src/modules/backup/restore.ts';
import { createOrganization } from '@basira/server/src/modules/organizations/organizations.service.ts';
import { benchDir, chosenDatabases, rowsOf, type BenchDb } from '../shared/bench-app.ts';
import { ensurePatients } from '../patient-search/generate.ts';

const PATIENTS = Number(process.env.PATIENTS ?? 100_000);
const SERVER = process.env.BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.join(benchDir, '.data', 'backup');

async function freshPostgres(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgres(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

const seconds = (since: number) => (performance.now() - since) / 1000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function dirSize(dir: string): number {
  let total = 0;
  const walk = (p: string) => {
    const s = statSync(p, { throwIfNoEntry: false });
    if (!s) return;
    if (s.isDirectory()) for (const name of readdirSync(p)) walk(path.join(p, name));
    else total += s.size;
  };
  walk(dir);
  return total;
}

interface Row {
  db: BenchDb;
  data: string;
  patients: number;
  databaseSize: number;
  backupSize: number;
  backupSeconds: number;
  restoreSeconds: number;
}

async function measure(kind: BenchDb, scenario: 'demo' | 'patients'): Promise<Row> {
  const dir = path.join(root, `${kind}-${scenario}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const sourceName = `basira_bench_backup_${scenario}`;
  const targetName = `basira_bench_restore_${scenario}`;
  const databaseUrl = kind === 'postgres' ? await freshPostgres(sourceName) : undefined;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'bench-password-1',
    TELEGRAM_WORKER: 'false',
    DATA_DIR: path.join(dir, 'source'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl, dataDir: config.DATA_DIR });
  const built = await buildApp(config, { database, print: () => {} });
  if (scenario === 'demo') await loadDemo(database, config, { print: () => {} });
  else {
    const { org } = await createOrganization(database.db, {
      slug: 'bench-backup',
      name: 'Backup benchmark',
      admin: {
        name: 'Admin',
        email: 'admin@bench-backup.test',
        password: 'bench-password-1',
        mustChangePassword: false,
      },
    });
    await ensurePatients(database.db, org.id, PATIENTS, (line) => console.log(line));
  }
  await built.close();
  const patients = Number(
    rowsOf<{ n: string }>(await database.db.execute(sql`select count(*) as n from patients`))[0]!.n,
  );
  const databaseSize = Number(
    rowsOf<{ n: string }>(
      await database.db.execute(sql`select pg_database_size(current_database()) as n`),
    )[0]!.n,
  );

  const out = path.join(dir, 'backup.tar');
  let started = performance.now();
  const written = await writeBackup({
    out,
    source: databaseSource(database, config),
    uploadsDir: path.join(config.DATA_DIR, 'uploads'),
    appVersion: 'bench',
    now: new Date(),
  });
  const backupSeconds = seconds(started);
  await database.close();

  const targetUrl = kind === 'postgres' ? await freshPostgres(targetName) : undefined;
  started = performance.now();
  await restoreBackup(
    out,
    { databaseUrl: targetUrl, dataDir: path.join(dir, 'restored') },
    { force: false, say: () => {} },
  );
  const restoreSeconds = seconds(started);
  if (kind === 'postgres') {
    await dropPostgres(sourceName);
    await dropPostgres(targetName);
  }
  const row: Row = {
    db: kind,
    data: scenario === 'demo' ? 'demo clinic' : `${PATIENTS.toLocaleString('en')} patients`,
    patients,
    databaseSize: kind === 'pglite' ? dirSize(path.join(config.DATA_DIR, 'db')) : databaseSize,
    backupSize: written.size,
    backupSeconds,
    restoreSeconds,
  };
  rmSync(dir, { recursive: true, force: true });
  return row;
}

const rows: Row[] = [];
for (const kind of chosenDatabases())
  for (const scenario of ['demo', 'patients'] as const) {
    console.log(`${kind} / ${scenario}…`);
    const row = await measure(kind, scenario);
    console.log(row);
    rows.push(row);
  }
console.log('\n| database | data | patients | database size | backup file | backup | restore |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of rows)
  console.log(
    `| ${r.db} | ${r.data} | ${r.patients.toLocaleString('en')} | ${mb(r.databaseSize)} | ${mb(r.backupSize)} | ` +
      `${r.backupSeconds.toFixed(1)} s | ${r.restoreSeconds.toFixed(1)} s |`,
  );
