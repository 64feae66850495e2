import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { count, eq, is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { localDay } from '@basira/shared/dates/calendar';
import { DEFAULT_TIME_ZONE } from '@basira/shared/organizations/organization.schemas';
import {
  EXAM_PERMISSIONS,
  EXAM_TYPES,
  type ExamPermissions,
  type ExamType,
} from '@basira/shared/exams/exam-types';
import type { PermissionName } from '@basira/shared/permissions/permissions';
import type { SeededRoleName } from '@basira/shared/permissions/seeded-roles';
import {
  QUEUE_STATUS,
  queueStatus,
  type QueueStatusId,
  type QueueStatusName,
} from '@basira/shared/queue/queue-states';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { examRecords, organizations, patients, queueEntries } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import { findOrganization } from '../lib/organizations.ts';
import { generatePassword } from '../lib/passwords.ts';
import { inOrg } from '../lib/tenant.ts';
import { createOrganization } from '../modules/organizations/organizations.service.ts';
import { QueueTransitionsService } from '../modules/queue/queue-transitions.service.ts';
import { seedAppointments } from './demo-appointments.ts';
import { surgerySteps } from './demo-surgery.ts';
import { demoLogoDataUrl } from './demo-logo.ts';
import { seedMoney, seedPriceList } from './demo-money.ts';
import { planDemo, type PlannedPatient, type PlannedVisit } from './demo-plan.ts';
import { Random } from './demo-random.ts';

/**
 * `npm run demo`: a realistic clinic to try the product in, written through the app itself. The app is built
 * in-process on a clock the loader moves: each visit is registered, queued, examined and ended at its own
 * past time through the API (app.inject) and its services, so validation, derived values, tickets, status
 * history and audit are the real ones, only dated as a clinic would have made them.
 */

export const DEMO_SLUG = 'demo';
const MINUTE = 60_000;

const examPermissions = (types: readonly ExamType[], actions: (keyof ExamPermissions)[]) =>
  types.flatMap((type) => actions.flatMap((action) => EXAM_PERMISSIONS[type][action]));

/** The clinic's roles: what each desk needs and no more (bench/load gives its simulated staff the same). */
export const DEMO_ROLES: Record<Exclude<SeededRoleName, 'Administrator'>, PermissionName[]> = {
  Reception: [
    'dashboard',
    'show patients',
    'add patient',
    'edit patient',
    'show queues',
    'add queue',
    'edit queue',
    'cancel board',
    'waiting board',
    'rewaiting board',
    // The queue ticket's permission (spec section 7).
    'print squint',
    'send message',
    // The cashier's desk (docs/money.md): up to DEMO_RECEPTION_DISCOUNT_LIMIT % off without 'give discounts'.
    'show payments',
    'take payments',
    // The appointment book (docs/appointments.md): the desk books, moves and arrives.
    'show appointments',
    'book appointments',
  ],
  Optometrist: [
    'show patients',
    'show queues',
    'show board',
    'show options',
    ...examPermissions(
      ['spectacles', 'prism', 'lasik', 'biometry', 'keratoconus', 'lowVision'],
      ['add', 'edit', 'show', 'print'],
    ),
    ...examPermissions(['followUp', 'retina', 'outer'], ['show']),
  ],
  Doctor: [
    'dashboard',
    'show patients',
    'edit patient',
    'show queues',
    'edit queue',
    'open board',
    'show board',
    'finish board',
    'cancel board',
    'waiting board',
    'rewaiting board',
    'show options',
    'send message',
    'show payments',
    'show appointments',
    ...examPermissions(EXAM_TYPES, ['add', 'edit', 'delete', 'show', 'print']),
    // The surgeon's loop (docs/outcomes.md): the surgeon reads the audit and accepts the constants it learns.
    'show iol lenses',
    'manage iol lenses',
    'show outcomes',
  ],
};

const STAFF = [
  { role: 'Reception', name: 'زينب حسين علي', username: 'reception', isDoctor: false },
  { role: 'Optometrist', name: 'مصطفى كريم جاسم', username: 'optometrist', isDoctor: false },
  { role: 'Doctor', name: 'د. علي حسن الموسوي', username: 'dr.ali', isDoctor: true },
  { role: 'Doctor', name: 'د. سارة أحمد الجبوري', username: 'dr.sara', isDoctor: true },
] as const;

export interface DemoAccount {
  role: string;
  name: string;
  username: string;
  email: string;
  password: string;
}

export interface DemoCounts {
  patients: number;
  visits: number;
  today: number;
  statuses: Record<QueueStatusName, number>;
  exams: Partial<Record<ExamType, number>>;
  recalls: { due: number; upcoming: number };
  money: { charges: number; entries: number; receipts: number; shifts: number };
}

export type DemoResult =
  | { loaded: false; slug: string }
  | {
      loaded: true;
      slug: string;
      accounts: DemoAccount[];
      counts: DemoCounts;
      seconds: number;
    };

export interface DemoOptions {
  slug?: string;
  /** Delete an organization of that slug first, with everything in it. */
  reset?: boolean;
  now?: Date;
  /** Where the app prints what it creates at first start (the `default` organization's administrator). */
  print?: (line: string) => void;
}

/** POST calls of the API, as a client of the organization makes them. */
function client(app: FastifyInstance, slug: string) {
  return async <T = { id: number }>(token: string | null, url: string, payload?: object): Promise<T> => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { 'x-organization': slug, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`POST ${url}: ${res.statusCode} ${res.body.slice(0, 600)}`);
    return (res.json() as { data: T }).data;
  };
}

