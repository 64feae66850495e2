import type { Locator, Page } from '@playwright/test';
import type { Lang, T } from '../support/fixtures.ts';

/** The main layout and the settings drawer (the drawer also opens from the sign-in page). */
export class AppShell {
  readonly search: Locator;
  readonly sidePanel: Locator;
  readonly drawer: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.search = page.getByTestId('global-search');
    this.sidePanel = page.getByTestId('side-panel');
    this.drawer = page.getByRole('dialog', { name: t('settings.title') });
  }

  async openSettings(): Promise<void> {
    await this.page.getByTestId('settings-open').click();
    await this.drawer.waitFor();
  }

  async closeSettings(): Promise<void> {
    await this.drawer.getByTestId('settings-close').click();
    await this.drawer.waitFor({ state: 'hidden' });
  }

  async toggleDarkTheme(): Promise<void> {
    await this.drawer.getByRole('switch', { name: this.t('settings.darkTheme') }).click();
  }

  async chooseDirection(dir: 'rtl' | 'ltr'): Promise<void> {
    await this.drawer.getByText(this.t(`settings.${dir}`), { exact: true }).click();
  }

  async chooseLanguage(lang: Lang): Promise<void> {
    await this.drawer.getByTestId(`language-${lang}`).click();
  }

  async logout(): Promise<void> {
    await this.openSettings();
    await this.drawer.getByTestId('logout').click();
  }

  menuItem(route: string): Locator {
    return this.page.getByTestId(`menu-${route}`);
  }

  toast(text: string | RegExp): Locator {
    return this.page.getByTestId('toast').filter({ hasText: text });
  }

  async htmlAttribute(name: 'dir' | 'lang' | 'data-mantine-color-scheme'): Promise<string | null> {
    return this.page.evaluate((n) => document.documentElement.getAttribute(n), name);
  }
}
