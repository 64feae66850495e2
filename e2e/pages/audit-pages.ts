import { expect, type Locator, type Page } from '@playwright/test';
import type { T } from '../support/fixtures.ts';

/** /audit: the audit trail with its filters. */
export class AuditPage {
  readonly rows: Locator;
  readonly count: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.rows = page.getByTestId('audit-row');
    this.count = page.getByTestId('audit-count');
  }

  async expectOpen(): Promise<void> {
    await expect(this.page).toHaveURL(/\/audit(\?|$)/);
    await expect(this.page.getByRole('heading', { level: 1, name: this.t('audit.title') })).toBeVisible();
  }

  /** Types into the patient typeahead and picks the patient. */
  async filterByPatient(name: string): Promise<void> {
    await this.page.getByTestId('audit-patient-filter').fill(name);
    await this.page.getByTestId('patient-option').filter({ hasText: name }).first().click();
    await expect(this.page).toHaveURL(/[?&]patientId=\d+/);
  }

  async filterByAction(action: string): Promise<void> {
    await this.page.getByTestId('audit-action-filter').click();
    await this.page.getByRole('option', { name: this.t(`audit.actions.${action}`), exact: true }).click();
    await expect(this.page).toHaveURL(new RegExp(`[?&]action=${action.replace(/\./g, '\\.')}`));
  }
}

/** The patient file's "who opened this file" card. */
export class WhoOpenedCard {
  readonly card: Locator;
  readonly rows: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.card = page.getByTestId('who-opened');
    this.rows = this.card.getByTestId('who-opened-row');
  }
}
