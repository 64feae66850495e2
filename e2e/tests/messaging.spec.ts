import path from 'node:path';
import type { Locator } from '@playwright/test';
import { Api, arabicWord, expect, handSession, iraqiMobile, test, type Lang } from '../support/fixtures.ts';
import { deliveredTo, FAKE_BOT_USERNAME } from '../support/fake-telegram.ts';
import { ROOT, startServer } from '../support/server.ts';
import { AppShell } from '../pages/app-shell.ts';
import { MessagingSettingsPage, TelegramCard, TelegramLinkDialog } from '../pages/messaging-pages.ts';

const TEXTS: Record<Lang, { header: string; message: string }> = {
  ar: { header: 'تذكير', message: 'نرجو إحضار نظارتكم القديمة في الزيارة القادمة' },
  en: { header: 'Reminder', message: 'Please bring your old glasses to your next visit' },
};

/** A Telegram user ID no other test uses (both language projects share the server and its fake Bot API). */
const telegramIdFor = (lang: Lang) =>
  7_000_000_000 + (lang === 'ar' ? 0 : 1) * 1_000_000 + (Date.now() % 1_000_000);

/** A part of the page (a card below the fold) as a screenshot of its own. */
const shotOf = (target: Locator, lang: Lang, name: string) =>
  target.screenshot({ path: path.join(ROOT, 'e2e/screenshots', `${lang}-${name}.png`) });

test.describe('Telegram messages', () => {
  test('an admin links a patient in the popup (digits only), sends a reminder from the board, and sees it sent', async ({
    page,
    t,
    lang,
    api,
    signIn,
    shot,
    axe,
  }) => {
    const admin = await signIn();
    const name = `${arabicWord()} ${arabicWord()}`;
    const patient = await api.createPatient(admin.token, { name, phone: iraqiMobile() });
    const visit = await api.queue(admin.token, patient.id);
    const telegramId = telegramIdFor(lang);
    const texts = TEXTS[lang];

    // The board: not linked yet; the patient's own t.me link with its QR code.
    const card = new TelegramCard(page, t);
    await card.goto(patient.id, visit.id);
    await expect(card.notLinked).toBeVisible();
    await expect(card.sendOpen).toHaveCount(0);
    await card.selfLink.click();
    await expect(card.qr).toBeVisible();
    await expect(card.selfLinkUrl).toHaveAttribute(
      'href',
      new RegExp(`^https://t\\.me/${FAKE_BOT_USERNAME}\\?start=\\S+$`),
    );
    await shotOf(card.card, lang, 'board-telegram-unlinked');

    // The popup from the settings drawer: the patient by name, then the ID.
    const popup = new TelegramLinkDialog(page, t);
    await popup.openFromSettings();
    await popup.choosePatient(name.slice(0, 4), name);
    await expect(popup.current.getByTestId('telegram-link-none')).toHaveText(t('messaging.link.none'));
    // A letter cannot be typed: the box keeps the digits and says why.
    await popup.telegramId.pressSequentially('12a');
    await expect(popup.telegramId).toHaveValue('12');
    await expect(popup.dialog).toContainText(t('messaging.link.digitsOnly'));
    await popup.telegramId.fill(`${telegramId}x`);
    await expect(popup.telegramId).toHaveValue(String(telegramId));
    await popup.save.click();
    await expect(new AppShell(page, t).toast(t('messaging.link.saved', { name }))).toBeVisible();
    await expect(popup.current.getByTestId('telegram-id')).toHaveText(String(telegramId));
    await expect(popup.telegramId).toHaveValue('');
    await shot('telegram-link');
    await popup.close();

    // Back on the board (no reload): linked; a message with the clinic's default footer.
    await expect(card.linked.getByTestId('telegram-id')).toHaveText(String(telegramId));
    await card.send({ header: texts.header, message: texts.message }, () => shot('telegram-send'));
    await expect(new AppShell(page, t).toast(t('messaging.send.queued'))).toBeVisible();
    const row = card.row(texts.message);
    // Refreshed by itself while it waits: the worker sends within a second.
    await expect(card.status(row)).toHaveAttribute('data-status', 'sent');
    await expect(card.status(row)).toHaveText(t('messaging.status.sent'));
    await expect(row.getByTestId('telegram-message-attempts')).toHaveAttribute('data-attempts', '1');
    await shotOf(card.card, lang, 'board-telegram-sent');
    expect(await axe()).toEqual([]);

    // What the patient received: header, message, and the default footer (the clinic's greeting).
    await expect.poll(async () => (await deliveredTo(telegramId)).length).toBe(1);
    const [received] = await deliveredTo(telegramId);
    const parts = received!.text.split('\n\n');
    expect(parts[0]).toBe(texts.header);
    expect(parts[1]).toBe(texts.message);
    expect(parts[2]?.trim()).not.toBe('');
  });

  test('an admin sets the clinic phone and reminder time; a server without a bot says so on the board', async ({
    page,
    t,
    lang,
    shot,
  }) => {
    // A server of its own, without TELEGRAM_BOT_TOKEN (and settings no parallel test reads).
    const own = await startServer();
    try {
      const api = new Api(own.baseURL);
      const admin = await api.admin();
      await handSession(page, admin);
      const phone = '+964 770 123 4567';

      await page.goto(`${own.baseURL}/user/portal`);
      const settings = new MessagingSettingsPage(page, t);
      await settings.openFromSettings();
      await expect(page.getByTestId('messaging-settings-not-configured')).toBeVisible();
      await settings.phone.fill(phone);
      await settings.setReminderTime('18:30');
      await shot('messaging-settings');
      await settings.submit.click();
      await expect(new AppShell(page, t).toast(t('messaging.settings.saved'))).toBeVisible();
      const saved = await api.call<{ data: { phone: string; reminderTime: string } }>(
        'GET',
        'organization',
        admin.token,
      );
      expect(saved.data).toMatchObject({ phone, reminderTime: '18:30' });
      await page.reload();
      await expect(settings.phone).toHaveValue(phone);

      // The board: said plainly, and nothing to send with.
      const patient = await api.createPatient(admin.token, { name: arabicWord(), phone: iraqiMobile() });
      const visit = await api.queue(admin.token, patient.id);
      const card = new TelegramCard(page, t);
      await card.goto(patient.id, visit.id, own.baseURL);
      await expect(card.notConfigured).toHaveText(t('messaging.card.notConfigured'));
      // Staff are told whom to ask, not the server's variable (issue 50).
      await expect(card.notConfigured).not.toContainText('TELEGRAM_BOT_TOKEN');
      await expect(card.sendOpen).toHaveCount(0);
      await expect(card.selfLink).toHaveCount(0);
      await shotOf(card.card, lang, 'board-telegram-not-configured');
    } finally {
      await own.stop();
    }
  });
});
