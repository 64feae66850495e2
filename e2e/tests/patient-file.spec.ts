import { test, expect, arabicWord, day, iraqiMobile } from '../support/fixtures.ts';
import { PatientListPage } from '../pages/patients-pages.ts';
import { fillClockTime } from '../pages/queue-pages.ts';

const IRAQI_MONTHS = [
  'كانون الثاني',
  'شباط',
  'آذار',
  'نيسان',
  'أيار',
  'حزيران',
  'تموز',
  'آب',
  'أيلول',
  'تشرين الأول',
  'تشرين الثاني',
  'كانون الأول',
];

test.describe("the patient's file", () => {
  test('opens from the list: open and booked visits, history, records, the last final Rx; moves no status', async ({
    page,
    t,
    lang,
    api,
    signIn,
    shot,
  }) => {
    const session = await signIn();
    const name = `مريم ${arabicWord()}`;
    const patient = await api.createPatient(session.token, { name, phone: iraqiMobile(), isMale: 0 });
    const earlier = await api.queue(session.token, patient.id, { date: '2026-01-10T09:00:00+03:00' });
    await api.call('POST', `mo/patient/open/board/${patient.id}/${earlier.id}`, session.token);
    await api.call('POST', 'mo/exam/spectacles', session.token, {
      patientId: patient.id,
      queueId: earlier.id,
      readings: [
        {
          kind: 'subjective',
          isFinal: true,
          right: { sphere: -2.25, cylinder: -0.5, axis: 90, add: 1.5 },
          left: { sphere: -1.75 },
        },
      ],
      pd: { binocularDistance: 63 },
    });
    await api.move(session.token, earlier.id, 'finished');
    const today = await api.queue(session.token, patient.id);
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    await api.queue(session.token, patient.id, { date: nextWeek.toISOString(), isVisitDate: 1 });

    const patients = new PatientListPage(page, t);
    await patients.goto(name);
    await patients.row(name).getByTestId('patient-row-name').click();
    await expect(page).toHaveURL(new RegExp(`/patient/${patient.id}$`));
    await expect(page.getByTestId('patient-card-name')).toHaveText(name);

    const open = page.getByTestId('open-visit');
    await expect(open).toHaveCount(2);
    await expect(open.nth(0).getByTestId('status-badge')).toHaveAttribute('data-status', 'Waiting');
    await expect(open.nth(1).getByTestId('status-badge')).toHaveAttribute('data-status', 'Booked');
    await expect(page.getByTestId('last-rx-right')).toContainText('-2.25');
    await expect(page.getByTestId('last-rx-right')).toContainText('-0.50');
    await expect(page.getByTestId('last-rx-right')).toContainText('090');
    await expect(page.getByTestId('last-rx-left')).toContainText('-1.75');
    await expect(page.getByTestId('exam-summary')).toHaveText('R -2.25 -0.50 × 090 · L -1.75 · Add +1.50');
    // The visits are those the patient came to (issue 53): next week's booking is not one yet, only open above.
    await expect(page.getByTestId('visit-row')).toHaveCount(2);
    await shot('patient-file');

    // Reading the file moved nothing: today's visit still waits.
    const entry = await api.call<{ data: { status: { name: string } } }>(
      'GET',
      `mo/queue/${today.id}`,
      session.token,
    );
    expect(entry.data.status.name).toBe('Waiting');

    // "Book a visit" opens the queue form for this patient, as a booked visit.
    await page.getByRole('link', { name: t('patientFile.book') }).click();
    await expect(page.getByLabel(t('queue.isVisitDate'))).toBeChecked();

    // The calendar speaks the interface's language on the clinic's week (Saturday first); the clock too.
    const form = page.getByTestId('queue-form');
    await page.getByTestId('queue-date').click();
    const month = new Date().getMonth();
    const monthName =
      lang === 'ar' ? IRAQI_MONTHS[month]! : new Date().toLocaleString('en', { month: 'long' });
    await expect(
      page.getByRole('button', { name: `${monthName} ${new Date().getFullYear()}`, exact: true }),
    ).toBeVisible();
    const week = lang === 'ar' ? 'س ح ن ث ر خ ج' : 'Sa Su Mo Tu We Th Fr';
    await expect(page.getByRole('row', { name: week, exact: true })).toBeVisible();
    await shot('calendar');
    await page.keyboard.press('Escape');
    await page.getByTestId('queue-date').fill(day(3));
    await fillClockTime(form, '16:30');
    await expect(form.getByTestId('time-ampm')).toHaveValue(lang === 'ar' ? 'م' : 'PM');
    await shot('queue-form-booking');
    await page.getByTestId('queue-submit').click();
    await expect(page.getByTestId('queue-last-added')).toContainText(name);

    // The booked view lists the coming visits, soonest first, each saying it is booked.
    await page.getByTestId('queue-view').getByText(t('queue.views.booked'), { exact: true }).click();
    await expect(page).toHaveURL(/[?&]status=0/);
    // By the family name alone: the other language's run books a مريم too, and the list's search finds namesakes.
    await page.getByTestId('queue-search').fill(name.split(' ')[1]!);
    const booked = page.getByTestId('queue-row');
    await expect(booked).toHaveCount(2);
    await expect(booked.nth(0).getByTestId('status-badge')).toHaveAttribute('data-status', 'Booked');
    await shot('queue-booked');
  });
});
