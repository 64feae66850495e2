// BENCH_CLINIC=large: the demo clinic grown to issue 17's large clinic, 1,000,000 patients and 3,000,000 visits
// (three years of finished and cancelled visits before the demo's two weeks, each with its status history), with
// an audit trail to match (one row per visit: a clinic's log grows with every read). Bulk INSERT … SELECT
// generate_series, as patient-search. The database is kept between runs (about 15 minutes to make on this machine,
// the triggers that keep each visit's patient and day included: migrations 0017 and 0023); the accounts the demo
// made are kept beside it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { DemoAccount } from '@basira/server/src/demo/demo.ts';
import type { Db } from '@basira/server/src/db/client.ts';
import type { VisitReason } from '@basira/shared/queue/queue.schemas';
import { ensurePatients } from '../patient-search/generate.ts';
import { rowsOf } from '../shared/bench-app.ts';

export const LARGE_PATIENTS = 1_000_000;
export const LARGE_VISITS = 3_000_000;
const AUDIT_ROWS = LARGE_VISITS;
const BATCH = 500_000;
/** The demo's visits cover the last two weeks; the generated history ends before them. */
const HISTORY_ENDS_DAYS_AGO = 15;
const VISITS_A_DAY = 2_740;
/** Tickets of generated days start past any the demo could give. */
const FIRST_TICKET = 1_000;
/**
 * Each generated visit's reason, by share: what brings patients to an eye clinic. Lasik is rare (a clinic that
 * sends its laser cases elsewhere): 6,000 of the 3,000,000 visits, for the queue filter's rare reason.
 */
const REASON_SHARES: [VisitReason, number][] = [
  ['Spectacles', 0.55],
  ['Examinations', 0.25],
  ['FollowUp', 0.148],
  ['Biometry', 0.05],
  ['Lasik', 0.002],
];
/** A SQL expression picking a reason by `REASON_SHARES` from `draw`, a row's uniform random number. */
function reasonOf(draw: string): string {
  let upTo = 0;
  const cases = REASON_SHARES.map(([reason, share]) => `WHEN ${draw} < ${(upTo += share)} THEN '${reason}'`);
  return `CASE ${cases.join(' ')} ELSE '${REASON_SHARES[0]![0]}' END`;
}

export interface LargeClinic {
  databaseUrl: string;
  slug: string;
  accounts: DemoAccount[];
}

const manifestPath = (dataDir: string) => path.join(dataDir, 'large-clinic.json');

/** The kept large clinic, when it was finished on this database. */
export function keptLargeClinic(dataDir: string, databaseUrl: string): LargeClinic | undefined {
  const file = manifestPath(dataDir);
  if (!existsSync(file)) return undefined;
  const kept = JSON.parse(readFileSync(file, 'utf8')) as LargeClinic;
  return kept.databaseUrl === databaseUrl ? kept : undefined;
}

export function keepLargeClinic(dataDir: string, clinic: LargeClinic): void {
  writeFileSync(manifestPath(dataDir), JSON.stringify(clinic, null, 2));
}

