import { expect, type Locator, type Page } from '@playwright/test';
import type { T } from '../support/fixtures.ts';
import { AppShell } from './app-shell.ts';
import { fillClockTime } from './queue-pages.ts';

/** The messaging verification popup: a patient, their numeric Telegram ID, Save; the patient's current link. */
export class TelegramLinkDialog {
  readonly dialog: Locator;
  readonly patient: Locator;
  readonly telegramId: Locator;
  readonly save: Locator;
  readonly current: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.dialog = page.getByRole('dialog', { name: t('messaging.link.title') });
    this.patient = this.dialog.getByTestId('telegram-link-patient');
    this.telegramId = this.dialog.getByTestId('telegram-link-id');
    this.save = this.dialog.getByTestId('telegram-link-save');
    this.current = this.dialog.getByTestId('telegram-link-current');
  }

  /** From the settings drawer (holders of `send message`). */
  async openFromSettings(): Promise<void> {
    const shell = new AppShell(this.page, this.t);
    await shell.openSettings();
    await shell.drawer.getByTestId('settings-telegram-link').click();
    await expect(this.dialog).toBeVisible();
  }

  /** Types part of the name (the typeahead starts at 2 characters) and picks the patient from the results. */
  async choosePatient(search: string, name: string): Promise<void> {
    await this.patient.fill(search);
    await this.page.getByTestId('patient-option').filter({ hasText: name }).click();
    await expect(this.patient).toHaveValue(name);
  }

  async close(): Promise<void> {
    await this.dialog.getByTestId('telegram-link-close').click();
    await expect(this.dialog).toBeHidden();
  }
}

/** The Telegram card on a patient's board. */
export class TelegramCard {
  readonly card: Locator;
  readonly notLinked: Locator;
  readonly linked: Locator;
  readonly notConfigured: Locator;
  readonly sendOpen: Locator;
  readonly selfLink: Locator;
  readonly selfLinkUrl: Locator;
  readonly qr: Locator;
  readonly rows: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.card = page.getByTestId('telegram-card');
    this.notLinked = this.card.getByTestId('telegram-not-linked');
    this.linked = this.card.getByTestId('telegram-linked');
    this.notConfigured = this.card.getByTestId('telegram-not-configured');
    this.sendOpen = this.card.getByTestId('telegram-send-open');
    this.selfLink = this.card.getByTestId('telegram-self-link');
    this.selfLinkUrl = this.card.getByTestId('telegram-self-link-url');
    this.qr = this.card.getByTestId('telegram-qr');
    this.rows = this.card.getByTestId('telegram-message-row');
  }

  async goto(patientId: number, queueId: number, base = ''): Promise<void> {
    await this.page.goto(`${base}/boards/${patientId}/${queueId}`);
    await expect(this.card).toBeVisible();
  }

  /** Writes and sends a message; an empty footer is the clinic's default one. */
  async send(
    message: { header?: string; message: string; footer?: string },
    beforeSubmit?: () => Promise<void>,
  ): Promise<void> {
    await this.sendOpen.click();
    const dialog = this.page.getByRole('dialog', { name: this.t('messaging.send.title') });
    await expect(dialog).toBeVisible();
    if (message.header) await dialog.getByTestId('telegram-send-header').fill(message.header);
    await dialog.getByTestId('telegram-send-message').fill(message.message);
    if (message.footer) await dialog.getByTestId('telegram-send-footer').fill(message.footer);
    await beforeSubmit?.();
    await dialog.getByTestId('telegram-send-submit').click();
    await expect(dialog).toBeHidden();
  }

  row(text: string): Locator {
    return this.rows.filter({ has: this.page.getByTestId('telegram-message-text').getByText(text) });
  }

  status(row: Locator): Locator {
    return row.getByTestId('telegram-message-status');
  }
}

/** /setting/messaging (Administrator): the clinic's name and phone in messages, and the reminder time. */
export class MessagingSettingsPage {
  readonly heading: Locator;
  readonly name: Locator;
  readonly phone: Locator;
  readonly reminderTime: Locator;
  readonly submit: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: t('messaging.settings.title') });
    this.name = page.getByTestId('messaging-settings-name');
    this.phone = page.getByTestId('messaging-settings-phone');
    this.reminderTime = page.getByTestId('messaging-settings-reminder-time');
    this.submit = page.getByTestId('messaging-settings-submit');
  }

  async openFromSettings(): Promise<void> {
    const shell = new AppShell(this.page, this.t);
    await shell.openSettings();
    await shell.drawer.getByTestId('settings-messaging').click();
    await expect(this.page).toHaveURL(/\/setting\/messaging$/);
    await expect(this.heading).toBeVisible();
  }

  /**
   * Sets the reminder time on the 12-hour input (ص/م or AM/PM) from a 24-hour HH:mm. The input holds the saved
   * time: a digit typed into a full field moves on to the next one, so each field is emptied first.
   */
  async setReminderTime(time: string): Promise<void> {
    const form = this.page.locator('form');
    for (const field of ['time-hours', 'time-minutes']) {
      const input = form.getByTestId(field);
      await input.click();
      await input.press('Backspace');
      await input.press('Backspace');
    }
    await fillClockTime(form, time);
  }
}
