import { expect, type Locator, type Page } from '@playwright/test';
import type { T } from '../support/fixtures.ts';
import { AppShell } from './app-shell.ts';

/** The top bar's notifications icon and the /notification list. */
export class NotificationsPage {
  readonly bell: Locator;
  readonly table: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.bell = page.getByTestId('notifications-bell');
    this.table = page.getByTestId('notification-table');
  }

  async goto(): Promise<void> {
    await this.page.goto('/notification');
    await expect(
      this.page.getByRole('heading', { level: 1, name: this.t('notifications.title') }),
    ).toBeVisible();
  }

  /** The unread count the icon shows (0 when no badge). */
  async unread(): Promise<number> {
    return Number(await this.bell.getAttribute('data-count'));
  }

  row(details: string | RegExp): Locator {
    return this.page.getByTestId('notification-row').filter({ hasText: details });
  }

  readCell(row: Locator): Locator {
    return row.getByTestId('notification-read');
  }
}

/** The settings drawer's report form: a problem, feedback or a feature wish. */
export class SupportReportDialog {
  readonly dialog: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.dialog = page.getByTestId('support-report');
  }

  async open(type: 'bug' | 'feedback' | 'feature'): Promise<void> {
    const shell = new AppShell(this.page, this.t);
    await shell.openSettings();
    await shell.drawer.getByTestId(`support-report-${type}`).click();
    await expect(
      this.page.getByRole('dialog', { name: this.t(`support.report.titles.${type}`) }),
    ).toBeVisible();
  }

  async fill(details: string): Promise<void> {
    await this.dialog.getByTestId('support-report-details').fill(details);
  }

  async send(): Promise<void> {
    await this.dialog.getByTestId('support-report-send').click();
    await expect(this.dialog).toBeHidden();
  }
}

/** The support desk's lists (allBugs, allSupport, activeIndex) and the opened request. */
export class SupportDeskPage {
  readonly detail: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.detail = page.getByTestId('support-detail');
  }

  async goto(scope: 'bugs' | 'all' | 'active'): Promise<void> {
    await this.page.goto(`/support/${scope}`);
    await expect(
      this.page.getByRole('heading', { level: 1, name: this.t(`support.titles.${scope}`) }),
    ).toBeVisible();
  }

  row(details: string | RegExp): Locator {
    return this.page.getByTestId('support-row').filter({ hasText: details });
  }

  async answer(status: 'open' | 'in_progress' | 'done', text: string): Promise<void> {
    await this.detail.getByTestId('support-status-select').click();
    await this.page.getByRole('option', { name: this.t(`support.status.${status}`), exact: true }).click();
    await this.detail.getByTestId('support-answer-input').fill(text);
    await this.detail.getByTestId('support-answer-save').click();
  }
}