const elapsed = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(0)} s`;

/** Grows the organization to the large clinic; returns a line for the bench's summary. */
export async function growToLargeClinic(db: Db, orgId: number, log: (line: string) => void) {
  const t0 = performance.now();
  const patients = await ensurePatients(db, orgId, LARGE_PATIENTS, log);
  const [span] = rowsOf<{ lo: number; hi: number; tz: string; doctors: number[]; staff: number[] }>(
    await db.execute(sql`
      SELECT (SELECT min(id) FROM patients WHERE org_id = ${orgId})::int AS lo,
             (SELECT max(id) FROM patients WHERE org_id = ${orgId})::int AS hi,
             (SELECT time_zone FROM organizations WHERE id = ${orgId}) AS tz,
             (SELECT array_agg(id) FROM users WHERE org_id = ${orgId} AND is_doctor) AS doctors,
             (SELECT array_agg(id) FROM users WHERE org_id = ${orgId}) AS staff`),
  );
  const { lo, hi, tz, doctors, staff } = span!;
  const randomPatient = `${lo} + floor(random() * ${hi - lo + 1})::int`;
  const pick = (ids: number[]) => `(ARRAY[${ids.join(',')}])[1 + floor(random() * ${ids.length})::int]`;

  for (let from = 0; from < LARGE_VISITS; from += BATCH) {
    const to = Math.min(from + BATCH, LARGE_VISITS) - 1;
    await db.execute(
      sql.raw(`
      WITH v AS (
        SELECT g, (current_date - (${HISTORY_ENDS_DAYS_AGO} + g / ${VISITS_A_DAY}))::date AS day,
               random() AS r, random() AS reason_draw, ${randomPatient} AS patient_id
        FROM generate_series(${from}, ${to}) g),
      t AS (
        SELECT *, ((day + time '08:00' + r * interval '10 hours') AT TIME ZONE '${tz}') AS at FROM v)
      INSERT INTO queue_entries (org_id, patient_id, ticket_day, ticket_number, date, status, exam_types,
                                 doctor_id, status_since, created_at, updated_at)
      SELECT ${orgId}, patient_id, day, ${FIRST_TICKET} + g % ${VISITS_A_DAY}, at,
             CASE WHEN random() < 0.94 THEN 3 ELSE 4 END, ARRAY[${reasonOf('reason_draw')}]::text[],
             ${pick(doctors)}, at + interval '40 minutes', at, at + interval '40 minutes'
      FROM t`),
    );
    log(`  inserted ${to + 1} / ${LARGE_VISITS} visits (${elapsed(t0)})`);
  }
  // Each generated visit's status history, as the queue's transitions write it: created, then opened and finished
  // (a finished visit) or canceled. The dashboard's mean wait reads the day's openings and what came before each.
  await db.execute(
    sql.raw(`
    INSERT INTO queue_status_events (org_id, queue_id, from_status, to_status, action, at)
    SELECT q.org_id, q.id, e.from_status, e.to_status, e.action, q.date + e.after
    FROM queue_entries q
    JOIN (VALUES (0, NULL::smallint, 1::smallint, 'create', interval '0'),
                 (3, 1::smallint, 2::smallint, 'open', interval '20 minutes'),
                 (3, 2::smallint, 3::smallint, 'finish', interval '35 minutes'),
                 (4, 1::smallint, 4::smallint, 'cancel', interval '30 minutes'))
         AS e(status, from_status, to_status, action, after) ON e.status IN (0, q.status)
    WHERE q.org_id = ${orgId} AND q.ticket_number >= ${FIRST_TICKET}`),
  );
  log(`  inserted the visits' status events (${elapsed(t0)})`);
  for (let from = 0; from < AUDIT_ROWS; from += BATCH) {
    const to = Math.min(from + BATCH, AUDIT_ROWS) - 1;
    await db.execute(
      sql.raw(`
      INSERT INTO audit_log (org_id, user_id, action, entity, entity_id, patient_id, role, outcome, ip, created_at)
      SELECT ${orgId}, ${pick(staff)}, 'patient.viewed', 'patient', p, p, 'Doctor', 'ok', '10.0.0.7',
             now() - interval '${HISTORY_ENDS_DAYS_AGO} days' - (g::float8 / ${AUDIT_ROWS}) * interval '1095 days'
      FROM (SELECT g, ${randomPatient} AS p FROM generate_series(${from}, ${to}) g) s`),
    );
    log(`  inserted ${to + 1} / ${AUDIT_ROWS} audit rows (${elapsed(t0)})`);
  }
  for (const table of ['patients', 'queue_entries', 'queue_status_events', 'audit_log'])
    await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
  log(`  large clinic made in ${elapsed(t0)}`);
  return `grown to ${patients.toLocaleString('en')} patients, ${LARGE_VISITS.toLocaleString('en')} more visits and ${AUDIT_ROWS.toLocaleString('en')} audit rows (${elapsed(t0)})`;
}
