import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seedCountries } from '../modules/countries/countries.service.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when the API suite runs on PostgreSQL: a database made for this run and dropped after it. */
    databaseUrl: string | undefined;
    /** Set when it runs on PGlite: a migrated, seeded data directory (tar.gz) each file's database starts from. */
    pgliteSnapshot: string | undefined;
  }
}

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * TEST_DB=postgres: makes a fresh database on TEST_DATABASE_URL's server, migrates it once (so the test files'
 * apps start on a ready schema) and drops it at the end. Otherwise each test file opens its own PGlite, from a
 * copy of one migrated here (the migrations still run on each: they find nothing left to do).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB !== 'postgres') {
    project.provide('databaseUrl', undefined);
    const dir = mkdtempSync(path.join(tmpdir(), 'basira-test-pglite-'));
    const snapshot = path.join(dir, 'migrated.tar.gz');
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.prepare(seedCountries);
    writeFileSync(snapshot, Buffer.from(await (await database.dumpDataDir!()).data.arrayBuffer()));
    await database.close();
    project.provide('pgliteSnapshot', snapshot);
    return () => rmSync(dir, { recursive: true, force: true });
  }
  project.provide('pgliteSnapshot', undefined);
  const adminUrl = new URL(process.env.TEST_DATABASE_URL ?? DEFAULT_URL);
  const name = `basira_test_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  await database.prepare(seedCountries);
  await database.close();
  project.provide('databaseUrl', url.toString());

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}
