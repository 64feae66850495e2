// The appointment book's clinic (docs/appointments.md): a PostgreSQL database of its own,
// `basira_bench_appointments` (BENCH_DATABASE_URL), kept between runs: 40 doctors working Saturday to Thursday in two
// sessions (08:00–14:00, 15:00–21:00), 2,740 bookings a working day spread over them in 10-minute slots from three
// weeks ago to three weeks ahead (past ones arrived and finished with their day's ticket, a few no-shows and
// cancellations; today's before now arrived, the rest and the coming weeks Booked), Iraq's fixed public holidays
// closed, and 1,000,000 patients (BENCH_PATIENTS) for the bookings to reference. Made in set-based SQL
// (generate_series), in about a minute; the bookings are made again when the kept ones were made on another day.
//   npx tsx --conditions=source bench/appointments/prepare.ts
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { localDay } from '@basira/shared/dates/calendar';
import { openDatabase } from '@basira/server/src/db/client.ts';
import { ensurePatients } from '../patient-search/generate.ts';
import { benchDir, startBenchApp, type BenchApp } from '../shared/bench-app.ts';

export const DATABASE_URL = (process.env.BENCH_DATABASE_URL ??=
  'postgres://postgres@127.0.0.1:5432/basira_bench_appointments');
export const SLUG = 'book-bench';
export const DOCTORS = 40;
export const BOOKINGS_A_DAY = 2_740;
export const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 1_000_000);
/** Days before and after today that hold bookings. */
export const SPAN_DAYS = 21;
const SLOT = 10;
/** 6 h + 6 h of 10-minute slots a day: 72, of which each doctor's day has 68 or 69 booked. */
const SLOTS_A_DAY = 72;
const MORNING_SLOTS = 36;
const FIXED_HOLIDAYS = ['01-01', '01-06', '03-21', '05-01', '07-14', '10-03', '12-10', '12-25'];

export interface BookClinic {
  app: BenchApp;
  doctors: number[];
  today: string;
  summary: string[];
}

const elapsed = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** The bulk statements run on a connection of their own, without the app's statement timeout. */
async function withClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function ensureDoctors(client: pg.Client, orgId: number): Promise<number[]> {
  await client.query(
    `INSERT INTO users (org_id, name, email, username, password_hash, is_doctor)
     SELECT $1, 'د. ' || (ARRAY['أحمد','محمد','فاطمة','حسين','زهراء','علي','مريم','عمر'])[1 + g % 8] || ' ' ||
            (ARRAY['الربيعي','العبيدي','التميمي','الجنابي','الدليمي'])[1 + g % 5] || ' ' || g,
            'bookdoc' || g || '@book.bench', 'bookdoc' || g, '!', true
     FROM generate_series(1, $2::int) g
     WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.org_id = $1 AND u.username = 'bookdoc' || g)`,
    [orgId, DOCTORS],
  );
  const { rows } = await client.query<{ id: number }>(
    `SELECT id FROM users WHERE org_id = $1 AND username LIKE 'bookdoc%' ORDER BY id`,
    [orgId],
  );
  const week = JSON.stringify(
    Object.fromEntries(
      [0, 1, 2, 3, 4, 5, 6].map((d) => [
        d,
        d === 5
          ? []
          : [
              { start: '08:00', end: '14:00' },
              { start: '15:00', end: '21:00' },
            ],
      ]),
    ),
  );
  await client.query(
    `INSERT INTO doctor_hours (org_id, doctor_id, week) SELECT $1, unnest($2::int[]), $3::jsonb
     ON CONFLICT (org_id, doctor_id) DO NOTHING`,
    [orgId, rows.map((r) => r.id), week],
  );
  const slotMinutes = JSON.stringify({
    Spectacles: SLOT,
    Lasik: SLOT,
    FollowUp: SLOT,
    Biometry: SLOT,
    Examinations: SLOT,
  });
  await client.query(
    `INSERT INTO appointment_settings (org_id, slot_minutes, default_slot_minutes, reminder_text_ar, reminder_text_en)
     VALUES ($1, $2::jsonb, $3, 'تذكير بموعدك', 'Your appointment reminder') ON CONFLICT (org_id) DO NOTHING`,
    [orgId, slotMinutes, SLOT],
  );
  return rows.map((r) => r.id);
}

