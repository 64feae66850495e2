// The real app on a benchmark database that is kept between runs: PostgreSQL `basira_bench` (made on first use)
// or an embedded PGlite directory under bench/.data. Shared by bench/patient-search and bench/board.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, type BuiltApp } from '@basira/server/src/app.ts';
import { loadConfig } from '@basira/server/src/config.ts';
import { openDatabase, type Db } from '@basira/server/src/db/client.ts';
import { organizations, users } from '@basira/server/src/db/schema.ts';
import { createOrganization } from '@basira/server/src/modules/organizations/organizations.service.ts';

export type BenchDb = 'postgres' | 'pglite';

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/basira_bench';
const PASSWORD = 'bench-password-1';

export interface BenchApp {
  kind: BenchDb;
  built: BuiltApp;
  db: Db;
  base: string;
  org: { id: number; slug: string; timeZone: string };
  userId: number;
  token: string;
  close(): Promise<void>;
}

/** Which databases to run on: `--db=postgres`, `--db=pglite`, or both (default). */
export function chosenDatabases(argv = process.argv): BenchDb[] {
  const arg = argv.find((a) => a.startsWith('--db='))?.slice(5);
  if (arg === 'postgres' || arg === 'pglite') return [arg];
  return ['postgres', 'pglite'];
}

async function ensurePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad benchmark database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

/** Starts the app on the benchmark database, with an organization `slug` and a signed-in administrator. */
export async function startBenchApp(kind: BenchDb, bench: string, slug: string): Promise<BenchApp> {
  const dataDir = path.join(benchDir, '.data', kind === 'pglite' ? `${bench}-pglite` : `${bench}-files`);
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = kind === 'postgres' ? (process.env.BENCH_DATABASE_URL ?? DEFAULT_PG) : undefined;
  if (databaseUrl) await ensurePostgresDatabase(databaseUrl);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: PASSWORD,
    DATA_DIR: dataDir,
    LOGIN_RATE_PER_ADDRESS_PER_MINUTE: '100000',
    // One user calls far faster than a person: the per-user limit would measure itself.
    REQUESTS_PER_USER_PER_MINUTE: '100000000',
    SESSION_IDLE_MINUTES: '600',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 10 });
  const built = await buildApp(config, { database, print: () => {} });
  const db = database.db;

  let [org] = await db.select().from(organizations).where(eq(organizations.slug, slug));
  const email = `admin@${slug}.bench`;
  if (!org) {
    const made = await createOrganization(db, {
      slug,
      name: `Benchmark ${slug}`,
      admin: { name: 'Bench Admin', email, password: PASSWORD, mustChangePassword: false },
    });
    org = made.org;
  }
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const base = await built.app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-organization': slug },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return {
    kind,
    built,
    db,
    base,
    org: { id: org.id, slug, timeZone: org.timeZone },
    userId: admin!.id,
    token,
    close: async () => {
      await built.close();
      await database.close();
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export function summary(times: number[]): { p50: number; p95: number; p99: number; max: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
}

export const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Rows of a raw query on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