/** Loads the demo organization, unless one of that slug exists (then nothing is written). */
export async function loadDemo(
  database: Database,
  config: Config,
  options: DemoOptions = {},
): Promise<DemoResult> {
  const slug = options.slug ?? DEMO_SLUG;
  const now = options.now ?? new Date();
  const started = performance.now();
  const clock: Clock & { at: Date } = { at: now, now: () => new Date(clock.at) };
  const built = await buildApp(
    {
      ...config,
      LOG_LEVEL: config.LOG_LEVEL === 'silent' ? 'silent' : 'warn',
      // No background jobs in the loader: recall reminders are the running server's (on the real clock).
      TELEGRAM_WORKER: false,
      // The loader calls its own in-process app as fast as it can, as one user: a person's limit would stop it.
      REQUESTS_PER_USER_PER_MINUTE: Number.MAX_SAFE_INTEGER,
    },
    { database, clock, ...(options.print ? { print: options.print } : {}) },
  );
  const db = built.database.db;
  try {
    const existing = await findOrganization(db, slug);
    if (existing && !options.reset) return { loaded: false, slug };
    if (existing) await deleteOrganization(db, existing.id, config.DATA_DIR);

    const admin: DemoAccount = {
      role: 'Administrator',
      name: 'مدير العيادة',
      username: 'admin',
      email: `admin@${slug}.basira.local`,
      password: generatePassword(),
    };
    const { org } = await createOrganization(db, {
      slug,
      name: 'عيادة بصيرة التجريبية',
      timeZone: DEFAULT_TIME_ZONE,
      admin: { ...admin, mustChangePassword: false },
    });
    try {
      const post = client(built.app, slug);
      // Signed in at the present, the sessions stay cached through every past-dated call (a session is re-read
      // once its cache entry is 30 s old on the clock, which would be after each step had they begun in the past).
      const adminToken = await signIn(post, admin.username, admin.password);
      const { accounts, staff, roleIds } = await hireStaff(post, adminToken, slug);
      const [reception, optometrist, ...doctors] = staff as [Staff, Staff, ...Staff[]];
      // Priced before the first visit, so that queueing charges a visit where the server does.
      const services = await seedPriceList(db, org.id, {
        doctorIds: doctors.map((d) => d.id),
        receptionRoleId: roleIds.get('Reception')!,
      });

      // Opening a board is a queue move plus the whole board read for the screen: the loader makes the move
      // alone, through the same service (a quarter of the cost; the board read is the screen's, not data).
      const transitions = new QueueTransitionsService(db, clock, built.events);
      const open = (doctor: Staff, queueId: number, patientId: number) =>
        transitions.move(
          {
            orgId: org.id,
            timeZone: DEFAULT_TIME_ZONE,
            userId: doctor.id,
            userName: doctor.name,
            ip: 'demo',
            requestId: randomUUID(),
          },
          queueId,
          'open',
          { patientId },
        );
      const plan = planDemo(now, DEFAULT_TIME_ZONE);
      const patientIds = new Map<PlannedPatient, number>();
      // The surgeon's year (docs/outcomes.md) runs in the same timeline as the visits: the lens list first.
      const surgery = surgerySteps({
        now,
        timeZone: DEFAULT_TIME_ZONE,
        rng: new Random(55),
        post,
        admin: adminToken,
        surgeon: doctors[0]!,
        optometrist,
        reception,
        open,
      });
      await surgery.lenses();
      const steps = [
        ...visitSteps(plan, patientIds, { post, open }, { reception, optometrist, doctors }),
        ...surgery.steps,
      ].sort((a, b) => a.at.getTime() - b.at.getTime());
      for (const step of steps) {
        clock.at = step.at;
        await step.run();
      }

      clock.at = now;
      await seedAppointments(db, org.id, {
        now,
        timeZone: DEFAULT_TIME_ZONE,
        doctorIds: doctors.map((d) => d.id),
        bookerId: reception.id,
      });
      const money = await seedMoney(db, org.id, {
        now,
        timeZone: DEFAULT_TIME_ZONE,
        services,
        cashierId: reception.id,
      });
      await post(adminToken, '/api/mo/printSetting', demoPrintSetting());
      for (const token of [adminToken, ...staff.map((s) => s.token)]) await post(token, '/api/logout');
      return {
        loaded: true,
        slug,
        accounts: [admin, ...accounts],
        counts: { ...(await countDemo(db, org.id, now)), money },
        seconds: (performance.now() - started) / 1000,
      };
    } catch (error) {
      // Half a demo is worse than none: the next run starts clean.
      await deleteOrganization(db, org.id, config.DATA_DIR).catch(() => {});
      throw error;
    }
  } finally {
    await built.close();
  }
}

