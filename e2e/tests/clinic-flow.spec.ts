import {
  test,
  expect,
  arabicWord,
  iraqiMobile,
  unique,
  Api,
  handSession,
  type T,
  day,
} from '../support/fixtures.ts';
import type { Page } from '@playwright/test';
import { startServer } from '../support/server.ts';
import { PatientListPage } from '../pages/patients-pages.ts';
import { AppShell } from '../pages/app-shell.ts';
import { Bell, BoardPage, QueuePage } from '../pages/queue-pages.ts';

test.describe('the clinic day', () => {
  test('register, find by another spelling, queue, open from the doctor page, re-wait, open from the bell, finish', async ({
    page,
    t,
    signIn,
    shot,
    axe,
  }) => {
    test.setTimeout(240_000);
    await signIn();
    const surname = arabicWord();
    const name = `أحمد ${surname}`;

    // Reception registers the patient.
    const patients = new PatientListPage(page, t);
    await patients.goto();
    const form = await patients.openAdd();
    await form.fill({ name, sex: 'male', age: '34', phone: iraqiMobile(), allergies: 'تروبيكاميد' });
    await expect(form.phone).toHaveValue(/^0770 \d{3} \d{4}$/);
    await shot('patient-form');
    await form.submit.click();
    await expect(page.getByTestId('patient-saved')).toContainText(name);

    // …and finds them again typed without the hamza.
    await patients.search.fill(`احمد ${surname}`);
    // The list is the search's answer (not the unfiltered list that also holds the new record).
    await expect(page.getByTestId('patient-count')).toHaveText(t('patients.count', { count: 1 }));
    await expect(patients.row(name)).toBeVisible();
    await expect(patients.row(name).getByTestId('alert-mark')).toBeVisible();
    await shot('patient-list');
    expect(await axe()).toEqual([]);

    // Queue them from their row.
    await patients.row(name).getByTestId('patient-queue').click();
    const queue = new QueuePage(page, t);
    await expect(queue.picker).toHaveValue(name);
    await queue.form.getByText(t('queue.examTypes.Spectacles'), { exact: true }).click();
    await expect(page.getByTestId('exam-type-Spectacles')).toBeChecked();
    await queue.submit.click();
    await expect(page.getByTestId('queue-last-added')).toContainText(name);
    // The add form starts over for the next patient and takes the focus: wait for it, as a person would, or
    // the text typed next lands in its picker.
    await expect(page).not.toHaveURL(/patientId=/);
    await expect(queue.picker).toHaveValue('');
    await expect(queue.picker).toBeFocused();
    await page.getByTestId('queue-search').fill(surname);
    await expect(page.getByTestId('queue-count')).toHaveText(t('queue.count', { count: 1 }));
    const row = queue.row(name);
    await expect(queue.status(row)).toHaveAttribute('data-status', 'Waiting');
    await shot('queue');
    expect(await axe()).toEqual([]);

    // The ticket of the day: its print view opens in a tab of its own, and prints from there.
    const [ticket] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('last-added-print').click(),
    ]);
    await expect(ticket.getByTestId('ticket-number')).toBeVisible();
    await shot('queue-ticket', ticket);
    await ticket.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void ((window as unknown as { printed: number }).printed += 1);
    });
    await ticket.getByTestId('print-button').click();
    await expect
      .poll(() => ticket.evaluate(() => (window as unknown as { printed: number }).printed))
      .toBe(1);
    await ticket.close();

    // The doctor opens the board from their page.
    await page.goto('/doctor');
    const doctorRow = page.getByTestId('doctor-row').filter({ hasText: name });
    await expect(doctorRow).toBeVisible();
    await shot('doctor');
    await doctorRow.getByTestId('doctor-open').click();
    const board = new BoardPage(page, t);
    await board.expectStatus('WithDoctor');
    await expect(page.getByTestId('patient-alerts')).toContainText('تروبيكاميد');
    await expect(page.getByTestId('patient-card-name')).toHaveText(name);
    await shot('board');
    expect(await axe()).toEqual([]);

    // Recalled for tomorrow: under Bigger Date, expected (Booked), not waiting in the building.
    await board.rewait(day(1), '10:00', 'مراجعة بعد يوم');
    await board.expectStatus('Booked');
    const bell = new Bell(page, t);
    await bell.open();
    const bigger = await bell.tab('bigger');
    await expect(bigger.getByTestId('bell-row').filter({ hasText: name })).toBeVisible();
    await shot('bell');
    await page.keyboard.press('Escape');

    // Recalled to yesterday: due, under Waiting.
    await board.rewait(day(-1), '10:00');
    await board.expectStatus('Waiting');
    await bell.open();
    const waiting = await bell.tab('waiting');
    const due = waiting.getByTestId('bell-row').filter({ hasText: name });
    await expect(due).toBeVisible();
    await shot('bell-waiting');
    // The bell's label says how many are due in words that agree with that number (`7 مستحقة`, issue 50).
    await expect(async () => {
      const count = Number(await bell.button.getAttribute('data-count'));
      const dueNow = Number(await bell.button.getAttribute('data-due'));
      expect(dueNow).toBeGreaterThan(0);
      await expect(bell.button).toHaveAttribute(
        'aria-label',
        t('bell.label', { count, due: t('bell.due', { count: dueNow }) }),
        { timeout: 1_000 },
      );
    }).toPass();

    // The bell's Open shows the board; the doctor starts the visit there, then finishes it.
    await due.getByTestId('bell-open').click();
    await board.expectStatus('Waiting');
    await board.action('open').click();
    await board.expectStatus('WithDoctor');
    await board.action('finish').click();
    await board.expectStatus('Finished');
    await expect(board.action('finish')).toHaveCount(0);
    await expect(board.action('wait')).toBeVisible();
  });

  test('an illegal move shows its message, naming both states', async ({ page, t, api, signIn, shot }) => {
    const session = await signIn();
    const name = `زينب ${arabicWord()}`;
    const patient = await api.createPatient(session.token, { name, phone: iraqiMobile(), isMale: 0 });
    const entry = await api.queue(session.token, patient.id);
    // This screen misses live updates (as a laptop that lost its connection would).
    await page.route('**/api/events**', (route) => route.abort());
    const queue = new QueuePage(page, t);
    await queue.goto(`?q=${encodeURIComponent(name)}`);
    const row = queue.row(name);
    await expect(queue.status(row)).toHaveAttribute('data-status', 'Waiting');
    // A colleague cancels the visit meanwhile.
    await api.move(session.token, entry.id, 'canceled');
    await queue.action(row, 'cancel');
    const canceled = t('queue.status.Canceled');
    const toast = page.getByTestId('toast').filter({ hasText: t('queue.moveFailed') });
    await expect(toast).toContainText(t('queue.alreadyIn', { from: canceled, to: canceled }));

    // Opening a board a colleague has just opened: "create new data fails!!!" with the reason, then read-only.
    const second = await api.queue(session.token, patient.id);
    await page.reload();
    const open = page
      .locator(`[data-testid="queue-row"][data-queue-id="${second.id}"]`)
      .getByTestId('queue-open-board');
    await expect(open).toBeVisible();
    await api.call('POST', `mo/patient/open/board/${patient.id}/${second.id}`, session.token);
    await open.click();
    const withDoctor = t('queue.status.WithDoctor');
    const failed = page.getByTestId('toast').filter({ hasText: t('board.openFailed') });
    await expect(failed).toContainText(t('queue.alreadyIn', { from: withDoctor, to: withDoctor }));
    await new BoardPage(page, t).expectStatus('WithDoctor');
    await shot('board-open-failed');
  });

  test('a second browser sees a queue change within 2 s, without a reload', async ({
    page,
    browser,
    t,
    api,
    lang,
    baseURL,
    signIn,
  }) => {
    const session = await signIn();
    const name = `مريم ${arabicWord()}`;
    const patient = await api.createPatient(session.token, { name, phone: iraqiMobile(), isMale: 0 });
    await api.queue(session.token, patient.id);

    const other = await browser.newContext({ baseURL, locale: lang === 'ar' ? 'ar-IQ' : 'en-GB' });
    try {
      const colleague = await other.newPage();
      await colleague.addInitScript(
        ([s, l]) => {
          localStorage.setItem('token', s.token);
          localStorage.setItem('user', JSON.stringify(s.user));
          localStorage.setItem('isAuthenticated', 'true');
          localStorage.setItem('lang', l);
        },
        [session, lang] as const,
      );
      const theirs = new QueuePage(colleague, t);
      await theirs.goto(`?q=${encodeURIComponent(name)}`);
      await expect(theirs.status(theirs.row(name))).toHaveAttribute('data-status', 'Waiting');

      const mine = new QueuePage(page, t);
      await mine.goto(`?q=${encodeURIComponent(name)}`);
      await mine.action(mine.row(name), 'cancel');
      await expect(mine.status(mine.row(name))).toHaveAttribute('data-status', 'Canceled');
      await expect(theirs.status(theirs.row(name))).toHaveAttribute('data-status', 'Canceled', {
        timeout: 2_000,
      });
    } finally {
      await other.close();
    }
  });

  test('reception sees only the moves its role allows, and updates a queue entry', async ({
    page,
    t,
    api,
    signIn,
    shot,
  }) => {
    const admin = await api.admin();
    const role = await api.createRole(admin.token, unique('Reception'), [
      'dashboard',
      'show patients',
      'add patient',
      'add queue',
      'edit queue',
      'show queues',
      'cancel board',
      'waiting board',
      'print squint',
    ]);
    const email = `${unique('reception')}@clinic.example`;
    const user = await api.createUser(admin.token, { name: 'Noor Reception', email, roles: [role.id] });
    const name = `سارة ${arabicWord()}`;
    const patient = await api.createPatient(admin.token, { name, phone: iraqiMobile(), isMale: 0 });
    await api.queue(admin.token, patient.id);

    await signIn({ identifier: user.email, password: user.password });
    const queue = new QueuePage(page, t);
    await queue.goto(`?q=${encodeURIComponent(name)}`);
    const row = queue.row(name);
    await expect(queue.status(row)).toHaveAttribute('data-status', 'Waiting');
    // No board for reception; of the moves, cancelling only (re-queueing needs a finished or canceled visit).
    await expect(row.getByTestId('queue-open-board')).toHaveCount(0);
    await expect(row.getByTestId('queue-show-board')).toHaveCount(0);
    await expect(page.getByTestId('top-doctorIndex')).toHaveCount(0);
    await row.getByTestId('queue-row-menu').click();
    await expect(page.getByTestId('queue-action-cancel')).toBeVisible();
    await expect(page.getByTestId('queue-action-finish')).toHaveCount(0);
    await expect(page.getByTestId('queue-action-rewait')).toHaveCount(0);

    // queueUpdate (also /queue): the entry's exam types and note.
    await page.getByTestId('queue-edit').click();
    await expect(page).toHaveURL(/[?&]id=\d+/);
    await expect(page.getByTestId('queue-form-patient')).toContainText(name);
    await queue.form.getByText(t('queue.examTypes.Lasik'), { exact: true }).click();
    await page.getByTestId('queue-note').fill('يحتاج قطرة توسيع');
    await shot('queue-update');
    await queue.submit.click();
    await expect(page).not.toHaveURL(/[?&]id=/);
    await expect(row).toContainText(t('queue.examTypes.Lasik'));
    await expect(row).toContainText('يحتاج قطرة توسيع');
  });

  test('a patient queued twice the same day: the form shows the open visit, and adds only when asked', async ({
    page,
    t,
    api,
    signIn,
    shot,
  }) => {
    const session = await signIn();
    const patient = await api.createPatient(session.token, {
      name: `هدى ${arabicWord()}`,
      phone: iraqiMobile(),
    });
    const first = await api.queue(session.token, patient.id);
    await page.goto(`/queue?patientId=${patient.id}`);
    const queue = new QueuePage(page, t);
    await expect(queue.picker).toHaveValue(patient.name);
    await queue.submit.click();
    const duplicate = page.getByTestId('queue-duplicate');
    await expect(duplicate).toContainText(String(first.ticketNumber));
    await shot('queue-duplicate');
    await page.getByTestId('queue-duplicate-add').click();
    await expect(page.getByTestId('queue-last-added')).toContainText(patient.name);
    await expect(duplicate).toHaveCount(0);
  });

  test('the bell chimes when a recall falls due, unless the sound is switched off', async ({ page, t }) => {
    // Its own server: the bell lists the whole organization's recalls, and a parallel test's recall that falls
    // due (or is re-dated to the past) while this bell is open would chime here too.
    const own = await startServer();
    try {
      await bellChimes(page, t, own.baseURL);
    } finally {
      await own.stop();
    }
  });
});

