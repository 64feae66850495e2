import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  AppointmentSettings,
  Booking,
  DaySlots,
  DoctorHours,
  Slot,
} from '@basira/shared/appointments/appointments.schemas';
import { FakeClock } from '../../lib/clock.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp } from '../../test/harness.ts';

// 08:00 in Baghdad (UTC+3) on Monday 2 March 2026.
const clock = new FakeClock(new Date('2026-03-02T05:00:00Z'));
const A = '/api/appointments';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

/** A Baghdad wall-clock time as an instant. */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+03:00`).toISOString();

const WEEK = {
  0: [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '15:00' },
  ],
  1: [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '15:00' },
  ],
  2: [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '15:00' },
  ],
  3: [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '15:00' },
  ],
  4: [{ start: '09:00', end: '12:00' }],
  5: [{ start: '09:00', end: '12:00' }],
  6: [{ start: '10:00', end: '14:00' }],
};

/** A clinic with a doctor who works the week above, a receptionist who books and a patient. */
async function setUp() {
  const org = await t.newOrg();
  const c = clinic(t, org);
  const doctor = await userWith(t, org, ['open board']);
  const reception = await userWith(t, org, ['show appointments', 'book appointments']);
  const saved = await c.ok<{ hours: DoctorHours; outside: Booking[] }>('PUT', `${A}/hours/${doctor.id}`, {
    week: WEEK,
    version: 1,
  });
  const patient = await c.patient({ name: 'Zainab Kadhim' });
  const book = (fields: Record<string, unknown>, token = reception.token) =>
    c.call('POST', A, { patientId: patient.id, doctorId: doctor.id, ...fields }, token);
  return { org, c, doctor, reception, patient, hours: saved.hours, book };
}
type Clinic = Awaited<ReturnType<typeof setUp>>;

async function booked(k: Clinic, fields: Record<string, unknown>): Promise<Booking> {
  const res = await k.book(fields);
  if (res.statusCode !== 201) throw new Error(`book: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: Booking }).data;
}

const slotsOf = (k: Clinic, day: string, extra = '') =>
  k.c.ok<DaySlots>(
    'GET',
    `${A}/slots?doctorId=${k.doctor.id}&day=${day}${extra}`,
    undefined,
    k.reception.token,
  );