/** The clinic's printouts: its name and address, the doctor and optometrist, its colour and logo. */
const demoPrintSetting = () => ({
  name: 'وصفة A5',
  optometrist: STAFF[1].name,
  specialist: `${STAFF[2].name} — اختصاص طب وجراحة العيون`,
  color: '#0b5394',
  header: '<p><strong>عيادة بصيرة لطب وجراحة العيون</strong></p><p>بغداد - الكرادة، شارع 62</p>',
  footer: '<p>السبت - الخميس، 9 صباحاً - 4 عصراً · هاتف 0770 123 4567</p>',
  logo: demoLogoDataUrl(),
  paperSize: 'A5',
  zeroAs: 'plano',
  isDefault: true,
});

type Post = ReturnType<typeof client>;

const signIn = async (post: Post, identifier: string, password: string) =>
  (await post<{ token: string }>(null, '/api/login', { email: identifier, password })).token;

/** The roles and the staff, each signed in with the password they chose (and that the loader prints). */
async function hireStaff(post: Post, adminToken: string, slug: string) {
  const roleIds = new Map<string, number>();
  for (const [name, permissions] of Object.entries(DEMO_ROLES))
    roleIds.set(name, (await post(adminToken, '/api/role', { name, permissions })).id);
  const accounts: DemoAccount[] = [];
  const staff: Staff[] = [];
  for (const { role, name, username, isDoctor } of STAFF) {
    const email = `${username}@${slug}.basira.local`;
    const first = generatePassword();
    const user = await post(adminToken, '/api/user', {
      name,
      email,
      username,
      roles: [roleIds.get(role)],
      isDoctor,
      password: first,
      password_confirmation: first,
    });
    // An account an administrator made must choose its own password: each does so, as at a first sign-in.
    const firstToken = await signIn(post, username, first);
    const password = generatePassword();
    const change = {
      name,
      email,
      username,
      currentPassword: first,
      password,
      password_confirmation: password,
    };
    await post(firstToken, '/api/profile', change);
    await post(firstToken, '/api/logout');
    accounts.push({ role, name, username, email, password });
    staff.push({ id: user.id, name, token: await signIn(post, username, password) });
  }
  return { accounts, staff, roleIds };
}

interface Staff {
  id: number;
  name: string;
  token: string;
}
interface Calls {
  post: Post;
  open: (doctor: Staff, queueId: number, patientId: number) => Promise<unknown>;
}