async function bellChimes(page: Page, t: T, baseURL: string): Promise<void> {
  const api = new Api(baseURL);
  const session = await api.admin();
  await handSession(page, session);
  // Count the notes the Web Audio API is asked to play.
  await page.addInitScript(() => {
    const counter = window as unknown as { notes: number };
    counter.notes = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      counter.notes += 1;
      return original.call(this);
    };
  });
  await page.clock.install();
  const recall = async (seconds: number) => {
    const patient = await api.createPatient(session.token, {
      name: `ليلى ${arabicWord()}`,
      phone: iraqiMobile(),
    });
    const entry = await api.queue(session.token, patient.id);
    // Due a minute after the page's own (installed) clock: enough for a slow machine to open the bell first.
    const pageNow = page.url().startsWith('http') ? await page.evaluate(() => Date.now()) : Date.now();
    await api.rewait(session.token, entry.id, new Date(pageNow + seconds * 1000));
    return patient.name;
  };
  const notes = () => page.evaluate(() => (window as unknown as { notes: number }).notes);

  const first = await recall(60);
  await page.goto(`${baseURL}/dashboard`);
  const bell = new Bell(page, t);
  await bell.open();
  await expect((await bell.tab('bigger')).getByTestId('bell-row').filter({ hasText: first })).toBeVisible();
  expect(await notes()).toBe(0);
  // A minute on, the recall is due; the lists are split again every 10 s.
  await page.clock.fastForward('01:01');
  await expect((await bell.tab('waiting')).getByTestId('bell-row').filter({ hasText: first })).toBeVisible();
  await expect.poll(notes).toBeGreaterThan(0);
  const heard = await notes();
  await page.keyboard.press('Escape');

  // Switched off in the settings drawer: the next one is silent.
  const shell = new AppShell(page, t);
  await shell.openSettings();
  await shell.drawer.getByTestId('bell-sound-toggle').click();
  expect(await page.evaluate(() => localStorage.getItem('bellSound'))).toBe('0');
  await shell.closeSettings();
  const second = await recall(60);
  await bell.open();
  await expect((await bell.tab('bigger')).getByTestId('bell-row').filter({ hasText: second })).toBeVisible();
  await page.clock.fastForward('01:01');
  await expect((await bell.tab('waiting')).getByTestId('bell-row').filter({ hasText: second })).toBeVisible();
  expect(await notes()).toBe(heard);
}
