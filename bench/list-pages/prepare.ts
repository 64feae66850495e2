// Child process of run.ts (started with --conditions=source): makes the benchmark database afresh, loads the demo
// clinic into it (as `npm run demo` does), adds what the demo lacks for these pages (support requests and their
// notifications, a print history), then runs each list page once in-process and records the SQL it issues.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addToDay, localDay } from '@basira/shared/dates/calendar';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import { buildApp } from '@basira/server/src/app.ts';
import { openDatabase } from '@basira/server/src/db/client.ts';
import { loadDemo, type DemoAccount } from '@basira/server/src/demo/demo.ts';
import { rowsOf } from '../shared/bench-app.ts';
import { benchConfig } from './config.ts';
import { captureSql, installSqlCapture, type CapturedStatement } from './sql-capture.ts';
import { fillToday, growToLargeClinic, keepLargeClinic, keptLargeClinic } from './large-clinic.ts';

const SUPPORT_REQUESTS = 40;
const PRINTS = 30;
/** Patients deleted by an administrator (duplicates, mistakes): a page and a bit of the deleted list. */
const DELETED = 30;
const LARGE = process.env.BENCH_CLINIC === 'large';

export interface PageSpec {
  key: string;
  label: string;
  url: string;
  token: string;
  /** Not a list page: a floor the pages are read against, printed without a target. */
  floor?: true;
}

export interface CapturedPage extends PageSpec {
  bytes: number;
  /** The statements of a request with the session and organization already cached (what every request runs). */
  statements: CapturedStatement[];
  /** The statements of the page's first request after the app started (cold caches). */
  cold: CapturedStatement[];
}

export interface Prepared {
  slug: string;
  summary: string[];
  pages: CapturedPage[];
}

/** Drops and makes again the benchmark database (and only it). */
async function recreateDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/^basira_bench_[a-z0-9_]+$/.test(name))
    throw new Error(`Refusing to drop ${name}: the list-pages database must be named basira_bench_…`);
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