describe('hours, closures and slots', () => {
  it('cuts a day into slots from the doctor’s hours, never across the break', async () => {
    const k = await setUp();
    expect(k.hours.version).toBe(2);
    const day = await slotsOf(k, '2026-03-03');
    expect(day.closed).toBeNull();
    // Default length 15 min: 09:00–12:00 is 12 slots, 13:00–15:00 is 8.
    expect(day.slots).toHaveLength(20);
    expect(day.slots[0]).toMatchObject({ time: '09:00', start: at('2026-03-03', '09:00'), free: true });
    expect(day.slots.map((s) => s.time)).not.toContain('12:00');
    expect(day.slots[12]!.time).toBe('13:00');
    // The reason's length: LASIK 45 min, four in the morning and two in the afternoon.
    const lasik = await slotsOf(k, '2026-03-03', '&reason=Lasik');
    expect(lasik.slots.map((s) => s.time)).toEqual(['09:00', '09:45', '10:30', '11:15', '13:00', '13:45']);
    const custom = await slotsOf(k, '2026-03-03', '&minutes=30');
    expect(custom.slots).toHaveLength(10);
  });

  it('has no slots on a closed weekday, a closure, or for a doctor without hours', async () => {
    const k = await setUp();
    expect((await slotsOf(k, '2026-03-06')).closed).toBe('weekday');
    const closure = await k.c.call('POST', `${A}/closures`, { day: '2026-03-04', name: 'Clinic painting' });
    expect(closure.statusCode).toBe(201);
    const again = await k.c.call('POST', `${A}/closures`, { day: '2026-03-04', name: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('appointments.closure_exists');
    const closed = await slotsOf(k, '2026-03-04');
    expect(closed).toMatchObject({ closed: 'closure', closureName: 'Clinic painting', slots: [] });
    const list = await k.c.ok<{ id: number; day: string }[]>('GET', `${A}/closures?year=2026`);
    expect(list.map((c) => c.day)).toEqual(['2026-03-04']);
    const removed = await k.c.call('DELETE', `${A}/closures/${list[0]!.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await slotsOf(k, '2026-03-04')).closed).toBeNull();

    const other = await userWith(t, k.org, ['open board']);
    const none = await k.c.ok<DaySlots>('GET', `${A}/slots?doctorId=${other.id}&day=2026-03-03`);
    expect(none.closed).toBe('no_hours');
    const hours = await k.c.ok<DoctorHours[]>('GET', `${A}/hours`, undefined, k.reception.token);
    expect(hours.find((h) => h.doctor.id === other.id)).toMatchObject({ version: 1, updatedAt: null });
    expect(hours.find((h) => h.doctor.id === k.doctor.id)!.week[0]).toHaveLength(2);
  });

  it('offers Iraq’s holidays of a year to tick', async () => {
    const k = await setUp();
    const list = await k.c.ok<{ day: string; key: string; approximate: boolean }[]>(
      'GET',
      `${A}/holidays?year=2025`,
    );
    expect(list).toContainEqual({ day: '2025-03-30', key: 'eid_al_fitr', approximate: true });
    expect(list).toContainEqual({ day: '2025-07-14', key: 'republic_day', approximate: false });
  });

  it('saves the settings, versioned, and refuses an unknown field', async () => {
    const k = await setUp();
    const settings = await k.c.ok<AppointmentSettings>('GET', `${A}/settings`, undefined, k.reception.token);
    expect(settings).toMatchObject({ version: 1, closedWeekdays: [5], defaultSlotMinutes: 15 });
    const saved = await k.c.ok<AppointmentSettings>('PUT', `${A}/settings`, {
      ...settings,
      closedWeekdays: [5, 6],
      slotMinutes: { ...settings.slotMinutes, Lasik: 60 },
    });
    expect(saved).toMatchObject({ version: 2, closedWeekdays: [5, 6] });
    expect(saved.slotMinutes.Lasik).toBe(60);
    const stale = await k.c.call('PUT', `${A}/settings`, { ...settings, closedWeekdays: [] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.version).toBe(2);
    const refused = await k.c.call('PUT', `${A}/settings`, { ...saved, extra: 1 });
    expect(refused.statusCode).toBe(422);
    // The reception may read, not write.
    expect((await k.c.call('PUT', `${A}/settings`, saved, k.reception.token)).statusCode).toBe(403);
  });
});

describe('booking', () => {
  it('books a slot as a Booked visit without a ticket, then refuses the slot with its bookings', async () => {
    const k = await setUp();
    const b = await booked(k, { start: at('2026-03-03', '09:00'), examTypes: ['FollowUp'], note: 'Post-op' });
    expect(b).toMatchObject({
      statusId: 0,
      minutes: 10,
      overbooked: false,
      note: 'Post-op',
      doctorId: k.doctor.id,
    });
    expect(b.patient).toMatchObject({ id: k.patient.id, name: 'Zainab Kadhim' });

    const detail = await k.c.ok<{ booking: Booking; entry: Record<string, unknown>; moves: unknown[] }>(
      'GET',
      `${A}/${b.id}`,
      undefined,
      k.reception.token,
    );
    expect(detail.entry).toMatchObject({
      ticketNumber: null,
      ticketDay: null,
      slotMinutes: 10,
      overbooked: 0,
    });
    expect(detail.entry.status).toMatchObject({ id: 0 });
    expect(detail.moves).toEqual([]);

    const day = await slotsOf(k, '2026-03-03');
    expect(day.slots[0]).toMatchObject({ time: '09:00', free: false, bookings: [b.id] });
    expect(day.slots[1]!.free).toBe(true);

    const taken = await k.book({ start: at('2026-03-03', '09:05'), minutes: 15 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('appointments.slot_taken');
    expect(taken.json().data).toMatchObject({
      start: at('2026-03-03', '09:05'),
      minutes: 15,
      bookings: [{ id: b.id, start: at('2026-03-03', '09:00') }],
    });

    // Overbooking by choice: booked, and shown as such.
    const over = await booked(k, { start: at('2026-03-03', '09:00'), overbook: true });
    expect(over.overbooked).toBe(true);
    expect((await slotsOf(k, '2026-03-03')).slots[0]!.bookings).toEqual([b.id, over.id]);

    // Its status event and audit row were written with it.
    const events = (await t.database.db.execute(
      sql`SELECT action, to_status FROM queue_status_events WHERE queue_id = ${b.id}`,
    )) as unknown as { rows: unknown[] };
    expect(events.rows).toEqual([{ action: 'create', to_status: 0 }]);
    const audit = (await t.database.db.execute(
      sql`SELECT action FROM audit_log WHERE org_id = ${k.org.id} AND entity_id = ${b.id} AND action = 'appointment.booked'`,
    )) as unknown as { rows: unknown[] };
    expect(audit.rows).toHaveLength(1);
  });

  it('refuses the past, a closed day and a time outside the hours (422), and bad bodies', async () => {
    const k = await setUp();
    const past = await k.book({ start: at('2026-03-01', '09:00') });
    expect([past.statusCode, past.json().code]).toEqual([422, 'appointments.in_past']);
    const friday = await k.book({ start: at('2026-03-06', '09:00') });
    expect([friday.statusCode, friday.json().code]).toEqual([422, 'appointments.closed_day']);
    const lunch = await k.book({ start: at('2026-03-03', '12:00') });
    expect([lunch.statusCode, lunch.json().code]).toEqual([422, 'appointments.outside_hours']);
    const across = await k.book({ start: at('2026-03-03', '11:50'), minutes: 15 });
    expect(across.json().code).toBe('appointments.outside_hours');
    const unknown = await k.book({ start: at('2026-03-03', '10:00'), color: 'red' });
    expect(unknown.statusCode).toBe(422);
    const notDoctor = await k.book({ start: at('2026-03-03', '10:00'), doctorId: k.reception.id });
    expect(notDoctor.statusCode).toBe(422);
    const badLength = await k.book({ start: at('2026-03-03', '10:00'), minutes: 7 });
    expect(badLength.statusCode).toBe(422);
    // The doctor reads the book but cannot book.
    const doctorBooks = await k.book({ start: at('2026-03-03', '10:00') }, k.doctor.token);
    expect(doctorBooks.statusCode).toBe(403);
  });

  it('one of 20 concurrent bookings of one slot wins; the others get 409', { timeout: 60_000 }, async () => {
    const k = await setUp();
    const patients = await Promise.all(
      Array.from({ length: 20 }, (_v, i) => k.c.patient({ name: `Patient ${i}` })),
    );
    const answers = await Promise.all(
      patients.map((p) =>
        k.c.call(
          'POST',
          A,
          { patientId: p.id, doctorId: k.doctor.id, start: at('2026-03-05', '10:00') },
          k.reception.token,
        ),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json().data.bookings).toHaveLength(1);
    expect((await slotsOf(k, '2026-03-05')).slots.find((s) => s.time === '10:00')!.bookings).toHaveLength(1);
  });

  it('moves a booking to another day and keeps where it was', async () => {
    const k = await setUp();
    const b = await booked(k, { start: at('2026-03-03', '09:00') });
    const moved = await k.c.ok<Booking>(
      'POST',
      `${A}/${b.id}/move`,
      { start: at('2026-03-05', '10:00'), version: b.version },
      k.reception.token,
    );
    expect(moved).toMatchObject({ start: at('2026-03-05', '10:00'), minutes: 15, statusId: 0 });
    expect(moved.version).toBe(b.version + 1);
    const resized = await k.c.ok<Booking>(
      'POST',
      `${A}/${b.id}/move`,
      { minutes: 30, version: moved.version },
      k.reception.token,
    );
    expect(resized.minutes).toBe(30);
    const stale = await k.c.call('POST', `${A}/${b.id}/move`, { minutes: 20, version: moved.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale_version', data: { id: b.id, minutes: 30 } });

    const detail = await k.c.ok<{ moves: Record<string, unknown>[] }>('GET', `${A}/${b.id}`);
    expect(detail.moves).toHaveLength(2);
    expect(detail.moves[0]).toMatchObject({
      fromStart: at('2026-03-03', '09:00'),
      fromMinutes: 15,
      toStart: at('2026-03-05', '10:00'),
      toMinutes: 15,
      fromDoctor: { id: k.doctor.id },
      by: { id: k.reception.id },
    });
    expect((await slotsOf(k, '2026-03-03')).slots[0]!.free).toBe(true);

    // Onto a taken slot: 409 unless overbooking; outside the hours: 422.
    const other = await booked(k, { start: at('2026-03-05', '11:00') });
    const onto = await k.c.call('POST', `${A}/${other.id}/move`, {
      start: at('2026-03-05', '10:15'),
      version: 1,
    });
    expect(onto.json().code).toBe('appointments.slot_taken');
    const over = await k.c.ok<Booking>('POST', `${A}/${other.id}/move`, {
      start: at('2026-03-05', '10:15'),
      version: 1,
      overbook: true,
    });
    expect(over.overbooked).toBe(true);
    const outside = await k.c.call('POST', `${A}/${other.id}/move`, {
      start: at('2026-03-05', '16:00'),
      version: 2,
    });
    expect(outside.json().code).toBe('appointments.outside_hours');

    // Only a booking not yet arrived moves.
    await t.database.db.execute(sql`UPDATE queue_entries SET status = 4 WHERE id = ${other.id}`);
    const canceled = await k.c.call('POST', `${A}/${other.id}/move`, { minutes: 20, version: 2 });
    expect([canceled.statusCode, canceled.json().code]).toEqual([409, 'appointments.not_booked']);
  });

  it('lists bookings left outside changed hours, and leaves them where they are', async () => {
    const k = await setUp();
    const morning = await booked(k, { start: at('2026-03-03', '09:00') });
    const afternoon = await booked(k, { start: at('2026-03-03', '13:00') });
    const saturday = await booked(k, { start: at('2026-03-07', '10:00') });
    const saved = await k.c.ok<{ hours: DoctorHours; outside: Booking[] }>(
      'PUT',
      `${A}/hours/${k.doctor.id}`,
      {
        week: { ...WEEK, 2: [{ start: '09:00', end: '12:00' }], 6: [] },
        version: k.hours.version,
      },
    );
    expect(saved.hours.version).toBe(k.hours.version + 1);
    expect(saved.outside.map((b) => b.id)).toEqual([afternoon.id, saturday.id]);
    const still = await k.c.ok<{ booking: Booking }>('GET', `${A}/${afternoon.id}`);
    expect(still.booking).toMatchObject({ start: at('2026-03-03', '13:00'), statusId: 0 });
    expect(morning.statusId).toBe(0);
    const stale = await k.c.call('PUT', `${A}/hours/${k.doctor.id}`, {
      week: WEEK,
      version: k.hours.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('finds free slots over 30 days, skipping closed days, closures and taken slots', async () => {
    const k = await setUp();
    await k.c.ok('POST', `${A}/closures`, { day: '2026-03-10', name: 'Closed', kind: 'holiday' });
    const first = await booked(k, { start: at('2026-03-02', '09:00'), minutes: 30 });
    const free = await k.c.ok<{ minutes: number; slots: (Slot & { day: string })[] }>(
      'GET',
      `${A}/free-slots?doctorId=${k.doctor.id}&days=30&limit=200&minutes=30`,
      undefined,
      k.reception.token,
    );
    expect(free.minutes).toBe(30);
    expect(free.slots[0]).toMatchObject({ day: '2026-03-02', time: '09:30' });
    expect(free.slots.every((s) => s.free && !s.bookings.includes(first.id))).toBe(true);
    const days = new Set(free.slots.map((s) => s.day));
    expect(days.has('2026-03-06')).toBe(false); // a Friday
    expect(days.has('2026-03-10')).toBe(false); // the closure
    expect(free.slots).toHaveLength(200);

    // From a later day, the first free slot of that day; past slots of today are never offered.
    clock.advance(2 * 3_600_000); // 10:00
    const token = await t.login(k.org.slug, k.reception.email, k.reception.password);
    const later = await k.c.ok<{ slots: Slot[] }>(
      'GET',
      `${A}/free-slots?doctorId=${k.doctor.id}&limit=1`,
      undefined,
      token,
    );
    expect(later.slots[0]).toMatchObject({ time: '10:15' });
    clock.advance(-2 * 3_600_000);
  });
});

describe('the book, its summary and the reports', () => {
  it('lists bookings and recalls with closures and hours; summary counts per doctor and day', async () => {
    const k = await setUp();
    const one = await booked(k, { start: at('2026-03-03', '09:00'), examTypes: ['Lasik'] });
    const two = await booked(k, { start: at('2026-03-03', '10:00') });
    const three = await booked(k, { start: at('2026-03-04', '09:00'), examTypes: ['Spectacles'] });
    // A recall due on the 4th (Booked, no slot), as the queue makes it.
    await t.database.db.execute(sql`
      INSERT INTO queue_entries (org_id, patient_id, date, status, status_since, is_rewaiting, doctor_id)
      VALUES (${k.org.id}, ${k.patient.id}, ${at('2026-03-04', '00:00')}, 0, now(), true, ${k.doctor.id})`);
    await t.database.db.execute(sql`UPDATE queue_entries SET status = 4 WHERE id = ${two.id}`);

    const book = await k.c.ok<{ bookings: Booking[]; hours: DoctorHours[]; closedWeekdays: number[] }>(
      'GET',
      `${A}?from=2026-03-02&to=2026-03-08&doctorIds=${k.doctor.id}`,
      undefined,
      k.reception.token,
    );
    expect(book.bookings.map((b) => [b.id === one.id || b.id === three.id, b.minutes])).toEqual([
      [true, 45],
      [false, null], // the recall, due on its day (from midnight)
      [true, 15],
    ]);
    // The list carries what the book draws and moves; the drawer reads the rest from the booking's detail.
    expect(Object.keys(book.bookings[0]!).sort()).toEqual(
      [
        'doctorId',
        'examTypes',
        'id',
        'minutes',
        'overbooked',
        'patient',
        'reply',
        'start',
        'statusId',
        'version',
      ].sort(),
    );
    expect(book.bookings[0]!.patient).toEqual({ id: k.patient.id, name: 'Zainab Kadhim' });
    const detail = await k.c.ok<{ booking: Booking }>('GET', `${A}/${one.id}`, undefined, k.reception.token);
    expect(detail.booking).toMatchObject({
      id: one.id,
      note: null,
      isRewaiting: false,
      arrivedAt: null,
      patient: { id: k.patient.id, fileNumber: expect.any(Number), phone: expect.anything() },
    });
    expect(book.closedWeekdays).toEqual([5]);
    expect(book.hours.map((h) => h.doctor.id)).toEqual([k.doctor.id]);
    const all = await k.c.ok<{ bookings: Booking[] }>('GET', `${A}?from=2026-03-02&to=2026-03-08&all=1`);
    expect(all.bookings.find((b) => b.id === two.id)?.statusId).toBe(4);

    const summary = await k.c.ok<{ days: Record<string, unknown>[] }>(
      'GET',
      `${A}/summary?from=2026-03-02&to=2026-03-08`,
      undefined,
      k.reception.token,
    );
    const tuesday = summary.days.find((d) => d.day === '2026-03-03' && d.doctorId === k.doctor.id);
    expect(tuesday).toMatchObject({ booked: 1, canceled: 1, openMinutes: 300, bookedMinutes: 45 });
    const wednesday = summary.days.find((d) => d.day === '2026-03-04' && d.doctorId === k.doctor.id);
    expect(wednesday).toMatchObject({ booked: 2, bookedMinutes: 15 });
    expect(summary.days.some((d) => d.day === '2026-03-06')).toBe(false);

    const range = await k.c.call('GET', `${A}/summary?from=2026-03-08&to=2026-03-02`);
    expect(range.statusCode).toBe(422);
  });

  it('marks bookings not arrived as no-shows (never recalls); the due list, reports and the patient’s counts', async () => {
    const k = await setUp();
    const early = await booked(k, { start: at('2026-03-02', '09:00'), examTypes: ['Lasik'] });
    const late = await booked(k, { start: at('2026-03-02', '14:00') });
    const arrived = await booked(k, { start: at('2026-03-02', '10:00'), examTypes: ['Lasik'] });
    const tomorrow = await booked(k, { start: at('2026-03-03', '09:00') });
    await t.database.db.execute(sql`
      INSERT INTO queue_entries (org_id, patient_id, date, status, status_since, is_rewaiting)
      VALUES (${k.org.id}, ${k.patient.id}, ${at('2026-02-27', '00:00')}, 0, now(), true)`);

    const due = await k.c.ok<{ day: string; entries: (Booking & { overdueDays: number })[] }>(
      'GET',
      `${A}/due`,
      undefined,
      k.reception.token,
    );
    expect(due.day).toBe('2026-03-02');
    expect(due.entries.map((e) => e.overdueDays)).toEqual([3, 0, 0, 0]);
    expect(due.entries.map((e) => e.id).slice(1)).toEqual([early.id, arrived.id, late.id]);

    // The 10:00 booking arrives (the queue's move; written here as it leaves the row).
    clock.advance(2 * 3_600_000); // 10:00
    await t.database.db.execute(sql`
      UPDATE queue_entries SET status = 1, arrived_at = now(), ticket_day = '2026-03-02', ticket_number = 1
      WHERE id = ${arrived.id}`);
    expect(await t.noShows.runOnce()).toBe(0);
    clock.advance(60 * 60_000); // 11:00: two hours after 09:00
    expect(await t.noShows.runOnce()).toBeGreaterThanOrEqual(1);
    const status = async (id: number) =>
      (
        (await t.database.db.execute(sql`SELECT status FROM queue_entries WHERE id = ${id}`)) as unknown as {
          rows: { status: number }[];
        }
      ).rows[0]!.status;
    expect(await status(early.id)).toBe(5);
    expect(await status(late.id)).toBe(0);
    expect(await status(arrived.id)).toBe(1);
    const events = (await t.database.db.execute(
      sql`SELECT action, from_status, to_status, actor_id FROM queue_status_events WHERE queue_id = ${early.id} ORDER BY id`,
    )) as unknown as { rows: unknown[] };
    expect(events.rows.at(-1)).toEqual({ action: 'noshow', from_status: 0, to_status: 5, actor_id: null });
    // One audit row per booking marked, by the system (no user), as a no-show marked by hand is audited.
    const audit = async (id: number) =>
      (
        (await t.database.db.execute(sql`
          SELECT user_id, action, entity, patient_id::int AS patient_id, outcome, request_id, details->>'by' AS by, details->>'to' AS "to"
          FROM audit_log WHERE org_id = ${k.org.id} AND entity_id = ${id} AND action = 'appointment.no_show'`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    expect(await audit(early.id)).toEqual([
      {
        user_id: null,
        action: 'appointment.no_show',
        entity: 'queue',
        patient_id: k.patient.id,
        outcome: 'ok',
        request_id: 'job:no-show',
        by: 'system',
        to: '5',
      },
    ]);
    expect(await audit(late.id)).toEqual([]);

    // The clinic's day ends: the afternoon booking too; the recall stays due; tomorrow's is untouched.
    clock.advance(13 * 3_600_000 + 5 * 60_000); // 00:05 on the 3rd
    await t.noShows.runOnce();
    expect(await status(late.id)).toBe(5);
    expect(await audit(late.id)).toHaveLength(1);
    // A second pass marks nothing more and writes no second row.
    expect(await t.noShows.runOnce()).toBe(0);
    expect(await audit(early.id)).toHaveLength(1);
    k.reception.token = await t.login(k.org.slug, k.reception.email, k.reception.password);
    expect(await status(tomorrow.id)).toBe(0);
    const recalls = (await t.database.db.execute(
      sql`SELECT status FROM queue_entries WHERE org_id = ${k.org.id} AND slot_minutes IS NULL`,
    )) as unknown as { rows: { status: number }[] };
    expect(recalls.rows).toEqual([{ status: 0 }]);

    k.org.adminToken = await t.login(k.org.slug, k.org.adminEmail, k.org.adminPassword);
    const c = clinic(t, k.org);
    const report = await c.ok<{ rows: Record<string, unknown>[] }>(
      'GET',
      `${A}/reports/attendance?from=2026-03-02&to=2026-03-02`,
    );
    expect(report.rows).toContainEqual({
      doctor: { id: k.doctor.id, name: expect.any(String) },
      reason: 'Lasik',
      booked: 2,
      arrived: 1,
      noShow: 1,
      canceled: 0,
    });
    expect(report.rows).toContainEqual(expect.objectContaining({ reason: null, booked: 1, noShow: 1 }));

    const patient = await c.ok<{
      upcoming: Booking[];
      noShows: number;
      cancellations: number;
      lastNoShow: string | null;
    }>('GET', `${A}/patients/${k.patient.id}`);
    expect(patient.upcoming.map((b) => b.id)).toEqual([tomorrow.id]);
    expect(patient.noShows).toBe(2);
    expect(patient.cancellations).toBe(0);
    expect(patient.lastNoShow).toBe(new Date(at('2026-03-02', '14:00')).toISOString());
  });
});

describe('the three permissions, each alone', () => {
  it('`show appointments` reads the book and the attendance report; without it, 403', async () => {
    const k = await setUp();
    const shower = await userWith(t, k.org, ['show appointments']);
    const queueOnly = await userWith(t, k.org, ['show queues']);
    const booker = await userWith(t, k.org, ['book appointments']);
    const book = `${A}?from=2026-03-02&to=2026-03-08`;
    expect((await k.c.call('GET', book, undefined, shower.token)).statusCode).toBe(200);
    expect((await k.c.call('GET', book, undefined, queueOnly.token)).statusCode).toBe(403);
    const report = `${A}/reports/attendance?from=2026-03-02&to=2026-03-08`;
    expect((await k.c.call('GET', report, undefined, shower.token)).statusCode).toBe(200);
    // The report is `show appointments`' alone: booking is not reading the clinic's figures.
    expect((await k.c.call('GET', report, undefined, booker.token)).statusCode).toBe(403);
  });

  it('`book appointments` books; `show appointments` alone cannot (403)', async () => {
    const k = await setUp();
    const booker = await userWith(t, k.org, ['book appointments']);
    const shower = await userWith(t, k.org, ['show appointments']);
    const refused = await k.book({ start: at('2026-03-03', '10:00') }, shower.token);
    expect(refused.statusCode).toBe(403);
    const made = await k.book({ start: at('2026-03-03', '10:00') }, booker.token);
    // 201, not 409: the refusal held no slot.
    expect(made.statusCode).toBe(201);
  });

  it('`manage appointment hours` writes a doctor’s hours; booking and reading the book do not (403)', async () => {
    const k = await setUp();
    const manager = await userWith(t, k.org, ['manage appointment hours']);
    const url = `${A}/hours/${k.doctor.id}`;
    const refused = await k.c.call(
      'PUT',
      url,
      { week: { 0: [] }, version: k.hours.version },
      k.reception.token,
    );
    expect(refused.statusCode).toBe(403);
    const saved = await k.c.call('PUT', url, { week: WEEK, version: k.hours.version }, manager.token);
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as { data: { hours: DoctorHours } }).data.hours.version).toBe(k.hours.version + 1);
    // Hours alone do not open the book.
    expect(
      (await k.c.call('GET', `${A}?from=2026-03-02&to=2026-03-08`, undefined, manager.token)).statusCode,
    ).toBe(403);
  });
});