/** Every call of every visit, at its time, in time order (so tickets follow arrival). */
function visitSteps(
  visits: PlannedVisit[],
  patientIds: Map<PlannedPatient, number>,
  { post, open }: Calls,
  staff: { reception: Staff; optometrist: Staff; doctors: Staff[] },
): { at: Date; run: () => Promise<unknown> }[] {
  const steps: { at: Date; run: () => Promise<unknown> }[] = [];
  for (const v of visits) {
    const { times } = v;
    const doctor = staff.doctors[v.doctor]!;
    const reception = staff.reception.token;
    let queueId = 0;
    const patientId = () => patientIds.get(v.patient)!;
    const at = (time: Date, run: () => Promise<unknown>) => steps.push({ at: time, run });
    if (v.registers)
      at(new Date(times.queued.getTime() - 2 * MINUTE), async () =>
        patientIds.set(v.patient, (await post(reception, '/api/mo/patient', v.patient.person)).id),
      );
    at(times.queued, async () => {
      queueId = (
        await post(reception, '/api/mo/queue', {
          patientId: patientId(),
          examTypes: v.reasons,
          note: v.note,
          ...(v.assigned ? { doctorId: doctor.id } : {}),
        })
      ).id;
    });
    const record = (by: 'optometrist' | 'doctor', time: Date) => {
      const token = by === 'optometrist' ? staff.optometrist.token : doctor.token;
      for (const exam of v.exams.filter((e) => e.by === by))
        at(time, () =>
          post(token, `/api/mo/exam/${exam.type}`, { patientId: patientId(), queueId, ...exam.data }),
        );
    };
    if (v.outcome === 'canceled') {
      at(times.opened, () => post(reception, `/api/mo/queue/canceled/${queueId}`));
      continue;
    }
    record('optometrist', times.refraction);
    if (v.outcome === 'waiting') continue;
    at(times.opened, () => open(doctor, queueId, patientId()));
    record('doctor', times.examined);
    if (v.outcome === 'finished')
      at(times.ended, () => post(doctor.token, `/api/mo/queue/finished/${queueId}`));
    if (v.outcome === 'recall')
      at(times.ended, () =>
        post(doctor.token, `/api/mo/queue/rewaiting/${queueId}`, {
          date: v.recall!.at.toISOString(),
          note: v.recall!.note,
        }),
      );
  }
  // A stable sort: a visit's calls at one instant keep their order.
  return steps.sort((a, b) => a.at.getTime() - b.at.getTime());
}

async function countDemo(db: Db, orgId: number, now: Date): Promise<Omit<DemoCounts, 'money'>> {
  const [registered] = await db.select({ n: count() }).from(patients).where(inOrg(patients, orgId));
  const entries = await db
    .select({
      status: queueEntries.status,
      rewaiting: queueEntries.isRewaiting,
      date: queueEntries.date,
      day: queueEntries.ticketDay,
    })
    .from(queueEntries)
    .where(inOrg(queueEntries, orgId));
  const types = await db
    .select({ type: examRecords.type, n: count() })
    .from(examRecords)
    .where(inOrg(examRecords, orgId))
    .groupBy(examRecords.type);
  const statuses = { Booked: 0, Waiting: 0, WithDoctor: 0, Finished: 0, Canceled: 0, NoShow: 0 };
  for (const e of entries) statuses[queueStatus(e.status as QueueStatusId).name]++;
  // A recall is Booked until it arrives (docs/appointments.md), Waiting once due today and in the building.
  const recalls = entries.filter(
    (e) => e.rewaiting && (e.status === QUEUE_STATUS.Booked || e.status === QUEUE_STATUS.Waiting),
  );
  const today = localDay(now, DEFAULT_TIME_ZONE);
  return {
    patients: registered?.n ?? 0,
    visits: entries.length,
    today: entries.filter((e) => e.day === today).length,
    statuses,
    exams: Object.fromEntries(types.map((t) => [t.type, t.n])),
    recalls: {
      due: recalls.filter((e) => e.date <= now).length,
      upcoming: recalls.filter((e) => e.date > now).length,
    },
  };
}

type OrgTable = PgTable & { orgId: PgColumn };

/** The organization's tables, each before the tables its rows reference (the order rows can be deleted in). */
function orgTablesReferrersFirst(): OrgTable[] {
  let left = (Object.values(schema) as unknown[]).filter(
    (t): t is OrgTable => is(t, PgTable) && 'orgId' in t,
  );
  const references = new Map(
    left.map((t) => [t, new Set(getTableConfig(t).foreignKeys.map((fk) => fk.reference().foreignTable))]),
  );
  const ordered: OrgTable[] = [];
  while (left.length) {
    const free = left.filter((t) => !left.some((other) => other !== t && references.get(other)!.has(t)));
    if (!free.length) throw new Error('The organization tables reference each other in a cycle');
    ordered.push(...free);
    left = left.filter((t) => !free.includes(t));
  }
  return ordered;
}

/** An organization and everything in it (`--reset`, or a load that failed half-way), uploaded files too. */
export async function deleteOrganization(db: Db, orgId: number, dataDir: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The audit log refuses deletes (migration 0012, docs/audit.md); only this maintenance path lifts it, for
    // this transaction alone.
    await tx.execute(sql`SELECT set_config('basira.audit_maintenance', 'on', true)`);
    for (const table of orgTablesReferrersFirst()) await tx.delete(table).where(inOrg(table, orgId));
    await tx.delete(organizations).where(eq(organizations.id, orgId));
  });
  // Documents are stored under uploads/<organization id>/ (modules/patients/document-storage.ts).
  await rm(path.resolve(dataDir, 'uploads', String(orgId)), { recursive: true, force: true });
}