async function prepare(databaseUrl: string): Promise<Prepared> {
  const t0 = performance.now();
  const config = benchConfig(databaseUrl, { TELEGRAM_WORKER: 'false' });
  const summary: string[] = [];
  const kept = LARGE ? keptLargeClinic(config.DATA_DIR, databaseUrl) : undefined;
  if (!kept) await recreateDatabase(databaseUrl);

  // The large clinic's bulk statements run for minutes, past the server's 15 s statement timeout.
  const database = await openDatabase({
    databaseUrl,
    dataDir: config.DATA_DIR,
    poolSize: 10,
    ...(LARGE ? { queryTimeoutMs: 30 * 60_000 } : {}),
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
    const c = demo.counts;
    summary.push(
      `demo clinic loaded in ${demo.seconds.toFixed(1)} s: ${c.patients} patients, ${c.visits} visits (${c.today} today), ` +
        `${Object.values(c.exams).reduce((a, b) => a + b, 0)} exam records`,
    );
  }
  const account = (role: string) => accounts.find((a) => a.role === role)!;

  installSqlCapture();
  const built = await buildApp(config, { database, print: () => {} });
  const { app } = built;
  try {
    const call = async <T>(
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      token: string | null,
      payload?: object,
    ) => {
      const res = await app.inject({
        method,
        url,
        headers: { 'x-organization': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(payload ? { payload } : {}),
      });
      if (res.statusCode >= 300)
        throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 400)}`);
      return { body: res.json() as { data: T }, bytes: res.rawPayload.length };
    };
    const signIn = async (email: string, password: string) =>
      (await call<{ token: string }>('POST', '/api/login', null, { email, password })).body.data.token;
    const admin = await signIn(account('Administrator').email, account('Administrator').password);
    const doctor = await signIn(account('Doctor').email, account('Doctor').password);

    const db = built.database.db;
    const orgIdOf = async (slug: string) =>
      rowsOf<{ id: number }>(await db.execute(sql`SELECT id FROM organizations WHERE slug = ${slug}`))[0]!.id;
    const most = async (type: string) => {
      const [row] = (
        (await db.execute(sql`
          SELECT patient_id AS "patientId", count(*)::int AS n, min(id)::int AS "recordId"
          FROM exam_records WHERE type = ${type} AND deleted_at IS NULL
          GROUP BY patient_id ORDER BY 2 DESC, 1 LIMIT 1`)) as unknown as {
          rows: { patientId: number; n: number; recordId: number }[];
        }
      ).rows;
      if (!row) throw new Error(`no demo patient with ${type} records`);
      return row;
    };
    const followUps = await most('followUp');
    const printed = await most('spectacles');

    // What the demo lacks: support requests (each tells the support desk, the administrator, by a notification)
    // and a print history for the chosen patient.
    if (!kept) {
      for (let i = 0; i < SUPPORT_REQUESTS; i++)
        await call('POST', '/api/hd/support', doctor, {
          type: (['bug', 'feedback', 'feature'] as const)[i % 3],
          details: `طلب دعم رقم ${i + 1}: الطابعة لا تطبع الوصفة عند الضغط على زر الطباعة في شاشة النظارات.`,
        });
      for (let i = 0; i < PRINTS; i++)
        await call('POST', '/api/mo/print/log', admin, {
          type: 'spectacles',
          id: printed.recordId,
          paperSize: i % 2 ? 'A4' : 'A5',
        });
      summary.push(
        `added: ${SUPPORT_REQUESTS} support requests by a doctor (and their notifications to the administrator), ` +
          `${PRINTS} prints of patient ${printed.patientId}'s spectacles`,
      );
      if (LARGE) {
        summary.push(await growToLargeClinic(db, await orgIdOf(slug), (line) => console.log(line)));
        keepLargeClinic(config.DATA_DIR, { databaseUrl, slug, accounts });
      }
    }
    if (LARGE) summary.push(await fillToday(db, await orgIdOf(slug)));
    // Once per database (the large clinic is kept): the latest patients without an open visit or a booking (the
    // API refuses to delete a patient booked from today on), through the API.
    const orgId = await orgIdOf(slug);
    const [{ n: alreadyDeleted }] = rowsOf<{ n: number }>(
      await db.execute(
        sql`SELECT count(*)::int AS n FROM patients WHERE org_id = ${orgId} AND deleted_at IS NOT NULL`,
      ),
    ) as [{ n: number }];
    if (alreadyDeleted === 0) {
      const doomed = rowsOf<{ id: number }>(
        await db.execute(sql`SELECT id FROM patients p WHERE org_id = ${orgId} AND deleted_at IS NULL
          AND id NOT IN (${followUps.patientId}, ${printed.patientId})
          AND NOT EXISTS (SELECT 1 FROM queue_entries q WHERE q.patient_id = p.id AND q.status IN (0, 1, 2))
          ORDER BY id DESC LIMIT ${DELETED}`),
      );
      for (const { id } of doomed) await call('DELETE', `/api/mo/patient/delete/${id}`, admin);
      summary.push(`deleted ${doomed.length} patients (an administrator's, through the API)`);
    }
    // This machine's PostgreSQL runs no autovacuum: the tables a day writes to are vacuumed as it would, so that
    // their partial indexes' sizes are known to the planner (the deleted patients' read as none: a plan scanned all
    // of them for every visit), and every table is analyzed.
    await db.execute(sql`VACUUM (ANALYZE) patients, queue_entries`);
    await db.execute(sql`ANALYZE`);
    summary.push(`the exam index is patient ${followUps.patientId}'s (${followUps.n} follow-up records)`);

    const [org] = (
      (await db.execute(
        sql`SELECT time_zone AS "timeZone" FROM organizations WHERE slug = ${slug}`,
      )) as unknown as {
        rows: { timeZone: string }[];
      }
    ).rows;
    const today = localDay(new Date(), org!.timeZone);
    // The queue searched over every day: by a common family name (45,714 of the large clinic's names), and by the
    // printed patient's whole name (a few).
    const [{ name: printedName }] = rowsOf<{ name: string }>(
      await db.execute(sql`SELECT name FROM patients WHERE id = ${printed.patientId}`),
    ) as [{ name: string }];
    const queueSearch = (text: string) => `/api/mo/queue/filter?page=1&search=${encodeURIComponent(text)}`;
    // The audit list first: the exam index and the print log write an audit row per request (a read of a patient's
    // data), tens of thousands in a run, and the list counts the whole log.
    const specs: PageSpec[] = [
      { key: 'audit', label: 'audit list', url: '/api/audit?page=1', token: admin },
      // An auditor's question: one action, rare among the trail's reads.
      {
        key: 'audit-action',
        label: 'audit list, one action',
        url: '/api/audit?page=1&action=patient.created',
        token: admin,
      },
      { key: 'queue', label: 'queue, all entries', url: '/api/mo/queue?page=1', token: admin },
      {
        key: 'queue-today',
        label: "queue screen, today's view",
        url: `/api/mo/queue/filter?page=1&from=${today}&to=${today}`,
        token: admin,
      },
      // The pager's last page (the count stops at 1,000): the page is cut from up to 1,000 open and 1,000 closed.
      {
        key: 'queue-today-deep',
        label: "queue screen, today's view, page 40",
        url: `/api/mo/queue/filter?page=40&from=${today}&to=${today}`,
        token: admin,
      },
      {
        key: 'queue-waiting',
        label: 'queue screen, today, Waiting',
        url: `/api/mo/queue/filter?page=1&from=${today}&to=${today}&status=${QUEUE_STATUS.Waiting}`,
        token: admin,
      },
      // Days of the past on the queue screen: a day and a month more than a year back (the large clinic's history
      // covers three years; the demo's, two weeks, where these pages find nothing).
      {
        key: 'queue-past-day',
        label: 'queue screen, a day a year ago',
        url: `/api/mo/queue/filter?page=1&from=${addToDay(today, -400)}&to=${addToDay(today, -400)}`,
        token: admin,
      },
      {
        key: 'queue-past-month',
        label: 'queue screen, a month a year ago',
        url: `/api/mo/queue/filter?page=1&from=${addToDay(today, -430)}&to=${addToDay(today, -400)}`,
        token: admin,
      },
      {
        key: 'queue-finished',
        label: 'queue screen, Finished, any day',
        url: `/api/mo/queue/filter?page=1&status=${QUEUE_STATUS.Finished}`,
        token: admin,
      },
      {
        key: 'queue-last',
        label: "queue screen, each patient's latest",
        url: '/api/mo/queue/filterLast?page=1',
        token: admin,
      },
      {
        key: 'queue-family',
        label: 'queue screen, a family name, any day',
        url: queueSearch('الساعدي'),
        token: admin,
      },
      {
        key: 'queue-name',
        label: "queue screen, a patient's whole name, any day",
        url: queueSearch(printedName),
        token: admin,
      },
      {
        key: 'queue-reason',
        label: 'queue screen, Lasik visits, any day',
        url: '/api/mo/queue/filter?page=1&examType=Lasik',
        token: admin,
      },
      { key: 'worklist', label: "doctor's worklist", url: '/api/mo/doctor/worklist', token: doctor },
      // The bell: every signed-in screen reads it, again on each queue change.
      { key: 'bell', label: "the bell's recalls", url: '/api/mo/queue/rewaiting', token: doctor },
      { key: 'patients', label: 'patient list', url: '/api/mo/patient/filter?page=1', token: admin },
      // What an administrator restores from: a handful of deleted patients among the clinic's.
      { key: 'deleted', label: 'deleted patients', url: '/api/mo/patient/deleted?page=1', token: admin },
      {
        key: 'exam-index',
        label: 'exam index (follow-up)',
        url: `/api/mo/exam/followUp?patientId=${followUps.patientId}&page=1`,
        token: admin,
      },
      // Every patient's records of one type, newest first (issue 50: its audit row names the page's patients).
      {
        key: 'exam-all',
        label: 'exam list, all patients',
        url: '/api/mo/exam/consultation?page=1',
        token: admin,
      },
      // The consultation's code lists, searched as the doctor types (issue 16): ICD-10 and the formulary.
      {
        key: 'diagnoses',
        label: 'diagnosis codes, searched',
        url: `/api/mo/code/diagnosis?page=1&search=${encodeURIComponent('glaucoma')}`,
        token: doctor,
      },
      {
        key: 'drugs',
        label: 'formulary, searched',
        url: `/api/mo/code/drug?search=${encodeURIComponent('timo')}`,
        token: doctor,
      },
      // The dashboard, where a sign-in lands, its chart of 30 days, and the queue form's doctors.
      { key: 'dashboard', label: 'dashboard', url: '/api/mo/dashboard', token: admin },
      {
        key: 'dashboard-visits',
        label: "dashboard's chart, 30 days",
        url: '/api/mo/dashboard/visits?days=30',
        token: admin,
      },
      { key: 'doctors', label: "the queue form's doctors", url: '/api/mo/queue/doctors', token: admin },
      // The exam forms' pick lists, all at once as a form asks.
      { key: 'options', label: 'exam pick lists', url: '/api/mo/option', token: doctor },
      { key: 'notifications', label: 'notifications', url: '/api/hd/notification?page=1', token: admin },
      // The top bar's count, read by every signed-in screen.
      {
        key: 'unread',
        label: 'notifications, unread count',
        url: '/api/hd/notification/unread',
        token: admin,
      },
      { key: 'support', label: 'support requests', url: '/api/hd/support?page=1', token: admin },
      {
        key: 'print-log',
        label: 'print log (spectacles)',
        url: `/api/mo/print/log?patientId=${printed.patientId}&type=spectacles&page=1`,
        token: admin,
      },
      // Floors: what any page costs on this machine. /api/me answers from the cached session (HTTP alone, no
      // statement); /api/health sends `select 1` (HTTP and the cheapest statement there is).
      { key: 'floor-me', label: 'floor: /api/me (no SQL)', url: '/api/me', token: admin, floor: true },
      {
        key: 'floor-health',
        label: 'floor: /api/health (select 1)',
        url: '/api/health',
        token: admin,
        floor: true,
      },
    ];

    // A second app on the same database, with cold caches, for each page's first request.
    const pages: CapturedPage[] = [];
    for (const spec of specs) {
      const cold = await coldStatements(config, database, slug, spec);
      await call('GET', spec.url, spec.token);
      await call('GET', spec.url, spec.token);
      const { result, statements } = await captureSql(() => call('GET', spec.url, spec.token));
      pages.push({ ...spec, bytes: result.bytes, statements, cold });
    }
    summary.push(`prepared in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return { slug, summary, pages };
  } finally {
    await built.close();
    await database.close();
  }
}

/** The statements of a page's first request on an app just started (session, organization not yet cached). */
async function coldStatements(
  config: ReturnType<typeof benchConfig>,
  database: Awaited<ReturnType<typeof openDatabase>>,
  slug: string,
  spec: PageSpec,
): Promise<CapturedStatement[]> {
  const fresh = await buildApp(config, { database, print: () => {} });
  try {
    // Awaited inside: inject's answer is a lazy thenable that starts the request when awaited.
    const { result, statements } = await captureSql(async () =>
      fresh.app.inject({
        method: 'GET',
        url: spec.url,
        headers: { 'x-organization': slug, authorization: `Bearer ${spec.token}` },
      }),
    );
    if (result.statusCode !== 200)
      throw new Error(`${spec.url} on a cold app: ${result.statusCode} ${result.body}`);
    return statements;
  } finally {
    await fresh.close();
  }
}

const prepared = await prepare(process.argv[2]!);
process.send!(prepared, () => process.exit(0));
