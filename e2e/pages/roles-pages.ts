import { expect, type Locator, type Page } from '@playwright/test';
import type { T } from '../support/fixtures.ts';

export class RoleListPage {
  constructor(
    readonly page: Page,
    readonly t: T,
  ) {}

  async goto(): Promise<void> {
    await this.page.goto('/setting/role');
    await expect(this.page.getByRole('heading', { level: 1, name: this.t('roles.title') })).toBeVisible();
  }

  card(name: string): Locator {
    return this.page
      .getByTestId('role-card')
      .filter({ has: this.page.getByRole('heading', { name, exact: true }) });
  }

  async openMenu(name: string): Promise<void> {
    await this.card(name).getByTestId('role-menu').click();
  }

  async edit(name: string): Promise<void> {
    await this.openMenu(name);
    await this.page.getByRole('menuitem', { name: this.t('common.edit') }).click();
  }

  async show(name: string): Promise<void> {
    await this.openMenu(name);
    await this.page.getByRole('menuitem', { name: this.t('common.show') }).click();
  }

  async askDelete(name: string): Promise<Locator> {
    await this.openMenu(name);
    await this.page.getByRole('menuitem', { name: this.t('common.delete') }).click();
    const dialog = this.page.getByRole('dialog', { name: this.t('roles.confirmTitle') });
    await dialog.waitFor();
    return dialog;
  }
}

export class RoleFormPage {
  readonly name: Locator;
  readonly search: Locator;
  readonly checkAll: Locator;
  readonly submit: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.name = page.getByTestId('role-name');
    this.search = page.getByTestId('permission-search');
    this.checkAll = page.getByTestId('check-all');
    this.submit = page.getByTestId('role-submit');
  }

  permission(name: string): Locator {
    return this.page.locator(`input[data-testid="permission-checkbox"][data-permission="${name}"]`);
  }

  checkboxes(): Locator {
    return this.page.locator('input[data-testid="permission-checkbox"]');
  }
}
