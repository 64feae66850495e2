// BENCH_CLINIC=large: the demo clinic grown to issue 17's large clinic, 1,000,000 patients and 3,000,000 visits
// (three years of finished and cancelled visits before the demo's two weeks, each with its status history), with
// an audit trail to match (one row per visit: a clinic's log grows with every read), the doctors such a clinic
// needs, and a full today. Bulk INSERT … SELECT generate_series, as patient-search. The database is kept between
// runs (about 15 minutes to make on this machine, the triggers that keep each visit's patient and day included:
// migrations 0017 and 0023); the accounts the demo made are kept beside it.
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
 * A clinic of 2,740 visits a day has tens of doctors, not the demo's two: about 70 visits each a day, so a doctor's
 * worklist holds a doctor's share of today. The added ones hold the demo's Doctor role and cannot sign in.
 */
const LARGE_DOCTORS = 40;
/** Today's generated visits, by the share of the day so far: the earliest closed, then who is with a doctor, then who waits. */
const TODAY_CLOSED = 0.7;
const TODAY_WITH_DOCTOR = 0.05;
/** Today's visits are spread over at least this many hours from midnight (`fillToday`). */
const TODAY_HOURS = 12;
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

/** The clinic's time zone, its patients' id range (the generated ones are consecutive) and its doctors. */
async function clinicOf(db: Db, orgId: number) {
  const [clinic] = rowsOf<{ lo: number; hi: number; tz: string; slug: string; doctors: number[] }>(
    await db.execute(sql`
      SELECT (SELECT min(id) FROM patients WHERE org_id = ${orgId})::int AS lo,
             (SELECT max(id) FROM patients WHERE org_id = ${orgId})::int AS hi,
             time_zone AS tz, slug,
             (SELECT array_agg(id ORDER BY id) FROM users WHERE org_id = ${orgId} AND is_doctor) AS doctors
      FROM organizations WHERE id = ${orgId}`),
  );
  const { lo, hi, tz, slug, doctors } = clinic!;
  return {
    tz,
    slug,
    doctors,
    randomPatient: `${lo} + floor(random() * ${hi - lo + 1})::int`,
    randomDoctor: `(ARRAY[${doctors.join(',')}])[1 + floor(random() * ${doctors.length})::int]`,
  };
}

/** Doctors up to `LARGE_DOCTORS`, each with the demo's Doctor role; `!` is no password's hash, so none signs in. */
async function ensureDoctors(db: Db, orgId: number): Promise<number> {
  const { slug, doctors } = await clinicOf(db, orgId);
  const missing = LARGE_DOCTORS - doctors.length;
  if (missing <= 0) return 0;
  await db.execute(
    sql.raw(`
    WITH made AS (
      INSERT INTO users (org_id, name, email, username, password_hash, is_doctor)
      SELECT ${orgId},
             'د. ' || (ARRAY['أحمد','محمد','فاطمة','حسين','زهراء','علي','مريم','عمر'])[1 + g % 8] || ' ' ||
               (ARRAY['الربيعي','العبيدي','التميمي','الجنابي','الدليمي'])[1 + g % 5],
             'doctor' || g || '@${slug}.basira.local', 'doctor' || g, '!', true
      FROM generate_series(1, ${missing}) g
      RETURNING id)
    INSERT INTO user_roles (org_id, user_id, role_id)
    SELECT ${orgId}, made.id, (SELECT id FROM roles WHERE org_id = ${orgId} AND name = 'Doctor') FROM made`),
  );
  return missing;
}

/**
 * When a generated visit was opened and closed (finished or canceled): 20 and 35 minutes after it was made, or
 * sooner for a visit of today made less than 40 minutes before `now`, so that nothing happens after now.
 */
const openedAt = (made: string, now: string) =>
  `${made} + least(interval '20 minutes', (${now} - ${made}) / 2)`;
const closedAt = (made: string, now: string) =>
  `${openedAt(made, now)} + least(interval '15 minutes', (${now} - ${openedAt(made, now)}) / 2)`;
/** A visit's status_since: made (Waiting), opened (WithDoctor) or closed. */
const statusSince = (made: string, status: string, now: string) =>
  `CASE ${status} WHEN 1 THEN ${made} WHEN 2 THEN ${openedAt(made, now)} ELSE ${closedAt(made, now)} END`;

/**
 * The status history of the generated visits `which` selects (a condition on `q`), as the queue's transitions
 * write it: created; opened, waited from its creation (`waited_from`), and, when finished, finished; or canceled.
 */
async function writeStatusEvents(db: Db, which: string, now: string) {
  await db.execute(
    sql.raw(`
    INSERT INTO queue_status_events (org_id, queue_id, from_status, to_status, action, at, waited_from)
    SELECT q.org_id, q.id, e.from_status, e.to_status, e.action,
           CASE e.action WHEN 'create' THEN least(q.date, ${now}) WHEN 'open' THEN ${openedAt('q.date', now)}
                ELSE ${closedAt('q.date', now)} END,
           CASE WHEN e.action = 'open' THEN q.date END
    FROM queue_entries q
    JOIN (VALUES ('create', NULL::smallint, 1::smallint), ('open', 1, 2), ('finish', 2, 3), ('cancel', 1, 4))
         AS e(action, from_status, to_status)
      ON e.action = 'create' OR (e.action = 'open' AND q.status IN (2, 3))
         OR (e.action = 'finish' AND q.status = 3) OR (e.action = 'cancel' AND q.status = 4)
    WHERE ${which}`),
  );
}

