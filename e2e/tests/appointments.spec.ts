import type { Page } from '@playwright/test';
import { test, expect, arabicWord, iraqiMobile, unique, day, type Api } from '../support/fixtures.ts';

const RECEPTION = [
  'show patients',
  'add patient',
  'add queue',
  'edit queue',
  'show queues',
  'show appointments',
  'book appointments',
];
const DOCTOR = ['open board', 'show board', 'show queues'];
const ZONE = 'Asia/Baghdad';

/** The clinic's wall clock now, in minutes since its midnight. */
function clinicMinutesNow(): number {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':')
    .map(Number);
  return h! * 60 + m!;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** An instant on the clinic's calendar (Baghdad keeps UTC+3 all year). */
const clinicInstant = (d: string, time: string) => new Date(`${d}T${time}:00+03:00`).toISOString();

/** The week (Saturday first, as the book counts) holding a day. */
const weekStart = (d: string) => {
  const date = new Date(`${d}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 1) % 7));
  return date.toISOString().slice(0, 10);
};

/** Every weekday open: a test booking today must not fail on a Friday; the API tests own the closed days. */
async function openEveryDay(api: Api, token: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { data } = await api.call<{ data: { closedWeekdays: number[]; version: number } & object }>(
      'GET',
      'appointments/settings',
      token,
    );
    if (data.closedWeekdays.length === 0) return;
    try {
      await api.call('PUT', 'appointments/settings', token, { ...data, closedWeekdays: [] });
      return;
    } catch {
      // The other language's test saved first: read again.
    }
  }
}

/** Doctors of their own with hours every day, and a receptionist who books: tests never share a row. */
async function bookDesk(api: Api, doctors: number, hours: { start: string; end: string }) {
  const admin = await api.admin();
  await openEveryDay(api, admin.token);
  const tag = unique('b');
  const person = async (name: string, permissions: string[], isDoctor: boolean) => {
    const role = await api.createRole(admin.token, `${name} ${tag}`, permissions);
    const email = `${name.toLowerCase().replace(/\s/g, '')}-${tag}@basira.test`;
    const full = `${name} ${arabicWord(4)}`;
    const user = await api.createUser(admin.token, {
      name: full,
      email,
      roles: [role.id],
      isDoctor,
    });
    return { ...user, name: full, identifier: email };
  };
  const reception = await person('Reception', RECEPTION, false);
  const team = [];
  for (let i = 0; i < doctors; i++) {
    const doctor = await person(`Doctor ${i + 1}`, DOCTOR, true);
    const week = Object.fromEntries(Array.from({ length: 7 }, (_, d) => [String(d), [hours]]));
    await api.call('PUT', `appointments/hours/${doctor.id}`, admin.token, { week, version: 1 });
    team.push(doctor);
  }
  return { admin, reception, doctors: team };
}

/** The booking's block on the book's grid. */
const eventOf = (page: Page, id: number) => page.locator(`[data-booking-id="${id}"]`);

/** A doctor's column of a day on the grid, and where a time of day sits in it (the grid names its axis). */
async function timeAt(page: Page, d: string, doctorId: number, minutes: number) {
  const timeline = page.getByTestId('book-timeline');
  const start = Number(await timeline.getAttribute('data-axis-start'));
  const scale = Number(await timeline.getAttribute('data-px-per-minute'));
  const column = timeline.locator(`[data-col="${d}|${doctorId}"]`);
  const y = (minutes - start) * scale;
  // The time scrolled into the middle of the grid's viewport, as a receptionist scrolls to it.
  await timeline.evaluate((el, top) => el.scrollTo({ top: Math.max(0, top - 200) }), y);
  return { column, y };
}

test.describe('the appointment book', () => {
  test('reception books from a free slot, drags it to another day and back, arrives it: Waiting in the queue with today’s ticket', async ({
    page,
    lang,
    t,
    api,
    signIn,
    shot,
  }) => {
    test.setTimeout(180_000);
    // A slot later today, on the half hour (a cell of the week), at least an hour ahead (and not before the doctor's hours).
    const at = Math.max(8 * 60, Math.ceil((clinicMinutesNow() + 60) / 30) * 30);
    test.skip(at > 22 * 60, 'Too late in the clinic’s day to book a later slot today');
    const time = hhmm(at);
    const today = day(0);
    const desk = await bookDesk(api, 1, { start: '07:00', end: '23:30' });
    const doctor = desk.doctors[0]!;
    const name = `${lang === 'ar' ? 'سارة' : 'Sara'} ${arabicWord()}`;
    await api.createPatient(desk.admin.token, { name, phone: iraqiMobile(), isMale: 0 });
    const session = await signIn(desk.reception);

    // The doctor's day: a click on the doctor's column at the chosen time.
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`/appointments?view=day&day=${today}&doctors=${doctor.id}`);
    const timeline = page.getByTestId('book-timeline');
    await expect(timeline).toBeVisible();
    await expect(timeline).toContainText(doctor.name);
    await shot('book-day-empty');
    await timeAt(page, today, doctor.id, at).then(({ column, y }) =>
      column.click({ position: { x: 12, y: y + 4 } }),
    );
    // Mantine's modal root has no box of its own: the dialog is its content.
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const [h, m] = time.split(':').map(Number) as [number, number];
    await expect(dialog.getByTestId('time-hours')).toHaveValue(String(h % 12 || 12).padStart(2, '0'));
    await expect(dialog.getByTestId('time-minutes')).toHaveValue(String(m).padStart(2, '0'));
    await dialog.getByTestId('booking-patient-picker').fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
    // The chip's input is hidden behind its label: a receptionist clicks the label.
    await dialog.getByText(t('queue.examTypes.Examinations'), { exact: true }).click();
    await expect(dialog.getByTestId('booking-reason-Examinations')).toBeChecked();
    await shot('book-dialog');
    await dialog.getByTestId('booking-submit').click();
    await expect(dialog).toHaveCount(0);
    const event = timeline.locator('[data-booking-id]').filter({ hasText: name });
    await expect(event).toHaveCount(1);
    await expect(event).toHaveAttribute('data-status', '0');
    const id = Number(await event.getAttribute('data-booking-id'));
    await shot('book-day-booked');

    // The week: dragged to tomorrow at the same hour.
    const tomorrow = day(1);
    await page.goto(`/appointments?view=week&day=${today}&doctors=${doctor.id}`);
    await expect(eventOf(page, id)).toBeVisible();
    await shot('book-week');
    const detail = async () =>
      (await api.call<{ data: { booking: { start: string } } }>('GET', `appointments/${id}`, session.token))
        .data.booking.start;
    const length = async () =>
      (await api.call<{ data: { booking: { minutes: number } } }>('GET', `appointments/${id}`, session.token))
        .data.booking.minutes;
    if (weekStart(tomorrow) === weekStart(today)) {
      // A pointer drag onto tomorrow's column at the same hour, then the booking's lower edge a quarter hour down.
      const to = await timeAt(page, tomorrow, doctor.id, at);
      const from = (await eventOf(page, id).boundingBox())!;
      const target = (await to.column.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + 4);
      await page.mouse.down();
      // Grabbed 4 px below the booking's top, dropped 4 px below the time's line: the same time tomorrow.
      await page.mouse.move(target.x + target.width / 2, target.y + to.y + 4, { steps: 12 });
      await expect(page.getByTestId('book-grid-preview')).toBeVisible();
      await page.mouse.up();
      await expect
        .poll(async () => new Date(await detail()).toISOString())
        .toBe(clinicInstant(tomorrow, time));
      // Redrawn in tomorrow's column before its lower edge is taken.
      await expect(to.column.locator(`[data-booking-id="${id}"]`)).toBeVisible();
      const before = await length();
      const moved = (await eventOf(page, id).boundingBox())!;
      await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height - 2);
      await page.mouse.down();
      await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height - 2 + 15 * 1.6, { steps: 6 });
      await page.mouse.up();
      await expect.poll(length).toBe(before + 15);
      await shot('book-week-dragged');
    }

    // Back to today with the keyboard's move form (the drawer), on a tablet held upright.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`/appointments?view=day&day=${tomorrow}&doctors=${doctor.id}`);
    await eventOf(page, id).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await drawer.getByTestId('booking-move').click();
    await drawer.getByTestId('move-day').fill(today);
    await drawer.getByTestId('move-day').press('Tab');
    await drawer.getByTestId('move-submit').click();
    await expect.poll(async () => new Date(await detail()).toISOString()).toBe(clinicInstant(today, time));
    await page.goto(`/appointments?view=day&day=${today}&doctors=${doctor.id}`);
    await eventOf(page, id).click();
    await expect(drawer).toBeVisible();
    await shot('book-drawer-tablet');
    await drawer.getByTestId('booking-arrive').click();
    const [before, after] = t('appointments.arrived', { ticket: '9999' })
      .split('9999')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    await expect(page.getByText(new RegExp(`${before}\\d+${after}`))).toBeVisible();

    // The queue: Waiting, today's ticket, the booked time.
    await page.goto(`/queue?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId('queue-row').filter({ hasText: name });
    await expect(row).toHaveAttribute('data-status', 'Waiting');
    await expect(row.getByTestId('queue-row-no-ticket')).toHaveCount(0);
    await expect(row.locator('td').first()).toHaveText(/^\d+$/);
    // The queue writes times on the clinic's clock, 12-hour (ص/م) or 24-hour as the language has it.
    const twelve = `${h % 12 || 12}:${String(m).padStart(2, '0')}`;
    await expect(row.getByTestId('queue-row-booked-time')).toContainText(
      new RegExp(`(^|\\D)(${time}|${twelve})(\\D|$)`),
    );
    await shot('book-queue-tablet');
  });

  test('a week of 4 doctors with 120 bookings renders every booking and scrolls to its far end', async ({
    page,
    api,
    signIn,
    shot,
  }) => {
    test.setTimeout(180_000);
    const desk = await bookDesk(api, 4, { start: '08:00', end: '20:00' });
    // Next week (every booking in the future), Saturday to Thursday: 4 doctors × 6 days × 5 bookings.
    const from = weekStart(day(7));
    const days = Array.from({ length: 6 }, (_, i) => {
      const d = new Date(`${from}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + i);
      return d.toISOString().slice(0, 10);
    });
    const patients: { id: number }[] = [];
    for (let i = 0; i < 20; i++)
      patients.push(
        await api.createPatient(desk.admin.token, { name: `وقت ${arabicWord()}`, phone: iraqiMobile() }),
      );
    const jobs = desk.doctors.flatMap((doctor, di) =>
      days.flatMap((d) =>
        Array.from({ length: 5 }, (_, slot) => ({
          patientId: patients[di * 5 + slot]!.id,
          doctorId: doctor.id,
          start: clinicInstant(d, hhmm(9 * 60 + slot * 90)),
          minutes: 60,
          examTypes: ['Examinations'],
        })),
      ),
    );
    for (let i = 0; i < jobs.length; i += 6)
      await Promise.all(
        jobs.slice(i, i + 6).map((body) => api.call('POST', 'appointments', desk.admin.token, body)),
      );
    await signIn(desk.reception);

    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto(`/appointments?view=week&day=${from}&doctors=${desk.doctors.map((d) => d.id).join(',')}`);
    const events = page.getByTestId('book-timeline').locator('[data-booking-id]');
    await expect(events).toHaveCount(120);
    await shot('book-week-120');

    // Scrolled to the far end, as a wheel does. How smoothly is bench/web-vitals' figure (no long task over 200 ms):
    // an assertion on it here failed on a busy CI machine with the grid unchanged (245 ms).
    const reached = await page.evaluate(async () => {
      const timeline = document.querySelector('[data-testid="book-timeline"]')!;
      const scroller = [timeline, ...timeline.querySelectorAll('*')].find(
        (el) => /auto|scroll/.test(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1,
      );
      if (!scroller) return false;
      const max = scroller.scrollWidth - scroller.clientWidth;
      // Right to left, a box scrolls toward negative `scrollLeft`.
      const sign = getComputedStyle(scroller).direction === 'rtl' ? -1 : 1;
      for (let i = 1; i <= 20; i++) {
        scroller.scrollTo({ left: (sign * max * i) / 20 });
        await new Promise((r) => setTimeout(r, 20));
      }
      return Math.abs(Math.abs(scroller.scrollLeft) - max) <= 2;
    });
    expect(reached, 'scrolled horizontally to the end').toBe(true);
  });
});
