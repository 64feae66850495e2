// The billing bench's clinic: the demo clinic (with its two weeks of money, npm run demo) in a database made afresh
// on every run, or with BENCH_CLINIC=large the list-pages' large clinic (1,000,000 patients, 3,000,000 visits over
// three years, bench/list-pages/large-clinic.ts) in a database of its own, kept between runs, with the money of
// every generated visit added in SQL (`growMoney`): about one charge a finished visit, most paid with a receipt each.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '@basira/server/src/config.ts';
import { openDatabase, type Database, type Db } from '@basira/server/src/db/client.ts';
import { loadDemo, type DemoAccount } from '@basira/server/src/demo/demo.ts';
import { rowsOf } from '../shared/bench-app.ts';
import {
  fillToday,
  growToLargeClinic,
  keepLargeClinic,
  keptLargeClinic,
  type LargeClinic,
} from '../list-pages/large-clinic.ts';

export const LARGE = process.env.BENCH_CLINIC === 'large';
export const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  `postgres://postgres@127.0.0.1:5432/basira_bench_billing${LARGE ? '_large' : ''}`;
/** Generated visits have tickets from 1,000 (large-clinic.ts). */
const FIRST_TICKET = 1_000;
const BATCH = 500_000;

export function benchConfig(extra: Record<string, string> = {}) {
  const dataDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../.data/billing-files');
  mkdirSync(dataDir, { recursive: true });
  return loadConfig({
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'bench-password-1',
    DATA_DIR: dataDir,
    DATABASE_URL,
    LOGIN_RATE_PER_ADDRESS_PER_MINUTE: '100000',
    REQUESTS_PER_USER_PER_MINUTE: '100000000',
    SESSION_IDLE_MINUTES: '600',
    TELEGRAM_WORKER: 'false',
    ...extra,
  });
}

