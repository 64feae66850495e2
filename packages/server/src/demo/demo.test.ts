import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { localDay } from '@basira/shared/dates/calendar';
import { DEFAULT_TIME_ZONE } from '@basira/shared/organizations/organization.schemas';
import { EXAM_TYPES } from '@basira/shared/exams/exam-types';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import {
  billingEntries,
  cashierShifts,
  clinicClosures,
  doctorHours,
  examRecords,
  orgCounters,
  patients,
  printSettings,
  queueEntries,
  receipts,
  users,
} from '../db/schema.ts';
import { sameOrg } from '../lib/tenant.ts';
import { findOrganization } from '../lib/organizations.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { deleteOrganization, loadDemo, type DemoResult } from './demo.ts';
import { planDemo } from './demo-plan.ts';
import { DEMO_OPERATED_EYES, DEMO_SURGICAL_PATIENTS } from './demo-surgery.ts';
import { planBookings } from './demo-appointments.ts';
import { DEFAULT_APPOINTMENT_SETTINGS } from '../modules/appointments/appointment-settings.ts';

describe('demo data', () => {
  let database: Database;
  let config: Config;
  let dataDir: string;
  // Unique per run: the PostgreSQL suite shares one database between test files.
  const slug = `demo-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const databaseUrl = inject('databaseUrl');
    dataDir = mkdtempSync(path.join(tmpdir(), 'basira-demo-'));
    config = loadConfig({
      LOG_LEVEL: 'silent',
      ADMIN_PASSWORD: 'bootstrap-password',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: 'memory://', poolSize: 4 });
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is the same plan on every run', () => {
    const now = new Date('2026-03-10T09:30:00Z');
    const names = (plan: ReturnType<typeof planDemo>) => plan.map((v) => v.patient.person.name).join('|');
    expect(names(planDemo(now, DEFAULT_TIME_ZONE))).toBe(names(planDemo(now, DEFAULT_TIME_ZONE)));
  });

  it('plans a week of bookings: the morning arrived, the rest of today booked, no patient twice a day', () => {
    // 11:30 in Baghdad on a Tuesday.
    const now = new Date('2026-03-10T08:30:00Z');
    const plan = planBookings({
      now,
      timeZone: DEFAULT_TIME_ZONE,
      settings: DEFAULT_APPOINTMENT_SETTINGS,
      patients: Array.from({ length: 300 }, (_, i) => i + 1),
      busy: new Map(),
      closedDays: new Set(['2026-03-12']),
    });
    const today = plan.filter((b) => b.day === '2026-03-10' && !b.recall);
    expect(today.some((b) => b.status === 3 && b.arrivedAt! <= now)).toBe(true);
    expect(today.some((b) => b.status === 1 && b.arrivedAt! <= now)).toBe(true);
    expect(today.some((b) => b.status === 0 && b.start > now)).toBe(true);
    expect(plan.every((b) => b.status === 0 || b.status === 4 || b.day <= '2026-03-10')).toBe(true);
    // Fridays (the 13th) and closures have no bookings; each starts within its doctor's hours.
    expect(plan.filter((b) => b.day === '2026-03-12' || b.day === '2026-03-13')).toHaveLength(0);
    for (const day of new Set(plan.map((b) => b.day))) {
      const patients = plan.filter((b) => b.day === day).map((b) => b.patient);
      expect(new Set(patients).size).toBe(patients.length);
    }
    expect(plan.filter((b) => b.recall).map((b) => b.day)).toEqual([
      '2026-03-10',
      '2026-03-10',
      '2026-03-08',
      '2026-03-06',
    ]);
    expect(plan.every((b) => (b.arrivedAt ?? now) <= now && (b.endedAt ?? now) <= now)).toBe(true);
  });

  it('loads a clinic through the API once, and a second run adds nothing', async () => {
    // The demo's "today" is the clinic's day when the load starts, which may be yesterday by the time it ends.
    const startedAt = new Date();
    const result = await loadDemo(database, config, { slug, now: startedAt, print: () => {} });
    expect(result.loaded).toBe(true);
    const { counts, accounts } = result as Extract<DemoResult, { loaded: true }>;
    const org = (await findOrganization(database.db, slug))!;
    const { db } = database;

    const [registered] = await db.select({ n: count() }).from(patients).where(eq(patients.orgId, org.id));
    // The plan's patients and the surgeon's (demo-surgery.ts).
    expect(registered!.n).toBe(300 + DEMO_SURGICAL_PATIENTS);
    expect(counts.patients).toBe(300 + DEMO_SURGICAL_PATIENTS);
    const guardians = await db
      .select({ name: patients.guardianName, phone: patients.guardianPhone })
      .from(patients)
      .where(eq(patients.orgId, org.id));
    expect(guardians.filter((g) => g.name && g.phone?.startsWith('+9647')).length).toBeGreaterThan(20);

    // Every exam type; every queue state, today's queue under way; recalls due and upcoming.
    const types = await db
      .selectDistinct({ type: examRecords.type })
      .from(examRecords)
      .where(eq(examRecords.orgId, org.id));
    expect(types.map((t) => t.type).sort()).toEqual([...EXAM_TYPES].sort());
    // The surgeon's eyes (docs/outcomes.md): each operated, each with its refraction after.
    const operations = await db
      .select({ n: count() })
      .from(examRecords)
      .where(and(eq(examRecords.orgId, org.id), eq(examRecords.type, 'operation')));
    expect(operations[0]!.n).toBe(DEMO_OPERATED_EYES);
    const entries = await db.select().from(queueEntries).where(eq(queueEntries.orgId, org.id));
    // Every queue state, the appointment book's Booked and NoShow too.
    expect(new Set(entries.map((e) => e.status))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    const today = entries.filter((e) => e.ticketDay === localDay(startedAt, DEFAULT_TIME_ZONE));
    expect(today.filter((e) => e.status === 1 && !e.isRewaiting).length).toBeGreaterThan(3);
    expect(today.filter((e) => e.status === 2)).toHaveLength(2);
    expect(new Set(today.map((e) => e.ticketNumber)).size).toBe(today.length);
    expect(counts.recalls.due).toBeGreaterThan(0);
    expect(counts.recalls.upcoming).toBeGreaterThan(0);

    // The appointment book: hours of both doctors, closures ahead, a week of bookings (docs/appointments.md).
    const startDay = localDay(startedAt, DEFAULT_TIME_ZONE);
    expect(await db.select().from(doctorHours).where(eq(doctorHours.orgId, org.id))).toHaveLength(2);
    const closures = await db.select().from(clinicClosures).where(eq(clinicClosures.orgId, org.id));
    expect(closures.every((c) => c.day > startDay)).toBe(true);
    expect(closures.map((c) => c.kind).sort()).toEqual(['closure', 'holiday']);
    const booked = entries.filter((e) => e.slotMinutes !== null);
    expect(booked.length).toBeGreaterThan(60);
    expect(new Set(booked.map((e) => e.doctorId)).size).toBe(2);
    expect(booked.filter((e) => e.overbooked)).toHaveLength(1);
    // Arrived: a ticket of its day and the arrival time; not arrived: no ticket.
    for (const e of booked) {
      expect(e.arrivedAt !== null).toBe(e.ticketNumber !== null);
      expect(e.ticketNumber === null).toBe([0, 4, 5].includes(e.status));
    }
    const past = booked.filter((e) => localDay(e.date, DEFAULT_TIME_ZONE) < startDay);
    expect(past.filter((e) => e.status === 3).length).toBeGreaterThan(past.length / 2);
    expect(past.filter((e) => e.status === 5).length).toBeGreaterThan(0);
    expect(booked.filter((e) => e.status === 4).length).toBeGreaterThan(0);
    expect(
      booked.filter((e) => e.status === 0 && localDay(e.date, DEFAULT_TIME_ZONE) > startDay).length,
    ).toBeGreaterThan(20);
    expect(
      entries.filter(
        (e) =>
          e.status === 0 &&
          e.slotMinutes === null &&
          e.isRewaiting &&
          localDay(e.date, DEFAULT_TIME_ZONE) < startDay,
      ).length,
    ).toBeGreaterThanOrEqual(2);
    // Each booking's history ends in its status.
    const lastMoves = (
      (await db.execute(sql`
        SELECT DISTINCT ON (e.queue_id) e.queue_id, e.to_status FROM queue_status_events e
        WHERE ${sameOrg('e', org.id)} ORDER BY e.queue_id, e.at DESC, e.id DESC`)) as unknown as {
        rows: { queue_id: number; to_status: number }[];
      }
    ).rows;
    const lastStatus = new Map(lastMoves.map((m) => [m.queue_id, m.to_status]));
    for (const e of booked) expect(lastStatus.get(e.id)).toBe(e.status);

    // Derived values are the server's: SRK/T on biometry, Kmax progression against the previous record.
    const [bio] = await db
      .select({ derived: examRecords.derived })
      .from(examRecords)
      .where(and(eq(examRecords.orgId, org.id), eq(examRecords.type, 'biometry')))
      .limit(1);
    expect(bio!.derived).toMatchObject({
      right: { srkt: { powerForTarget: expect.any(Number) }, chosen: {} },
    });
    const keratoconus = await db
      .select({ patientId: examRecords.patientId, derived: examRecords.derived })
      .from(examRecords)
      .where(and(eq(examRecords.orgId, org.id), eq(examRecords.type, 'keratoconus')));
    const perPatient = new Map<number, number>();
    for (const r of keratoconus) perPatient.set(r.patientId, (perPatient.get(r.patientId) ?? 0) + 1);
    expect([...perPatient.values()].filter((n) => n >= 3).length).toBeGreaterThanOrEqual(3);
    expect(
      keratoconus.some(
        (r) => ((r.derived as { right?: { kmaxChange?: number } }).right?.kmaxChange ?? 0) >= 1,
      ),
    ).toBe(true);

    // The staff can sign in with the printed passwords; doctors are marked as such.
    const staff = await db.select().from(users).where(eq(users.orgId, org.id));
    expect(staff).toHaveLength(accounts.length);
    expect(staff.filter((u) => u.isDoctor)).toHaveLength(2);
    for (const account of accounts) {
      const user = staff.find((u) => u.username === account.username)!;
      expect(user.mustChangePassword).toBe(false);
      expect(await verifyPassword(account.password, user.passwordHash)).toBe(true);
    }
    const [setting] = await db.select().from(printSettings).where(eq(printSettings.orgId, org.id));
    expect(setting).toMatchObject({ isDefault: true, logoType: 'image/png', color: '#0b5394' });

    // Money: each charge's balance is its amount plus its entries' due deltas; receipts 1..n a year, no gap,
    // the year's counter at n; every kind of entry, both currencies, one short count.
    const ledger = (
      (await db.execute(sql`
        SELECT c.id, c.amount::bigint AS amount, c.balance::bigint AS balance, c.voided,
               coalesce(sum(e.due_delta), 0)::bigint AS due
        FROM charges c LEFT JOIN billing_entries e ON e.charge_id = c.id AND ${sameOrg('e', org.id)}
        WHERE ${sameOrg('c', org.id)} GROUP BY c.id`)) as unknown as {
        rows: { amount: string; balance: string; due: string }[];
      }
    ).rows;
    expect(ledger.length).toBeGreaterThan(100);
    for (const c of ledger) expect(Number(c.amount) + Number(c.due)).toBe(Number(c.balance));
    expect(ledger.filter((c) => Number(c.balance) > 0).length).toBeGreaterThan(3);
    const numbers = await db
      .select({ year: receipts.year, sequence: receipts.sequence })
      .from(receipts)
      .where(eq(receipts.orgId, org.id));
    const years = new Map<number, number[]>();
    for (const r of numbers) years.set(r.year, [...(years.get(r.year) ?? []), r.sequence]);
    for (const [year, list] of years) {
      expect(list.sort((x, y) => x - y)).toEqual(list.map((_, i) => i + 1));
      const [counter] = await db
        .select({ value: orgCounters.value })
        .from(orgCounters)
        .where(and(eq(orgCounters.orgId, org.id), eq(orgCounters.name, `receipt:${year}`)));
      expect(counter!.value).toBe(list.length);
    }
    const kinds = await db
      .select({ kind: billingEntries.kind, currency: billingEntries.currency, method: billingEntries.method })
      .from(billingEntries)
      .where(eq(billingEntries.orgId, org.id));
    expect(new Set(kinds.map((k) => k.kind))).toEqual(
      new Set(['payment', 'discount', 'exemption', 'refund', 'void']),
    );
    expect(new Set(kinds.map((k) => k.currency))).toEqual(new Set(['IQD', 'USD']));
    expect(new Set(kinds.map((k) => k.method))).toEqual(new Set([null, 'cash', 'card', 'transfer']));
    // A canceled visit owes nothing: its charge (made at queueing) is voided.
    const canceledOwing = (
      (await db.execute(sql`
        SELECT count(*)::int AS n FROM charges c JOIN queue_entries q ON q.id = c.queue_id AND ${sameOrg('q', org.id)}
        WHERE ${sameOrg('c', org.id)} AND q.status = 4 AND c.balance > 0`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
    expect(canceledOwing).toBe(0);
    const closed = await db.select().from(cashierShifts).where(eq(cashierShifts.orgId, org.id));
    expect(closed.every((s) => s.closedAt !== null)).toBe(true);
    expect(new Set(closed.map((s) => s.day)).size).toBe(closed.length);
    expect(closed.filter((s) => s.note !== null)).toHaveLength(1);

    const again = await loadDemo(database, config, { slug, print: () => {} });
    expect(again).toEqual({ loaded: false, slug });
    const [after] = await db.select({ n: count() }).from(queueEntries).where(eq(queueEntries.orgId, org.id));
    expect(after!.n).toBe(counts.visits);

    // --reset starts by deleting the organization with everything in it.
    await deleteOrganization(db, org.id, dataDir);
    expect(await findOrganization(db, slug)).toBeUndefined();
    for (const table of Object.values(schema))
      if (typeof table === 'object' && table !== null && 'orgId' in table) {
        const owned = table as typeof patients;
        const [left] = await db.select({ n: count() }).from(owned).where(eq(owned.orgId, org.id));
        expect(left!.n).toBe(0);
      }
  }, 300_000);
});