/** The book of six weeks around `today`, made in one statement; the earlier one deleted first. */
async function makeBookings(
  client: pg.Client,
  orgId: number,
  timeZone: string,
  today: string,
  range: { lo: number; hi: number },
  adminId: number,
  log: (line: string) => void,
) {
  const t0 = performance.now();
  await client.query(`DELETE FROM queue_entries WHERE org_id = $1 AND slot_minutes IS NOT NULL`, [orgId]);
  log(`  deleted the earlier bookings (${elapsed(t0)})`);
  const year = Number(today.slice(0, 4));
  await client.query(
    `INSERT INTO clinic_closures (org_id, day, name, kind)
     SELECT $1, d::date, 'عطلة رسمية', 'holiday' FROM unnest($2::text[]) d ON CONFLICT (org_id, day) DO NOTHING`,
    [orgId, [year - 1, year, year + 1].flatMap((y) => FIXED_HOLIDAYS.map((md) => `${y}-${md}`))],
  );
  // Each doctor's day books all but 3 or 4 of its 72 slots (2,740 = 20 × 69 + 20 × 68), the free ones scattered by
  // a bijection of the slot number; `n` numbers every slot of the book, for the statuses and patients drawn from it.
  const { rowCount } = await client.query(
    `WITH days AS (
       SELECT d::date AS day FROM generate_series($2::date - $3::int, $2::date + $3::int, interval '1 day') d
       WHERE extract(dow FROM d) <> 5
         AND NOT EXISTS (SELECT 1 FROM clinic_closures c WHERE c.org_id = $1 AND c.day = d::date)),
     docs AS (SELECT id, (row_number() OVER (ORDER BY id) - 1)::int AS i FROM users
              WHERE org_id = $1 AND username LIKE 'bookdoc%'),
     slots AS (
       SELECT days.day, docs.id AS doctor_id,
              ((days.day + CASE WHEN k < ${MORNING_SLOTS} THEN time '08:00' + k * interval '${SLOT} minutes'
                                ELSE time '15:00' + (k - ${MORNING_SLOTS}) * interval '${SLOT} minutes' END)
                 AT TIME ZONE $4) AS start,
              ((days.day - date '2000-01-01') * ${DOCTORS} + docs.i)::bigint * ${SLOTS_A_DAY} + k AS n
       FROM days CROSS JOIN docs CROSS JOIN generate_series(0, ${SLOTS_A_DAY - 1}) k
       WHERE (k * 7 + docs.i * 13 + (days.day - date '2000-01-01') * 5) % ${SLOTS_A_DAY}
             >= ${SLOTS_A_DAY} - CASE WHEN docs.i < ${DOCTORS / 2} THEN 69 ELSE 68 END),
     drawn AS (
       SELECT s.*, (s.n * 40503) % 100 AS draw,
              $5::int + ((s.n * 2654435761) % ($6::int - $5::int + 1))::int AS patient_id,
              CASE WHEN s.start >= now() - interval '30 minutes' THEN 0
                   WHEN (s.n * 40503) % 100 < 3 THEN 4 WHEN (s.n * 40503) % 100 < 10 THEN 5 ELSE 3 END AS status
       FROM slots s),
     ticketed AS (
       SELECT d.*, CASE WHEN d.status = 3
                        THEN row_number() OVER (PARTITION BY d.day, d.status = 3 ORDER BY d.start, d.doctor_id) END AS ticket
       FROM drawn d)
     INSERT INTO queue_entries (org_id, patient_id, ticket_day, ticket_number, date, status, exam_types, doctor_id,
                                status_since, slot_minutes, arrived_at, created_by, updated_by, created_at, updated_at)
     SELECT $1, t.patient_id, CASE WHEN t.status = 3 THEN t.day END, t.ticket, t.start, t.status,
            ARRAY[(ARRAY['Spectacles','Examinations','FollowUp','Spectacles','Biometry','Examinations','FollowUp',
                         'Spectacles','Examinations','Lasik'])[1 + t.n % 10]],
            t.doctor_id,
            CASE t.status WHEN 3 THEN t.start + interval '15 minutes' WHEN 5 THEN t.start + interval '2 hours'
                          ELSE least(t.start - interval '6 days', now()) END,
            ${SLOT}, CASE WHEN t.status = 3 THEN t.start - interval '8 minutes' END, $7, $7,
            least(t.start - interval '7 days', now()), now()
     FROM ticketed t ORDER BY t.start, t.doctor_id`,
    [orgId, today, SPAN_DAYS, timeZone, range.lo, range.hi, adminId],
  );
  log(`  made ${rowCount?.toLocaleString('en')} bookings (${elapsed(t0)})`);
  await client.query(
    `INSERT INTO org_counters (org_id, name, value)
     SELECT $1, 'ticket:' || ticket_day, max(ticket_number) FROM queue_entries
     WHERE org_id = $1 AND ticket_day IS NOT NULL GROUP BY ticket_day
     ON CONFLICT (org_id, name) DO UPDATE SET value = greatest(org_counters.value, excluded.value)`,
    [orgId],
  );
  await client.query('VACUUM ANALYZE queue_entries');
  await client.query('VACUUM ANALYZE clinic_closures');
  log(`  vacuumed (${elapsed(t0)})`);
  return rowCount ?? 0;
}