async function recreateDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!/^basira_bench_[a-z0-9_]+$/.test(name)) throw new Error(`not a bench database: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

const elapsed = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(0)} s`;

/**
 * The money of the large clinic's generated finished visits, in bulk SQL: a charge of the visit reason's service
 * (the price without a doctor of its own), made a minute after the visit; 92 % paid in full, 3 % given 10 % off and
 * the rest paid, 5 % left owing. One payment a paid charge, with its receipt, numbered per year in time order after
 * the demo's, in a shift of the day's (one a day, closed). Methods: cash 75 %, card 12 %, transfers 13 %. No free
 * returns: which visit returns to which is the charging code's (the demo's two weeks have it), not the bench's.
 */
export async function growMoney(db: Db, orgId: number, log: (line: string) => void): Promise<string> {
  const t0 = performance.now();
  const has = async (condition: string) =>
    (
      rowsOf<{ yes: boolean }>(await db.execute(sql.raw(`SELECT EXISTS (${condition}) AS yes`))) as [
        { yes: boolean },
      ]
    )[0].yes;
  const generatedVisits = `SELECT q.id FROM queue_entries q WHERE q.org_id = ${orgId} AND q.ticket_number >= ${FIRST_TICKET}`;
  if (
    await has(`SELECT 1 FROM billing_entries e JOIN receipts r ON r.id = e.receipt_id
                 WHERE e.org_id = ${orgId} AND r.idempotency_key LIKE 'bench-%'`)
  )
    return 'the large clinic’s money made by an earlier run';
  const [{ cashier, lo, hi }] = rowsOf<{ cashier: number; lo: number; hi: number }>(
    await db.execute(sql`
      SELECT (SELECT u.id FROM users u WHERE u.org_id = ${orgId} AND u.username = 'reception') AS cashier,
             min(q.id)::int AS lo, max(q.id)::int AS hi
      FROM queue_entries q WHERE q.org_id = ${orgId} AND q.ticket_number >= ${FIRST_TICKET}`),
  ) as [{ cashier: number; lo: number; hi: number }];
  // Which third a visit's money falls in, from its id: the same on every run.
  const draw = (column: string) => `((${column}::bigint * 2654435761) % 100)`;
  await db.execute(
    sql.raw(`
    INSERT INTO cashier_shifts (org_id, user_id, opened_at, day, floats, closed_at, closed_by, expected, counted)
    SELECT ${orgId}, ${cashier}, d.day + time '07:30', d.day, '[{"currency":"IQD","amount":100000}]',
           d.day + time '19:00', ${cashier}, '[]', '[]'
    FROM (SELECT DISTINCT q.ticket_day AS day FROM queue_entries q
          WHERE q.org_id = ${orgId} AND q.ticket_number >= ${FIRST_TICKET}
            AND NOT EXISTS (SELECT 1 FROM cashier_shifts s WHERE s.org_id = ${orgId} AND s.day = q.ticket_day)) d`),
  );
  log(`  made the days' shifts (${elapsed(t0)})`);
  const charged = await has(
    `SELECT 1 FROM charges c WHERE c.org_id = ${orgId} AND c.queue_id IN (${generatedVisits})`,
  );
  // Each step is skipped when an interrupted run made it: the steps commit one by one.
  for (let from = lo; !charged && from <= hi; from += BATCH) {
    const to = Math.min(from + BATCH - 1, hi);
    await db.execute(
      sql.raw(`
      INSERT INTO charges (org_id, patient_id, queue_id, service_id, code, name_ar, name_en, kind, doctor_id,
                           currency, list_amount, amount, balance, day, version, created_by, created_at)
      SELECT q.org_id, q.patient_id, q.id, s.id, s.code, s.name_ar, s.name_en, s.kind, q.doctor_id, 'IQD',
             s.price_iqd, s.price_iqd, CASE WHEN ${draw('q.id')} < 95 THEN 0 ELSE s.price_iqd END, q.ticket_day,
             CASE WHEN ${draw('q.id')} < 92 THEN 2 WHEN ${draw('q.id')} < 95 THEN 3 ELSE 1 END, ${cashier},
             q.date + interval '1 minute'
      FROM queue_entries q
      JOIN billing_services s ON s.org_id = q.org_id AND s.visit_reason = q.exam_types[1] AND s.doctor_id IS NULL
                              AND s.active
      WHERE q.org_id = ${orgId} AND q.ticket_number >= ${FIRST_TICKET} AND q.status = 3
        AND q.id BETWEEN ${from} AND ${to}`),
    );
    log(`  charged the visits up to id ${to} of ${hi} (${elapsed(t0)})`);
  }
  const generated = `c.org_id = ${orgId} AND c.created_by = ${cashier} AND c.version > 1
    AND c.queue_id IN (${generatedVisits})`;
  const discount = `floor(c.amount * 10 / 100)::bigint`;
  if (
    !(await has(`SELECT 1 FROM billing_entries e WHERE e.org_id = ${orgId} AND e.kind = 'discount'
                 AND e.charge_id IN (SELECT c.id FROM charges c WHERE ${generated})`))
  )
    await db.execute(
      sql.raw(`
    INSERT INTO billing_entries (org_id, charge_id, patient_id, kind, amount, currency, due_delta, percent, reason,
                                 service_id, doctor_id, day, created_by, created_at)
    SELECT c.org_id, c.id, c.patient_id, 'discount', ${discount}, c.currency, -${discount}, 10, 'مريض دائم للعيادة',
           c.service_id, c.doctor_id, c.day, ${cashier}, c.created_at + interval '30 minutes'
    FROM charges c WHERE ${generated} AND c.version = 3`),
    );
  log(`  gave the discounts (${elapsed(t0)})`);
  // Numbered after the year's last receipt, read once: a max() per row walked back, in the number index, over every
  // entry the statement had itself added (invisible to it), and the statement took quadratic time.
  if (!(await has(`SELECT 1 FROM receipts r WHERE r.org_id = ${orgId} AND r.idempotency_key LIKE 'bench-%'`)))
    await db.execute(
      sql.raw(`
    WITH last AS (SELECT r.year, max(r.sequence) AS n FROM receipts r WHERE r.org_id = ${orgId} GROUP BY r.year)
    INSERT INTO receipts (org_id, year, sequence, patient_id, method, wallet, currency, total, balance_after,
                          shift_id, idempotency_key, request_hash, print_count, day, created_by, created_at)
    SELECT c.org_id, extract(year FROM c.day)::int,
           coalesce(last.n, 0) + row_number() OVER (PARTITION BY extract(year FROM c.day) ORDER BY c.created_at, c.id),
           c.patient_id, m.method, m.wallet, c.currency, m.paid, 0, s.id, 'bench-' || c.id, 'bench', 1, c.day,
           ${cashier}, c.created_at + interval '31 minutes'
    FROM charges c
    JOIN cashier_shifts s ON s.org_id = ${orgId} AND s.day = c.day AND s.user_id = ${cashier}
    LEFT JOIN last ON last.year = extract(year FROM c.day)::int
    CROSS JOIN LATERAL (
      SELECT CASE WHEN ${draw('c.id + 7')} < 75 THEN 'cash' WHEN ${draw('c.id + 7')} < 87 THEN 'card'
                  ELSE 'transfer' END AS method,
             CASE WHEN ${draw('c.id + 7')} < 87 THEN NULL WHEN ${draw('c.id + 7')} < 94 THEN 'Zain Cash'
                  ELSE 'FIB' END AS wallet,
             c.amount - CASE WHEN c.version = 3 THEN ${discount} ELSE 0 END AS paid) m
    WHERE ${generated}`),
    );
  log(`  wrote the receipts (${elapsed(t0)})`);
  await db.execute(
    sql.raw(`
    INSERT INTO billing_entries (org_id, charge_id, patient_id, kind, amount, currency, due_delta, drawer_delta,
                                 method, wallet, receipt_id, balance_after, shift_id, service_id, doctor_id, day,
                                 created_by, created_at)
    SELECT c.org_id, c.id, c.patient_id, 'payment', r.total, c.currency, -r.total, r.total, r.method, r.wallet,
           r.id, 0, r.shift_id, c.service_id, c.doctor_id, c.day, ${cashier}, r.created_at
    FROM receipts r JOIN charges c ON c.org_id = ${orgId} AND c.id = substr(r.idempotency_key, 7)::int
    WHERE r.org_id = ${orgId} AND r.idempotency_key LIKE 'bench-%'`),
  );
  log(`  wrote the payments (${elapsed(t0)})`);
  await db.execute(
    sql.raw(`
    INSERT INTO org_counters (org_id, name, value)
    SELECT ${orgId}, 'receipt:' || r.year, max(r.sequence) FROM receipts r WHERE r.org_id = ${orgId} GROUP BY r.year
    ON CONFLICT (org_id, name) DO UPDATE SET value = greatest(org_counters.value, excluded.value)`),
  );
  for (const table of ['charges', 'billing_entries', 'receipts', 'cashier_shifts'])
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  const [{ charges, entries, receipts }] = rowsOf<{ charges: number; entries: number; receipts: number }>(
    await db.execute(sql`
      SELECT (SELECT count(*) FROM charges WHERE org_id = ${orgId})::int AS charges,
             (SELECT count(*) FROM billing_entries WHERE org_id = ${orgId})::int AS entries,
             (SELECT count(*) FROM receipts WHERE org_id = ${orgId})::int AS receipts`),
  ) as [{ charges: number; entries: number; receipts: number }];
  return `money: ${charges.toLocaleString('en')} charges, ${entries.toLocaleString('en')} entries, ${receipts.toLocaleString('en')} receipts (${elapsed(t0)})`;
}

export interface BillingClinic {
  database: Database;
  slug: string;
  orgId: number;
  accounts: DemoAccount[];
  summary: string[];
}

/** The clinic to measure: the demo afresh, or the kept large clinic (made on first use, 15–25 minutes). */
export async function prepareClinic(log: (line: string) => void): Promise<BillingClinic> {
  const config = benchConfig();
  const summary: string[] = [];
  const kept: LargeClinic | undefined = LARGE ? keptLargeClinic(config.DATA_DIR, DATABASE_URL) : undefined;
  if (!kept) await recreateDatabase(DATABASE_URL);
  const database = await openDatabase({
    databaseUrl: DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 10,
    // The large clinic's bulk statements run for minutes, past the server's statement timeout.
    ...(LARGE ? { queryTimeoutMs: 60 * 60_000 } : {}),
  });
  let slug: string;
  let accounts: DemoAccount[];
  if (kept) {
    ({ slug, accounts } = kept);
    summary.push('the large clinic made by an earlier run');
  } else {
    const demo = await loadDemo(database, config, { print: () => {} });
    if (!demo.loaded) throw new Error('the demo organization was already there in a fresh database');
    ({ slug, accounts } = demo);
    const m = demo.counts.money;
    summary.push(
      `demo clinic loaded in ${demo.seconds.toFixed(1)} s: ${demo.counts.visits} visits, ${m.charges} charges beside queueing's, ` +
        `${m.entries} entries, ${m.receipts} receipts`,
    );
  }
  const db = database.db;
  const [{ id: orgId }] = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM organizations WHERE slug = ${slug}`),
  ) as [{ id: number }];
  if (LARGE) {
    if (!kept) {
      summary.push(await growToLargeClinic(db, orgId, log));
      keepLargeClinic(config.DATA_DIR, { databaseUrl: DATABASE_URL, slug, accounts });
    }
    summary.push(await growMoney(db, orgId, log));
    summary.push(await fillToday(db, orgId));
  }
  return { database, slug, orgId, accounts, summary };
}

// `npx tsx --conditions=source bench/billing/prepare.ts`: makes the clinic alone (the large one takes long).
if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`) {
  const clinic = await prepareClinic((line) => console.log(line));
  console.log(clinic.summary.join('\n'));
  await clinic.database.close();
}
