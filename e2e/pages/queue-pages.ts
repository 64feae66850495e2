import { expect, type Locator, type Page } from '@playwright/test';
import type { T } from '../support/fixtures.ts';

/** /queue: the add/update form and the list. */
export class QueuePage {
  readonly form: Locator;
  readonly picker: Locator;
  readonly submit: Locator;
  readonly table: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.form = page.getByTestId('queue-form');
    this.picker = page.getByTestId('queue-patient');
    this.submit = page.getByTestId('queue-submit');
    this.table = page.getByTestId('queue-table');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/queue${query}`);
    await expect(this.page.getByRole('heading', { level: 1 })).toBeVisible();
  }

  row(name: string): Locator {
    return this.page.getByTestId('queue-row').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  status(row: Locator): Locator {
    return row.getByTestId('status-badge');
  }

  async action(row: Locator, action: 'finish' | 'rewait' | 'wait' | 'cancel'): Promise<void> {
    await row.getByTestId('queue-row-menu').click();
    await this.page.getByTestId(`queue-action-${action}`).click();
    if (action === 'cancel') await this.page.getByTestId('confirm-yes').click();
  }
}

/** The board of one visit. */
export class BoardPage {
  readonly status: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.status = page.getByTestId('board-status');
  }

  async expectStatus(
    name: 'Booked' | 'Waiting' | 'WithDoctor' | 'Finished' | 'Canceled' | 'NoShow',
  ): Promise<void> {
    await expect(this.status).toHaveAttribute('data-status', name);
  }

  action(action: 'open' | 'finish' | 'rewait' | 'wait' | 'cancel' | 'arrive' | 'noshow'): Locator {
    return this.page.getByTestId(`board-action-${action}`);
  }

  /** Re-waiting to a day (YYYY-MM-DD) and time (HH:mm). */
  async rewait(day: string, time: string, note?: string): Promise<void> {
    await this.action('rewait').click();
    const dialog = this.page.getByTestId('rewait-form');
    await expect(dialog).toBeVisible();
    const date = this.page.getByTestId('rewait-date');
    await date.fill(day);
    await date.press('Tab');
    await fillClockTime(this.page.getByTestId('rewait-form'), time);
    if (note) await this.page.getByTestId('rewait-note').fill(note);
    await this.page.getByTestId('rewait-submit').click();
    await expect(dialog).toBeHidden();
  }
}

/** A ClockTimeInput (12-hour, ص/م or AM/PM) set to a 24-hour HH:mm. */
export async function fillClockTime(scope: Locator, time: string): Promise<void> {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  await scope.getByTestId('time-hours').pressSequentially(String(hours % 12 || 12).padStart(2, '0'));
  await scope.getByTestId('time-minutes').pressSequentially(String(minutes).padStart(2, '0'));
  await scope.getByTestId('time-ampm').selectOption({ index: hours < 12 ? 1 : 2 });
}

/** The bell of the main layout and its popup. */
export class Bell {
  readonly button: Locator;
  readonly popup: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.button = page.getByTestId('bell');
    this.popup = page.getByTestId('bell-popup');
  }

  /**
   * Clicks again when the popup did not come: once in CI (a slow run, just after the settings drawer closed and
   * while three live events re-rendered the layout) a click on the bell was lost. A person clicks again too.
   */
  async open(): Promise<void> {
    await expect(async () => {
      if (!(await this.popup.isVisible())) await this.button.click();
      await expect(this.popup).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
  }

  async tab(which: 'bigger' | 'waiting'): Promise<Locator> {
    await this.popup.getByTestId(`bell-tab-${which}`).click();
    return this.popup.getByRole('tabpanel');
  }
}
