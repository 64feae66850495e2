import type { Browser } from '@playwright/test';
import { test, expect, unique, type Api, type Lang, type Session } from '../support/fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { NotificationsPage, SupportDeskPage, SupportReportDialog } from '../pages/notifications-pages.ts';

/** A colleague with the given permissions, signed in through the API. */
async function colleague(api: Api, admin: Session, label: string, permissions: string[]): Promise<Session> {
  const role = await api.createRole(admin.token, unique(label), permissions);
  const name = unique(label);
  const user = await api.createUser(admin.token, {
    name,
    email: `${name.toLowerCase()}@clinic.test`,
    roles: [role.id],
  });
  return api.login(user.email, user.password);
}

/** A second browser window for another user, in the project's language. */
async function windowFor(browser: Browser, baseURL: string, lang: Lang, session: Session) {
  const context = await browser.newContext({
    baseURL,
    locale: lang === 'ar' ? 'ar-IQ' : 'en-GB',
    viewport: { width: 1280, height: 800 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.addInitScript(
    ([s, l]) => {
      if (sessionStorage.getItem('e2e-seeded')) return;
      sessionStorage.setItem('e2e-seeded', '1');
      localStorage.setItem('token', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
      localStorage.setItem('isAuthenticated', 'true');
      localStorage.setItem('lang', l);
    },
    [session, lang] as const,
  );
  return { page, close: () => context.close() };
}

/** The unread count rises on the open page, without a reload (the live event). */
async function expectRise(inbox: NotificationsPage, before: number): Promise<void> {
  await expect.poll(() => inbox.unread(), { timeout: 5_000 }).toBeGreaterThan(before);
  // The red badge shows the number (read together: the other language's run may notify this desk too).
  const badge = inbox.page.getByTestId('notifications-unread');
  await expect
    .poll(async () => (await badge.textContent())?.trim() === String(await inbox.unread()))
    .toBe(true);
}

test.describe('notifications and the support desk', () => {
  test('a bug reported from the settings drawer reaches the desk live; its row opens the bug and is then Read', async ({
    page,
    browser,
    baseURL,
    lang,
    t,
    api,
    signIn,
    shot,
    axe,
  }) => {
    const admin = await api.admin();
    const reporter = await colleague(api, admin, 'Reporter', ['dashboard']);
    const desk = await colleague(api, admin, 'Desk', ['dashboard', 'show support']);
    await signIn({ identifier: reporter.user.email, password: 'own-password-1' });
    const details = `${unique('bug')} ${t('support.report.titles.bug')}: the queue list stays empty after midnight`;

    const other = await windowFor(browser, baseURL!, lang, desk);
    try {
      // The desk has the portal open.
      const deskInbox = new NotificationsPage(other.page, t);
      await other.page.goto('/user/portal');
      await expect(deskInbox.bell).toBeVisible();
      const before = await deskInbox.unread();

      // The reporter: settings drawer → Report a problem.
      await page.goto('/user/portal');
      const report = new SupportReportDialog(page, t);
      await report.open('bug');
      await report.dialog.getByTestId('support-report-send').click();
      await expect(report.dialog).toContainText(t('validation.details.required'));
      await report.fill(details);
      await shot('support-report', page);
      expect(await axe()).toEqual([]);
      await report.send();
      await expect(new AppShell(page, t).toast(t('support.report.sent'))).toBeVisible();

      // The desk sees the count rise live, then the row on /notification.
      await expectRise(deskInbox, before);
      await shot('notifications-bell', other.page);
      await deskInbox.bell.click();
      await expect(other.page).toHaveURL(/\/notification$/);
      const row = deskInbox.row(details);
      await expect(row).toBeVisible();
      await expect(row.getByTestId('notification-type')).toHaveText(t('notifications.types.bug'));
      await expect(deskInbox.readCell(row)).toHaveText(t('notifications.unread'));
      await expect(row.getByTestId('unread-dot')).toBeVisible();
      await shot('notifications-list', other.page);

      // Its row opens the bug list with the bug opened and highlighted.
      await row.getByTestId('notification-details').click();
      await expect(other.page).toHaveURL(/\/support\/bugs\/\d+$/);
      const bugs = new SupportDeskPage(other.page, t);
      await expect(bugs.detail).toContainText(details);
      await expect(bugs.detail.getByTestId('support-status')).toHaveText(t('support.status.open'));
      await expect(bugs.row(details)).toHaveAttribute('data-selected', 'true');
      await shot('support-bugs-opened', other.page);

      // Back on the list, the row is Read.
      await other.page.goBack();
      await expect(other.page).toHaveURL(/\/notification$/);
      await expect(deskInbox.readCell(deskInbox.row(details))).toHaveText(t('notifications.read'));
      await expect(deskInbox.row(details).getByTestId('unread-dot')).toHaveCount(0);
      await shot('notifications-read', other.page);
    } finally {
      await other.close();
    }
  });

  test('the desk answers a request; the reporter is told live and reads the answer', async ({
    page,
    browser,
    baseURL,
    lang,
    t,
    api,
    signIn,
    shot,
    axe,
  }) => {
    const admin = await api.admin();
    const reporter = await colleague(api, admin, 'Reporter', ['dashboard']);
    const desk = await colleague(api, admin, 'Desk', ['dashboard', 'show support']);
    const wish = `${unique('wish')} print the prescription in large type`;
    await api.call('POST', 'hd/support', reporter.token, { type: 'feature', details: wish });
    const answer = `${unique('answer')} planned for the next version`;

    const other = await windowFor(browser, baseURL!, lang, reporter);
    try {
      const reporterInbox = new NotificationsPage(other.page, t);
      await other.page.goto('/user/portal');
      await expect(reporterInbox.bell).toBeVisible();
      const before = await reporterInbox.unread();

      // The desk opens every request, filters the feature requests, answers and moves it along.
      await signIn({ identifier: desk.user.email, password: 'own-password-1' });
      const deskPage = new SupportDeskPage(page, t);
      await deskPage.goto('all');
      await page.getByTestId('support-type-filter').click();
      await page.getByRole('option', { name: t('support.types.feature'), exact: true }).click();
      await expect(page).toHaveURL(/type=feature/);
      await deskPage.row(wish).click();
      await expect(deskPage.detail).toContainText(wish);
      await deskPage.answer('in_progress', answer);
      await expect(new AppShell(page, t).toast(t('support.saved'))).toBeVisible();
      await expect(deskPage.row(wish).getByTestId('support-status')).toHaveText(
        t('support.status.in_progress'),
      );
      await shot('support-answered', page);
      expect(await axe()).toEqual([]);

      // The reporter is told live, and the notification opens their request with the answer.
      await expectRise(reporterInbox, before);
      await reporterInbox.bell.click();
      const row = reporterInbox.row(answer);
      await expect(row.getByTestId('notification-type')).toHaveText(t('notifications.types.activeRequest'));
      await row.click();
      await expect(other.page).toHaveURL(/\/support\/active\/\d+$/);
      const mine = new SupportDeskPage(other.page, t);
      await expect(mine.detail).toContainText(wish);
      await expect(mine.detail.getByTestId('support-answer')).toContainText(answer);
      await expect(mine.detail.getByTestId('support-answer-form')).toHaveCount(0);
      await expect(other.page.getByText(t('support.ownOnly'))).toBeVisible();
      await shot('support-active-reporter', other.page);
    } finally {
      await other.close();
    }
  });
});
