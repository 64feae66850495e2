import type { Locator, Page } from '@playwright/test';
import type { T } from '../support/fixtures.ts';

export class UserListPage {
  readonly search: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.search = page.getByTestId('user-search');
  }

  async goto(): Promise<void> {
    await this.page.goto('/user');
    await this.page.getByTestId('user-table').waitFor();
  }

  row(email: string): Locator {
    return this.page.locator(`[data-testid="user-row"][data-user-email="${email}"]`);
  }
}

export class UserFormPage {
  constructor(
    readonly page: Page,
    readonly t: T,
  ) {}

  field(name: 'name' | 'email' | 'username' | 'password' | 'password_confirmation'): Locator {
    return this.page.getByTestId(`user-${name}`);
  }

  role(name: string): Locator {
    return this.page.getByRole('checkbox', { name, exact: true });
  }

  get submit(): Locator {
    return this.page.getByTestId('user-submit');
  }
}
