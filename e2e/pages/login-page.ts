import type { Locator, Page } from '@playwright/test';
import type { T } from '../support/fixtures.ts';

export class LoginPage {
  readonly identifier: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly showPassword: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.identifier = page.locator('input[name="email"]');
    this.password = page.locator('input[name="password"]');
    this.submit = page.getByRole('button', { name: t('auth.signIn'), exact: true });
    this.error = page.getByTestId('login-error');
    this.showPassword = page.getByLabel(t('auth.showPassword'));
  }

  async goto(): Promise<void> {
    await this.page.goto('/login');
    await this.identifier.waitFor();
  }

  async signIn(identifier: string, password: string): Promise<void> {
    await this.identifier.fill(identifier);
    await this.password.fill(password);
    await this.submit.click();
  }
}

export class PasswordChangeForm {
  constructor(
    readonly page: Page,
    readonly t: T,
  ) {}

  get form(): Locator {
    return this.page.getByTestId('password-change');
  }

  async change(current: string, next: string): Promise<void> {
    await this.form.getByRole('textbox', { name: this.t('auth.currentPassword'), exact: true }).fill(current);
    await this.form.getByRole('textbox', { name: this.t('auth.newPassword'), exact: true }).fill(next);
    await this.form.getByRole('textbox', { name: this.t('auth.confirmPassword'), exact: true }).fill(next);
    await this.page.getByTestId('password-change-submit').click();
  }
}