/**
 * Today as full as the history's days (`VISITS_A_DAY`), made once a day (a kept clinic gets its own today on the
 * day it is run): spread from midnight over the day's first `TODAY_HOURS` hours or until now, whichever is later;
 * of those before now the earliest closed, then those with a doctor, then those waiting, and those after now
 * booked for later today (Waiting). Spread until now alone, a run just after the clinic's midnight crammed the day
 * into its first minutes, which the planner's statistics could not tell from one visit. The demo's own visits of
 * today stay.
 */
export async function fillToday(db: Db, orgId: number): Promise<string> {
  await ensureDoctors(db, orgId);
  const { tz, randomPatient, randomDoctor } = await clinicOf(db, orgId);
  const now = `'${new Date().toISOString()}'::timestamptz`;
  const today = `(${now} AT TIME ZONE '${tz}')::date`;
  const generatedToday = `q.org_id = ${orgId} AND q.ticket_day = ${today} AND q.ticket_number >= ${FIRST_TICKET}`;
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql.raw(`SELECT count(*)::int AS n FROM queue_entries q WHERE ${generatedToday}`)),
  ) as [{ n: number }];
  if (n > 0) return `today already full (${n} generated visits)`;
  await db.execute(
    sql.raw(`
    WITH v AS (
      SELECT g, g::float8 / ${VISITS_A_DAY} AS share, random() AS r, random() AS reason_draw,
             ${randomPatient} AS patient_id, ${today} AS day,
             ${today}::timestamp AT TIME ZONE '${tz}' AS midnight
      FROM generate_series(0, ${VISITS_A_DAY - 1}) g),
    s AS (
      SELECT *, midnight + share * (greatest(${now}, midnight + interval '${TODAY_HOURS} hours') - midnight) AS at
      FROM v),
    -- past: how far into the time from midnight to now a visit made before now was made.
    p AS (
      SELECT *, extract(epoch FROM at - midnight) / greatest(extract(epoch FROM ${now} - midnight), 1) AS past
      FROM s),
    t AS (
      SELECT *, least(at, ${now}) AS made,
             CASE WHEN at > ${now} THEN 1
                  WHEN past < ${TODAY_CLOSED} THEN CASE WHEN r < 0.94 THEN 3 ELSE 4 END
                  WHEN past < ${TODAY_CLOSED + TODAY_WITH_DOCTOR} THEN 2 ELSE 1 END AS status
      FROM p)
    INSERT INTO queue_entries (org_id, patient_id, ticket_day, ticket_number, date, status, exam_types,
                               doctor_id, status_since, created_at, updated_at)
    SELECT ${orgId}, patient_id, day, ${FIRST_TICKET} + g, at, status, ARRAY[${reasonOf('reason_draw')}]::text[],
           ${randomDoctor}, ${statusSince('made', 'status', now)}, made, ${statusSince('made', 'status', now)}
    FROM t`),
  );
  await writeStatusEvents(db, generatedToday, now);
  return `today filled: ${VISITS_A_DAY} generated visits (${TODAY_CLOSED * 100} % closed, ${TODAY_WITH_DOCTOR * 100} % with a doctor, the rest waiting)`;
}

/** Grows the organization to the large clinic; returns a line for the bench's summary. */
export async function growToLargeClinic(db: Db, orgId: number, log: (line: string) => void) {
  const t0 = performance.now();
  const patients = await ensurePatients(db, orgId, LARGE_PATIENTS, log);
  await ensureDoctors(db, orgId);
  const { tz, randomPatient, randomDoctor } = await clinicOf(db, orgId);
  const [{ staff }] = rowsOf<{ staff: number[] }>(
    await db.execute(
      sql`SELECT array_agg(id) AS staff FROM users WHERE org_id = ${orgId} AND password_hash <> '!'`,
    ),
  ) as [{ staff: number[] }];
  const now = `'${new Date().toISOString()}'::timestamptz`;

  for (let from = 0; from < LARGE_VISITS; from += BATCH) {
    const to = Math.min(from + BATCH, LARGE_VISITS) - 1;
    await db.execute(
      sql.raw(`
      WITH v AS (
        SELECT g, (current_date - (${HISTORY_ENDS_DAYS_AGO} + g / ${VISITS_A_DAY}))::date AS day,
               random() AS r, random() AS reason_draw, ${randomPatient} AS patient_id
        FROM generate_series(${from}, ${to}) g),
      t AS (
        SELECT *, ((day + time '08:00' + r * interval '10 hours') AT TIME ZONE '${tz}') AS at,
               CASE WHEN random() < 0.94 THEN 3 ELSE 4 END AS status FROM v)
      INSERT INTO queue_entries (org_id, patient_id, ticket_day, ticket_number, date, status, exam_types,
                                 doctor_id, status_since, created_at, updated_at)
      SELECT ${orgId}, patient_id, day, ${FIRST_TICKET} + g % ${VISITS_A_DAY}, at, status,
             ARRAY[${reasonOf('reason_draw')}]::text[], ${randomDoctor}, ${statusSince('at', 'status', now)}, at,
             ${statusSince('at', 'status', now)}
      FROM t`),
    );
    log(`  inserted ${to + 1} / ${LARGE_VISITS} visits (${elapsed(t0)})`);
  }
  await writeStatusEvents(db, `q.org_id = ${orgId} AND q.ticket_number >= ${FIRST_TICKET}`, now);
  log(`  inserted the visits' status events (${elapsed(t0)})`);
  const pick = (ids: number[]) => `(ARRAY[${ids.join(',')}])[1 + floor(random() * ${ids.length})::int]`;
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