export async function prepareBook(log: (line: string) => void): Promise<BookClinic> {
  const t0 = performance.now();
  const app = await startBenchApp('postgres', 'appointments', SLUG);
  const summary: string[] = [];
  const today = localDay(new Date(), app.org.timeZone);
  // Without the app's statement timeout: an index of 1,000,000 names takes longer than a request may.
  const bulk = await openDatabase({
    databaseUrl: DATABASE_URL,
    dataDir: path.join(benchDir, '.data', 'appointments-files'),
    poolSize: 1,
    queryTimeoutMs: 60 * 60_000,
  });
  const patients = await ensurePatients(bulk.db, app.org.id, PATIENTS, log).finally(() => bulk.close());
  const manifestDir = path.join(benchDir, '.data', 'appointments-files');
  mkdirSync(manifestDir, { recursive: true });
  const manifest = path.join(manifestDir, 'book.json');
  const kept = existsSync(manifest)
    ? (JSON.parse(readFileSync(manifest, 'utf8')) as {
        day: string;
        bookings: number;
        databaseUrl: string;
        patients?: number;
      })
    : undefined;
  const doctors = await withClient(async (client) => {
    const doctors = await ensureDoctors(client, app.org.id);
    if (kept?.day === today && kept.databaseUrl === DATABASE_URL && kept.patients === patients) {
      summary.push(`${kept.bookings.toLocaleString('en')} bookings made earlier today (kept)`);
      return doctors;
    }
    const {
      rows: [range],
    } = await client.query<{ lo: number; hi: number }>(
      'SELECT min(id)::int AS lo, max(id)::int AS hi FROM patients WHERE org_id = $1',
      [app.org.id],
    );
    const bookings = await makeBookings(client, app.org.id, app.org.timeZone, today, range!, app.userId, log);
    writeFileSync(manifest, JSON.stringify({ day: today, bookings, databaseUrl: DATABASE_URL, patients }));
    summary.push(`${bookings.toLocaleString('en')} bookings made (${elapsed(t0)} with the clinic)`);
    return doctors;
  });
  const counts = await withClient(
    async (client) =>
      (
        await client.query<{ queue: string; booked: string; finished: string }>(
          `SELECT count(*) AS queue, count(*) FILTER (WHERE status = 0) AS booked,
                  count(*) FILTER (WHERE status = 3) AS finished
           FROM queue_entries WHERE org_id = $1`,
          [app.org.id],
        )
      ).rows[0]!,
  );
  summary.unshift(
    `${patients.toLocaleString('en')} patients, ${doctors.length} doctors, ${Number(counts.queue).toLocaleString('en')} ` +
      `queue entries (${Number(counts.booked).toLocaleString('en')} Booked, ${Number(counts.finished).toLocaleString('en')} Finished)`,
  );
  return { app, doctors, today, summary };
}

if (process.argv[1] && import.meta.url === `file://${path.resolve(process.argv[1])}`) {
  const clinic = await prepareBook((line) => console.log(line));
  console.log(clinic.summary.join('\n'));
  await clinic.app.close();
}
